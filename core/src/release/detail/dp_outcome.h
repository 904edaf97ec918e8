// The outcome (released file, summary, guarantee, chart) of a dp-query release, shared by the
// ordinary release (aggregates computed by Veil) and the release on an engine's exact aggregates.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/column_query.h"
#include "veil/release/release_plan.h"
#include "veil/release/release_runner.h"

namespace veil::release::detail {

// Everything but the input (path, sha256), which the caller sets. Defined in release_runner.cpp.
ReleaseOutcome dpQueryOutcome(const ReleasePlan& plan, const DpQueryPlan& qp, const dp::ColumnQueryResult& r);

// The guarantee of a k-anonymous release, in plain words (release_runner.cpp).
std::string kAnonymityGuarantee(std::size_t quasiIdentifiers, int k, std::size_t suppressed);

// The gate must charge the plan's own dataset.
Status checkGateDataset(const ReleasePlan& plan, const dp::ReleaseGate& gate, const std::string& datasetKey);

// Runs a "synthetic" plan (synthetic_release.cpp): one charge through `gate`, then the bundle's
// synthetic CSV, model and discretization.
Result<ReleaseOutcome> runSyntheticPlan(const ReleasePlan& plan, dp::ReleaseGate& gate, const RunContext& ctx);

}  // namespace veil::release::detail
