// A dp-query release on an external engine's exact aggregates: the noise is added by Veil with
// the same mechanism code as an ordinary release (dp::releaseExactAggregates).
#include "release/detail/dp_outcome.h"
#include "veil/dp/exact_aggregates.h"
#include "veil/release/aggregate_import.h"
#include "veil/release/release_runner.h"

#include <filesystem>

namespace veil::release {

Result<ReleaseOutcome> runReleasePlanOnAggregates(const ReleasePlan& plan, const std::string& aggregatesCsv,
                                                  dp::ReleaseGate& gate, const RunContext& ctx) {
    if (plan.kind != "dp-query")
        return Status::invalidArgument(plan.name + ": --aggregates releases dp-query plans (this plan is \"" +
                                       plan.kind + "\")");
    auto qp = dpQueryPlan(plan);
    if (!qp) return qp.status();
    if (auto domain = dp::aggregateDomain(qp->spec); !domain) return domain.status().withContext(plan.name);
    VEIL_RETURN_IF_ERROR(detail::checkGateDataset(plan, gate, qp->datasetKey));
    auto imported = readAggregatesCsv(aggregatesCsv, qp->spec);
    if (!imported) return imported.status();
    auto r = dp::releaseExactAggregates(gate, qp->column, qp->spec, imported->exact, ctx);
    if (!r) return r.status().withContext(aggregatesCsv);

    ReleaseOutcome out = detail::dpQueryOutcome(plan, *qp, *r);
    const std::string path = std::filesystem::absolute(aggregatesCsv).lexically_normal().string();
    out.inputPath = path;
    out.inputSha256 = imported->sha256;
    out.exactAggregates = {{"computed_by", "external engine (veil-cli plan-sql script)"},
                           {"file", path},
                           {"plan_dataset", qp->dataset.path},
                           {"noise", "added by Veil"}};
    detail::addPublicRows(out.exactAggregates, qp->spec, imported->exact.rows);
    return out;
}

}  // namespace veil::release
