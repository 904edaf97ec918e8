// Shared by the libFuzzer targets (one per reader): any bytes must give a result or a clean error
// (non-empty message naming the input), never a crash, a hang or a sanitizer report.
#pragma once

#include "veil/common/status.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <unistd.h>

namespace veil::fuzz {

inline std::string_view bytes(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// An error must say something, and name the input it is about.
inline void checkError(const Status& s, std::string_view name) {
    if (s.isOk()) return;
    if (s.message().empty() || s.message().find(name) == std::string::npos) {
        std::fprintf(stderr, "unclear error: '%s'\n", s.message().c_str());
        std::abort();
    }
}

// For readers that take a path: the input written to a file of this process's own.
inline std::string writeTemp(std::string_view contents, const char* suffix) {
    const std::string path = "/tmp/veil-fuzz-" + std::to_string(::getpid()) + suffix;
    if (FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(contents.data(), 1, contents.size(), f);
        std::fclose(f);
    }
    return path;
}

}  // namespace veil::fuzz
