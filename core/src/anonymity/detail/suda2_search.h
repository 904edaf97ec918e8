// SUDA2's recursive search for minimal sample uniques (Manning, Haglin & Keane, "A recursive search
// algorithm for statistical disclosure assessment", Data Mining and Knowledge Discovery 16, 2008).
// An item is an (attribute, value) pair; an MSU is a set of items that exactly one record holds
// and of which no proper subset is unique. Since the record fixes the values, an MSU is reported
// as (row, mask of its attributes).
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace veil::anonymity::detail {

// Code of a missing value: never part of an MSU (sdcMicro's suda2 drops the items of its missing code).
inline constexpr std::uint32_t kSudaMissing = 0xffffffffu;

// The table the search runs on: distinct rows only. A row that stands for two or more identical
// records has weight 2 (a third copy changes no support that matters: sdcMicro drops it too).
struct SudaRows {
    std::size_t columns = 0;                 // at most 64
    std::vector<std::uint32_t> codes;        // row-major: codes[r * columns + c]; kSudaMissing or < cardinality[c]
    std::vector<std::uint8_t> weight;        // per row: 1 or 2
    std::vector<std::uint32_t> cardinality;  // per column

    std::size_t rowCount() const { return weight.size(); }
};

// Calls onMsu(row, mask) once for every MSU of at most maxSize attributes (row: its record; mask:
// bit c for attribute c). Reports progress and polls cancellation (Status::cancelled()).
// Complexity: exponential in maxSize in the worst case; SUDA2's pruning (support, remaining items,
// maxSize) keeps adult's 8 attributes under a second.
Status findMinimalSampleUniques(const SudaRows& rows, std::size_t maxSize,
                                const std::function<void(std::uint32_t row, std::uint64_t mask)>& onMsu,
                                const RunContext& ctx);

}  // namespace veil::anonymity::detail
