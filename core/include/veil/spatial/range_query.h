// Range-count query workloads and their error (Cormode et al., ICDE 2012, Sec. 6: random
// rectangles of several sizes, relative error with a sanity bound; DPBench, Hay et al. SIGMOD
// 2016, dpcomp_core/metric.py: scaled error = ||diff||_1 / q / N).
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"
#include "veil/dp/range_workload.h"
#include "veil/spatial/decomposition.h"
#include "veil/spatial/point_set.h"

#include <vector>

namespace veil::spatial {

// Side lengths as a share of the domain's: small [1%, 5%], medium [5%, 25%], large [25%, 75%].
enum class QuerySize { Small, Medium, Large, Mixed };

const char* querySizeName(QuerySize s);  // "small", "medium", "large", "mixed"

struct RangeWorkload {
    std::vector<Rect> queries;
    std::vector<QuerySize> sizes;  // the class of each query (Mixed draws equal thirds)
};

// `count` random rectangles inside `domain` (uniform width, height and position within the class).
// Not a release: the workload is public; any RandomSource (seeded for repeatable comparisons).
Result<RangeWorkload> randomRangeWorkload(const Rect& domain, std::size_t count, QuerySize size, RandomSource& rng);

// The public evaluation workload of the CLI and the Spatial view (teaching mode): `count`
// rectangles of one class, or for Mixed a third of each class (small, medium, large, in that
// order), drawn from the fixed public seed kEvaluationWorkloadSeed so that every run, in both
// faces, is measured on the same queries.
inline constexpr std::uint64_t kEvaluationWorkloadSeed = 20120401;
Result<RangeWorkload> evaluationWorkload(const Rect& domain, std::size_t count, QuerySize size);

// Exact answers for many rectangles at once (offline sweep over x with a Fenwick tree over y
// ranks: O((n + q) log n)). NOT private.
std::vector<double> exactRangeCounts(const PointSet& points, const std::vector<Rect>& queries);

// Private answers (PrivateSpatialDecomposition::privateRangeCount for each).
std::vector<double> privateRangeCounts(const PrivateSpatialDecomposition& psd, const std::vector<Rect>& queries);

// The rectangles of queries given as data-cell indices over a public grid of `columns` x `rows`
// data cells covering `domain`: cell (row r, column c) is x in [x0 + c w / columns, x0 + (c + 1) w /
// columns), y likewise (row 0 at y0), the edges computed as the grids compute theirs, so that a
// query along data cells is along an aligned grid's blocks. The queries must lie in the grid.
std::vector<Rect> cellRectangles(const Rect& domain, std::size_t columns, std::size_t rows,
                                 const std::vector<dp::RectangleQuery>& queries);

// Every query's answer from a decomposition (privateRangeCounts) and, only when it kept its truths
// (teaching mode: !psd.truthsStripped), the exact counts of `points` (exactRangeCounts).
struct QueryAnswers {
    std::vector<double> answers;  // private
    std::vector<double> truth;    // NOT private: empty in release mode
};
QueryAnswers answerQueries(const PrivateSpatialDecomposition& psd, const PointSet& points,
                           const std::vector<Rect>& queries);

struct QueryErrorSummary {
    std::size_t queries = 0;
    double medianRelative = 0.0;  // median of |q - q^| / max(q, 0.001 N)
    double meanRelative = 0.0;
    double p90Relative = 0.0;
    double scaledL1 = 0.0;  // sum |q - q^| / queries / N (DPBench)
    double scaledL2 = 0.0;  // sqrt(sum (q - q^)^2) / queries / N (DPBench)
    double maxAbsolute = 0.0;
    double medianRelativeBySize[3] = {0.0, 0.0, 0.0};  // small, medium, large (0 when none)
};

// Errors of `estimates` against `truth` for a data set of n points. Sizes may be empty.
QueryErrorSummary summarizeQueryError(const std::vector<double>& truth, const std::vector<double>& estimates, double n,
                                      const std::vector<QuerySize>& sizes = {});

// Everything a view's error chart needs for one decomposition and workload: exact answers,
// private answers and their summary. O((n + q) log n + q * nodes visited).
struct WorkloadEvaluation {
    std::vector<double> truth;    // NOT private
    std::vector<double> answers;  // private
    QueryErrorSummary summary;
};
WorkloadEvaluation evaluateWorkload(const PointSet& points, const PrivateSpatialDecomposition& psd,
                                    const RangeWorkload& workload);

// One rectangle asked interactively: true vs private answer and its relative error.
struct RangeAnswer {
    double trueCount = 0.0;  // NOT private
    double privateCount = 0.0;
    double relativeError = 0.0;  // |true - private| / max(true, 0.001 N)
};
RangeAnswer answerRangeQuery(const PrivateSpatialDecomposition& psd, const Rect& query);

}  // namespace veil::spatial
