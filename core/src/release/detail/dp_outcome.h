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
// Records the exact aggregates' row count in `block` only when it is public: a mean's n, which its
// mechanism treats as public. For a count, a range count or a histogram it is the true answer.
void addPublicRows(nlohmann::json& block, const dp::ColumnQuerySpec& spec, std::size_t rows);

// How a k-anonymous release was made, which decides what its guarantee can say.
enum class KAnonymityKind {
    Generalization,          // classes of at least k identical released records (full-domain, Mondrian, recoding)
    Microaggregation,        // MDAV: groups of at least k records sharing their numeric means
    CellSuppression,         // local suppression, '*' matching any value: every record matches at least k records
    CellSuppressionAsValue,  // local suppression, '*' a value of its own: classes of at least k identical records
};
// The guarantee of a k-anonymous release, in plain words, one text per kind (release_runner.cpp).
// `minMatches`: CellSuppression only, the smallest number of records a record matches.
std::string kAnonymityGuarantee(KAnonymityKind kind, std::size_t quasiIdentifiers, int k, std::size_t suppressed,
                                std::size_t minMatches = 0);

// The gate must charge the plan's own dataset.
Status checkGateDataset(const ReleasePlan& plan, const dp::ReleaseGate& gate, const std::string& datasetKey);

// Runs a "synthetic" plan (synthetic_release.cpp): one charge through `gate`, then the bundle's
// synthetic CSV, model and discretization.
Result<ReleaseOutcome> runSyntheticPlan(const ReleasePlan& plan, dp::ReleaseGate& gate, const RunContext& ctx);

}  // namespace veil::release::detail
