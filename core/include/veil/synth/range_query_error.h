// Utility of a synthetic table on range counting queries: random conjunctions of one to three
// attribute ranges over the public domains (DPBench's RandomRange workload, Hay et al. SIGMOD 2016,
// taken to several attributes), answered as shares of the rows on the real and the synthetic
// table. TEACHING MODE ONLY, like marginal_distance.h: it reads the true data, so its figures are
// not private and never reach a bundle or the ledger.
#pragma once

#include "veil/common/random.h"
#include "veil/synth/discretization.h"

#include <cstddef>
#include <vector>

namespace veil::synth {

// One attribute's range: codes lower..upper (inclusive) of column `column`.
struct CodeRange {
    std::size_t column = 0;
    std::int32_t lower = 0, upper = 0;
};
using RangeQuery = std::vector<CodeRange>;  // a conjunction; distinct columns

// `count` queries: each picks 1..maxAttributes distinct columns uniformly, and on each column an
// interval [a, b] with a <= b drawn uniformly among all intervals of its declared codes (the
// "missing or other" code is left out: it is not an ordered value). Columns with no declared code
// are never picked. Errors: no column, maxAttributes 0.
Result<std::vector<RangeQuery>> randomRangeQueries(const std::vector<std::size_t>& declaredSizes, std::size_t count,
                                                   std::size_t maxAttributes, RandomSource& random);

// The share of `t`'s rows inside the query (0 for a table with no rows).
double rangeShare(const DiscreteTable& t, const RangeQuery& q);

struct RangeQueryError {
    std::size_t queries = 0;
    double meanAbsoluteError = 0.0;  // mean over queries of |share_real - share_synthetic|, in [0, 1]
    double maxAbsoluteError = 0.0;
};

// Errors: tables of different schema, a query naming a column outside them.
Result<RangeQueryError> teachingRangeQueryError(const DiscreteTable& real, const DiscreteTable& synthetic,
                                                const std::vector<RangeQuery>& queries);

}  // namespace veil::synth
