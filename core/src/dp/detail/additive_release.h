// Shared by runColumnQuery and releaseExactAggregates: the mechanism choice and the additive
// release loop, so that aggregates computed by Veil and by an external engine get the same noise.
#pragma once

#include "veil/dp/column_query.h"
#include "veil/dp/exact_aggregates.h"

namespace veil::dp::detail {

// Validates epsilon/delta/trials/confidence/bounds and picks the spec's mechanism (or the natural
// one for the query). Defined in column_query.cpp.
Result<MechanismKind> chooseMechanism(const ColumnQuerySpec& spec, const RunContext& ctx);

// `trials` releases of r.trueValues with r.mechanism at the given sensitivity (fills noise,
// scale, releases and intervals).
Status releaseAdditive(ColumnQueryResult& r, const ColumnQuerySpec& spec, double sensitivity, Neighbouring nb,
                       const RunContext& ctx);

// Count, sum, mean or histogram from exact aggregates (r.labels and r.mechanism already set):
// the true values, the query's sensitivity and neighbouring notion, the release, and the mean's
// clamping to [lower, upper] (post-processing).
Status releaseExact(ColumnQueryResult& r, const ColumnQuerySpec& spec, const ExactAggregates& exact, const RunContext& ctx);

}  // namespace veil::dp::detail
