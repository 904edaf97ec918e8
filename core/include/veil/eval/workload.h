// Workloads of linear counting queries over a histogram: 1-D ranges [lo, hi] and 2-D rectangles
// [row_lo, row_hi, col_lo, col_hi], 0-based with inclusive bounds, as in DPBench
// (Hay et al., SIGMOD 2016; dpcomp_core/workload.py: Prefix1D, RandomRange, Identity).
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"
#include "veil/dp/range_workload.h"
#include "veil/eval/histogram.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace veil::eval {

// One range query. For 1-D queries rowLo = rowHi = 0 and the range is [colLo, colHi].
struct RangeQuery {
    std::size_t rowLo = 0, rowHi = 0;
    std::size_t colLo = 0, colHi = 0;
    bool operator==(const RangeQuery&) const = default;
};

struct Workload {
    bool twoDimensional = false;
    std::vector<RangeQuery> queries;
    std::string name;  // "prefix", "random-ranges (2000, seed 9001)", a file name, ...
    std::size_t size() const { return queries.size(); }
};

// Parses a JSON array of ranges: [[lo, hi], ...] (1-D) or [[row_lo, row_hi, col_lo, col_hi], ...]
// (2-D) against a domain of `rows` x `columns` cells (rows = 1 for 1-D). Errors name the query
// index: not an array of 2 / 4 non-negative integers, shapes mixed, lo > hi, out of the domain,
// 2-D ranges on a 1-D histogram or the reverse, an empty list. Also accepts an object whose
// "queries" array holds such ranges or DPComp's range objects {"lb": [..], "ub": [..], "wgt": 1}
// (inclusive corners, axis 0 = rows; other weights are refused).
Result<Workload> parseWorkloadJson(const nlohmann::json& ranges, const HistogramData& domain);
// Reads a JSON file holding such an array; errors are prefixed with the file name.
Result<Workload> readWorkloadFile(const std::string& path, const HistogramData& domain);
// The queries as JSON ranges (the inverse of parseWorkloadJson).
nlohmann::json workloadToJson(const Workload& workload);
// A domain of `rows` x `columns` cells without counts, to parse a workload against when only the
// (declared, public) shape is known: a 1-D histogram of `columns` bins when !twoDimensional.
HistogramData workloadDomain(std::size_t rows, std::size_t columns, bool twoDimensional);
// The queries as the dp engine's ranges over the bins (1-D) or rectangles of cells (2-D).
std::vector<dp::RangeQuery> toRangeQueries(const Workload& workload);
std::vector<dp::RectangleQuery> toRectangleQueries(const Workload& workload);

// All prefixes [0, i] (1-D), or all rectangles anchored at the origin [0, r, 0, c] (2-D).
Workload prefixWorkload(const HistogramData& domain);
// One query per cell.
Workload identityWorkload(const HistogramData& domain);
// `count` random ranges as DPBench's RandomRange with no shape list: each side length uniform in
// 1..domain side, then a uniform position where it fits. The workload is public; rng may be
// seeded (DPBench's default seed is 9001; the ranges differ from NumPy's, as the generators do).
// Errors: count == 0 or above 10^7.
Result<Workload> randomRangeWorkload(const HistogramData& domain, std::size_t count, RandomSource& rng);

// Exact answers of every query on a histogram of the same shape (prefix sums: O(cells + queries)).
std::vector<double> answerWorkload(const Workload& workload, const HistogramData& data);
// The same for an estimated histogram given as row-major values of data's shape.
std::vector<double> answerWorkload(const Workload& workload, const std::vector<double>& values, std::size_t rows,
                                   std::size_t columns);

}  // namespace veil::eval
