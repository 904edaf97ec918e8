// Suppression patterns of a record in a code matrix ([column][record], kSuppressedCell for '*'):
// the mask of its '*' columns and its codes on the columns outside a mask, as a hash key.
#pragma once

#include "veil/anonymity/local_suppression.h"

#include <cstdint>
#include <string>
#include <vector>

namespace veil::anonymity::detail {

using CodeColumns = std::vector<std::vector<std::uint32_t>>;

inline constexpr std::uint64_t columnBit(std::size_t c) { return std::uint64_t(1) << c; }

// Bit c set when record r's cell in column c is '*'.
inline std::uint64_t suppressionMask(const CodeColumns& cols, std::size_t r) {
    std::uint64_t m = 0;
    for (std::size_t c = 0; c < cols.size(); ++c)
        if (cols[c][r] == kSuppressedCell) m |= columnBit(c);
    return m;
}

// Record r's codes on the columns not in `hidden`, as bytes.
inline std::string projectionKey(const CodeColumns& cols, std::size_t r, std::uint64_t hidden) {
    std::string key;
    key.reserve(cols.size() * sizeof(std::uint32_t));
    for (std::size_t c = 0; c < cols.size(); ++c) {
        if (hidden & columnBit(c)) continue;
        const auto v = cols[c][r];
        key.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    return key;
}

}  // namespace veil::anonymity::detail
