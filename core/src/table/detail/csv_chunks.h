// Splitting a CSV body into chunks that start at record boundaries, so that the chunks can be
// tokenized on several threads. Quote-aware: the quote parity before each guessed cut is counted
// (in parallel), and the cut moves to the first line end outside quotes. The guess assumes RFC 4180
// quoting; the reader checks that each chunk's last record ends exactly where the next chunk begins
// and reads the file in one piece when it does not (stray quotes inside unquoted fields).
// (The two-pass quote-parity scheme, as described by Ge et al., "Speculative Distributed CSV Data
// Parsing for Big Data Analytics", SIGMOD 2019.)
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace veil::detail {

// Offsets [from = b0 < b1 < ... < bk = data.size()] of at most `parts` chunks of data[from, end).
// Chunks that would be empty are dropped; a single chunk when parts <= 1.
std::vector<std::size_t> splitAtRecords(std::string_view data, std::size_t from, std::size_t parts, int threads);

}  // namespace veil::detail
