// Suppression patterns of a record in a code matrix ([column][record], kSuppressedCell for '*'):
// the mask of its '*' columns, its codes on the columns outside a mask as a hash key, and the
// records grouped by identical codes ('*' a value of its own), as the suppression programs' tuples.
#pragma once

#include "veil/anonymity/local_suppression.h"

#include <cstdint>
#include <string>
#include <unordered_map>
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

// Records with exactly the same codes ('*' included), in order of their first record.
inline std::vector<std::vector<std::size_t>> identicalRecords(const CodeColumns& cols) {
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::vector<std::size_t>> groups;
    const std::size_t n = cols.empty() ? 0 : cols[0].size();
    for (std::size_t r = 0; r < n; ++r) {
        auto [it, inserted] = index.try_emplace(projectionKey(cols, r, 0), groups.size());
        if (inserted) groups.emplace_back();
        groups[it->second].push_back(r);
    }
    return groups;
}

// The suppression programs enumerate every subset of a tuple's kept cells: at most this many.
inline constexpr std::size_t kMaxPatternColumns = 20;

// A group of identical records: their '*' columns and their other (kept) columns.
struct Tuple {
    std::vector<std::size_t> records;
    std::uint64_t mask = 0;         // its '*' columns before suppression
    std::vector<std::size_t> kept;  // its other columns
};

// identicalRecords() as tuples, in order of their first record.
inline std::vector<Tuple> distinctTuples(const CodeColumns& cols) {
    std::vector<Tuple> tuples;
    for (auto& records : identicalRecords(cols)) {
        Tuple t;
        t.mask = suppressionMask(cols, records.front());
        for (std::size_t c = 0; c < cols.size(); ++c)
            if (!(t.mask & columnBit(c))) t.kept.push_back(c);
        t.records = std::move(records);
        tuples.push_back(std::move(t));
    }
    return tuples;
}

}  // namespace veil::anonymity::detail
