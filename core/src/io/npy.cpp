// NumPy .npy format v1.0-3.0 (numpy.lib.format documentation).
#include "veil/io/npy.h"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>

namespace veil {

namespace {

// The value of `key` in the header dict: a quoted string, a tuple or a bare word.
std::string_view headerField(std::string_view header, std::string_view key) {
    const auto k = header.find(std::string("'") + std::string(key) + "'");
    if (k == std::string_view::npos) return {};
    auto start = header.find(':', k);
    if (start == std::string_view::npos) return {};
    ++start;
    while (start < header.size() && header[start] == ' ') ++start;
    if (start >= header.size()) return {};
    const auto end = header[start] == '(' ? header.find(')', start) : header.find_first_of(",}", start);
    if (end == std::string_view::npos) return {};
    return header.substr(start, end - start + (header[start] == '(' ? 1 : 0));
}

Result<std::vector<std::size_t>> parseShape(std::string_view text, const std::string& name) {
    std::vector<std::size_t> dims;
    if (text.size() < 2 || text.front() != '(' || text.back() != ')')
        return Status::parseError(name + ": the .npy header has no shape tuple");
    std::size_t i = 1;
    while (i + 1 < text.size()) {
        while (i + 1 < text.size() && (text[i] == ' ' || text[i] == ',')) ++i;
        if (i + 1 >= text.size()) break;
        std::size_t v = 0;
        const auto r = std::from_chars(text.data() + i, text.data() + text.size() - 1, v);
        if (r.ec != std::errc())
            return Status::parseError(name + ": the .npy shape " + std::string(text) + " is not a tuple of sizes");
        dims.push_back(v);
        i = std::size_t(r.ptr - text.data());
    }
    return dims;
}

}  // namespace

Result<NpyArray> parseNpy(std::string_view d, const std::string& name, std::size_t maxValues) {
    if (d.size() < 10 || std::memcmp(d.data(), "\x93NUMPY", 6) != 0)
        return Status::parseError(name + ": not a NumPy .npy file (bad magic)");
    const int major = static_cast<unsigned char>(d[6]);
    std::size_t headerLen = 0, offset = 0;
    if (major == 1) {
        headerLen = static_cast<unsigned char>(d[8]) | (std::size_t(static_cast<unsigned char>(d[9])) << 8);
        offset = 10;
    } else if (major == 2 || major == 3) {
        if (d.size() < 12) return Status::parseError(name + ": truncated .npy header");
        for (int i = 0; i < 4; ++i) headerLen |= std::size_t(static_cast<unsigned char>(d[8 + i])) << (8 * i);
        offset = 12;
    } else {
        return Status::unsupported(name + ": .npy version " + std::to_string(major) + " is not supported");
    }
    if (headerLen > d.size() - offset)
        return Status::parseError(name + ": the .npy header runs past the end of the file");
    const std::string_view header = d.substr(offset, headerLen);
    const std::string_view descr = headerField(header, "descr");
    if (headerField(header, "fortran_order").find("True") != std::string_view::npos)
        return Status::unsupported(name + ": Fortran-order arrays are not supported");
    auto shape = parseShape(headerField(header, "shape"), name);
    if (!shape) return shape.status();
    if (shape->empty() || shape->size() > 4)
        return Status::parseError(name + ": expected an array of 1 to 4 dimensions");
    std::size_t count = 1;
    for (std::size_t s : *shape) {
        if (s == 0) return Status::parseError(name + ": the array has an empty dimension");
        if (count > maxValues / s)
            return Status::invalidArgument(name + ": the array holds more than " + std::to_string(maxValues) +
                                           " values");
        count *= s;
    }
    std::size_t width = 0;
    if (descr == "'<i8'" || descr == "'<f8'")
        width = 8;
    else if (descr == "'<i4'" || descr == "'<f4'")
        width = 4;
    else
        return Status::unsupported(name + ": dtype " + std::string(descr) +
                                   " is not supported (use <i8, <i4, <f8 or <f4)");
    const std::size_t dataStart = offset + headerLen;
    if ((d.size() - dataStart) / width < count)
        return Status::parseError(name + ": the file holds fewer than the " + std::to_string(count) +
                                  " values its header declares");
    NpyArray out;
    out.shape = std::move(*shape);
    out.values.resize(count);
    const char* p = d.data() + dataStart;
    for (std::size_t i = 0; i < count; ++i, p += width) {
        if (descr == "'<i8'") {
            std::int64_t v;
            std::memcpy(&v, p, 8);
            out.values[i] = double(v);
        } else if (descr == "'<f8'") {
            std::memcpy(&out.values[i], p, 8);
        } else if (descr == "'<i4'") {
            std::int32_t v;
            std::memcpy(&v, p, 4);
            out.values[i] = double(v);
        } else {
            float v;
            std::memcpy(&v, p, 4);
            out.values[i] = double(v);
        }
    }
    return out;
}

}  // namespace veil
