// Shared by releaseColumnQuery and releaseExactAggregates: validation, the mechanism choice and
// the additive release loop, so that aggregates computed by Veil and by an external engine get
// the same noise.
#pragma once

#include "veil/dp/column_query.h"
#include "veil/dp/exact_aggregates.h"

namespace veil::dp::detail {

// Validates epsilon/delta/trials/confidence/bounds and the declared domain (histogram bins or
// categories, strategy and its options) and picks the spec's mechanism (or the natural one for
// the query). No data is read. Defined in column_query.cpp.
Result<MechanismKind> chooseMechanism(const ColumnQuerySpec& spec);

// A histogram's workload fits its `bins` declared bins (every range lo <= hi < bins; at most
// limits::kMaxWorkloadQueries ranges and kMaxReleasedValues answers over the trials). Defined in
// column_query.cpp.
Status checkWorkload(const ColumnQuerySpec& spec, std::size_t bins);

// spec.workload answered from every release by prefix sums (post-processing) into
// r.workloadAnswers and, in teaching mode only, from r.trueValues into r.workloadTruth. Defined in
// column_query_run.cpp.
void answerRanges(ColumnQueryResult& r, const ColumnQuerySpec& spec, bool teaching);

// The column's public schema fits the query (numeric for sum, mean, quantiles, numeric bins and
// ranges). Defined in column_query_run.cpp.
Status checkColumnForQuery(const Column& column, const ColumnQuerySpec& spec);

// The neighbouring notion the query is private under (replace-one for a mean and the smooth
// median, whose n is public; add/remove otherwise).
Neighbouring neighbouringOf(const ColumnQuerySpec& spec, MechanismKind mech);

// Computes the exact answers and their `trials` releases with the context's random source (handed
// out by the gate). `teaching`: data-dependent accuracy (exponential-mechanism intervals, smooth
// sensitivity scales) may be shown. Defined in column_query_run.cpp.
Result<ColumnQueryResult> runValidatedQuery(const Column& column, const ColumnQuerySpec& spec, MechanismKind mech,
                                            bool teaching, const RunContext& ctx);

// `trials` releases of r.trueValues with r.mechanism at the given sensitivity (fills noise,
// scale, releases and intervals).
Status releaseAdditive(ColumnQueryResult& r, const ColumnQuerySpec& spec, double sensitivity, Neighbouring nb,
                       const RunContext& ctx);

// Count, sum, mean or histogram from exact aggregates (r.labels and r.mechanism already set):
// the true values, the query's sensitivity and neighbouring notion, the release, and the mean's
// clamping to [lower, upper] (post-processing).
Status releaseExact(ColumnQueryResult& r, const ColumnQuerySpec& spec, const ExactAggregates& exact,
                    const RunContext& ctx);

}  // namespace veil::dp::detail
