// Microaggregation by MDAV (maximum distance to average vector): numeric records are partitioned
// into groups of at least k close records, and each record is replaced by its group's mean, so the
// released numeric values are k-anonymous. Distances are Euclidean on the columns standardised by
// their standard deviation (sdcMicro's default); information loss is SSE/SST, the within-group sum
// of squares over the total sum of squares of the standardised columns (0 = nothing lost).
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace veil::anonymity {

struct Microaggregation {
    std::vector<std::vector<std::size_t>> groups;  // record indices per group, in the order MDAV formed them
    std::vector<std::uint32_t> recordGroup;        // group per record
    std::vector<std::vector<double>> groupMeans;   // [group][column], in the columns' own units
    double sse = 0;                                // within-group sum of squares (standardised columns)
    double sst = 0;                                // total sum of squares (standardised columns)

    // SSE/SST in [0, 1]; 0 when every column is constant (nothing to lose).
    double sseOverSst() const { return sst > 0 ? sse / sst : 0.0; }
};

// MDAV (Domingo-Ferrer & Mateo-Sanz, IEEE TKDE 2002; as generalised in Domingo-Ferrer & Torra,
// DMKD 2005): while at least 3k records remain, take the record r farthest from the centroid of
// the remaining records and the record s farthest from r, and form a group of r and its k-1 nearest
// records, then one of s and its k-1 nearest among those left; with 2k..3k-1 left, form one group
// around the record farthest from the centroid and put the rest (k..2k-1) in a last group; with
// fewer than 2k left, they form the last group. Every group therefore has k records except the last,
// which has k..2k-1. Ties (equal distances) go to the record that comes first in the input.
// `columns[j][i]` is the value of column j for record i; a constant column (standard deviation 0)
// does not contribute to distances nor to SSE/SST.
// Errors: no column, columns of different lengths, no record, k < 1, k larger than the number of
// records, a value that is not finite, cancellation.
// Complexity: O(n^2 p / k) time for n records and p columns, O(n p) memory.
Result<Microaggregation> mdav(const std::vector<std::vector<double>>& columns, std::size_t k,
                              const RunContext& ctx = {});

}  // namespace veil::anonymity
