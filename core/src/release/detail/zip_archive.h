// A zip archive built in memory with libzip, so that a zip bundle is written like any other file
// (writeFileAtomically: temporary file, fsync, rename).
#pragma once

#include "veil/common/status.h"

#include <string>
#include <utility>
#include <vector>

namespace veil::release::detail {

struct ZipEntry {
    std::string name;      // path inside the archive, e.g. "manifest.json"
    std::string contents;  // bytes (stored deflated)
};

// The bytes of a zip archive holding `entries` in order. Errors: libzip's (named).
Result<std::string> buildZipArchive(const std::vector<ZipEntry>& entries);

}  // namespace veil::release::detail
