// Releasing count, sum, mean and histogram queries from their EXACT, contribution-bounded
// aggregates computed elsewhere - typically by a SQL engine running the script of
// `veil-cli plan-sql` on data too large for one machine. The noise is added here, with the same
// validation, sensitivities, samplers and post-processing as releaseColumnQuery (which computes
// the aggregates itself and then calls the same code), through the same ReleaseGate. The outputs' domain - labels and
// numeric bin edges - depends on the query spec only, never on the data: a bin's presence would leak.
#pragma once

#include "veil/common/limits.h"

#include "veil/common/run_context.h"
#include "veil/dp/column_query.h"

#include <string>
#include <vector>

namespace veil::dp {

inline constexpr std::size_t kMaxHistogramBins = limits::kMaxHistogramBins;  // bins or categories of one histogram

// Numeric histogram bins: the spec's explicit edges, or `binCount` (declared, 1..kMaxHistogramBins)
// equal-width bins in [lower, upper]. Bin i is [edges[i], edges[i+1]), the last one closed; values
// outside the edges are counted in the first or last bin. Errors: no bounds, no bin count and no
// edges, bad edges, too many bins.
Result<std::vector<double>> histogramEdges(const ColumnQuerySpec& spec);
std::vector<std::string> histogramBinLabels(const std::vector<double>& edges);  // "[17, 24.3)", ..., "[82.7, 90]"
std::size_t histogramBin(const std::vector<double>& edges, double value);

// True for a histogram over numeric bins (declared bins or edges), false for one over declared
// categories. Count, sum and mean are neither.
bool isNumericHistogram(const ColumnQuerySpec& spec);

// The data-independent outputs of an additive query: one label per output ("count", "sum",
// "mean", or one per bin / declared category) and, for numeric histograms, the bin edges.
struct AggregateDomain {
    std::vector<std::string> labels;
    std::vector<double> edges;  // numeric histogram only
    bool categorical = false;   // histogram over spec.categories
};
// A categorical histogram's labels are the declared categories, then the other bin when one is
// declared. Errors: a query other than count/sum/mean/histogram; sum or mean without bounds; a
// histogram that declares neither bins nor categories; bad edges; duplicate categories; an other
// bin that is also a category.
Result<AggregateDomain> aggregateDomain(const ColumnQuerySpec& spec);

// Exact answers per output of aggregateDomain(spec): the count of non-missing values; the sum
// of the values clamped to [lower, upper] (for sum AND mean); the count per bin. `rows` is the
// number of non-missing values that took part (the public n of a mean; for a histogram, the sum
// of its bins).
struct ExactAggregates {
    std::vector<double> values;
    std::size_t rows = 0;
};

// Checks `exact` against the spec (one value per output, counts non-negative integers, a sum
// within [rows*lower, rows*upper], a mean with rows > 0), charges the gate and releases it like
// releaseColumnQuery would: `trials` releases with the spec's mechanism. Errors: those of
// releaseColumnQuery for the spec, inconsistent aggregates, the gate's, cancellation.
Result<ColumnQueryResult> releaseExactAggregates(ReleaseGate& gate, const std::string& column,
                                                 const ColumnQuerySpec& spec, const ExactAggregates& exact,
                                                 const RunContext& ctx);

}  // namespace veil::dp
