// Counting distinct values of a numeric column fast: a bitmap over [min, max] when the range is
// small (ages, ZIP codes, dates, dense ids), otherwise an open-addressing hash set of 64-bit keys
// with linear probing and Fibonacci hashing (Knuth, TAOCP vol. 3, 6.4). Missing rows are skipped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace veil::detail {

// `missing` is empty (nothing missing) or one byte per row, non-zero when missing.
std::size_t countDistinctIntegers(const std::vector<std::int64_t>& values, const std::vector<std::uint8_t>& missing);
std::size_t countDistinctDates(const std::vector<std::int32_t>& values, const std::vector<std::uint8_t>& missing);
// Reals by value: -0.0 and 0.0 are one value.
std::size_t countDistinctReals(const std::vector<double>& values, const std::vector<std::uint8_t>& missing);

}  // namespace veil::detail
