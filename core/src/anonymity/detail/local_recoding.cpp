// Local recoding after ARX (ARXResult.optimizeIterative; Prasser et al., Softw. Pract. Exp. 2020).
#include "anonymity/detail/local_recoding.h"

#include "anonymity/detail/groupify.h"
#include "anonymity/detail/local_recoding_output.h"
#include "anonymity/detail/metric_evaluator.h"
#include "anonymity/detail/optimal_search.h"

#include <cmath>

namespace veil::anonymity::detail {

EncodedData subsetOf(const EncodedData& data, const std::vector<std::size_t>& rows) {
    EncodedData sub;
    sub.records = rows.size();
    sub.dims = data.dims;
    sub.sensitive = data.sensitive;
    sub.hasSubset = data.hasSubset;
    const std::size_t m = data.dimensions();
    std::vector<std::int64_t> groupOf(data.groups, -1);
    for (auto r : rows) {
        const auto g = data.recordGroup[r];
        if (groupOf[g] < 0) {
            groupOf[g] = std::int64_t(sub.groups++);
            for (std::size_t d = 0; d < m; ++d) sub.groupRow.push_back(data.groupRow[g * m + d]);
            sub.groupSize.push_back(0);
            sub.groupSensitive.push_back(data.groupSensitive[g]);
            sub.groupSubset.push_back(0);
        }
        const auto s = std::size_t(groupOf[g]);
        ++sub.groupSize[s];
        if (data.hasSubset && data.groupSubset[g] > 0) ++sub.groupSubset[s];  // unused: delta-presence is refused
        sub.recordGroup.push_back(std::uint32_t(s));
    }
    for (std::size_t d = 0; d < m; ++d) {
        auto& dim = sub.dims[d];
        std::fill(dim.rowRecords.begin(), dim.rowRecords.end(), 0u);
        dim.valueRows.clear();
        for (auto& level : dim.labelRecords) std::fill(level.begin(), level.end(), 0u);
        for (auto r : rows) {
            const auto row = data.groupRow[data.recordGroup[r] * m + d];
            if (dim.rowRecords[row]++ == 0) dim.valueRows.push_back(row);
        }
        for (std::size_t l = 0; l < dim.labelRecords.size(); ++l)
            for (auto row : dim.valueRows) dim.labelRecords[l][dim.rowLabel[l][row]] += dim.rowRecords[row];
    }
    return sub;
}

namespace {

struct PassOutcome {
    bool found = false;
    std::vector<int> levels;
    double informationLoss = 0;
    std::vector<std::uint8_t> suppressed;  // per record of the pass
};

Result<PassOutcome> searchPass(const EncodedData& data, const AnonymizationConfig& config, double gsFactor, bool useGs,
                               const RunContext& ctx) {
    const auto maxOutliers =
        static_cast<std::size_t>(std::floor(config.suppressionLimit * double(data.records) + 1e-9));
    Groupifier groupifier(data, config.models, maxOutliers);
    MetricEvaluator evaluator(data);
    if (useGs) evaluator.setGsFactor(gsFactor);
    auto outcome =
        searchOptimal(data, config.metric, modelsMonotonic(config.models, maxOutliers), groupifier, evaluator, ctx);
    if (!outcome) return outcome.status();
    PassOutcome pass;
    if (!outcome->found) return pass;
    pass.found = true;
    pass.levels = outcome->levels;
    pass.informationLoss = outcome->informationLoss;
    NodeClasses nc;
    groupifier.run(pass.levels, nc);
    pass.suppressed.resize(data.records);
    for (std::size_t r = 0; r < data.records; ++r) pass.suppressed[r] = nc.outlier[nc.groupClass[data.recordGroup[r]]];
    return pass;
}

Status validateLocalRecoding(const AnonymizationConfig& config) {
    const auto& o = config.localRecoding;
    if (!(o.gsFactor >= 0 && o.gsFactor <= 1))
        return Status::invalidArgument("the gs-factor must be in [0, 1], got " + std::to_string(o.gsFactor));
    if (!(o.adaptionFactor >= 0 && o.adaptionFactor <= 1))
        return Status::invalidArgument("the adaption factor must be in [0, 1], got " +
                                       std::to_string(o.adaptionFactor));
    if (o.iterations < 1)
        return Status::invalidArgument("local recoding needs at least 1 iteration, got " +
                                       std::to_string(o.iterations));
    if (config.models.deltaPresence)
        return Status::invalidArgument(
            "local recoding does not support delta-presence (its research subset "
            "would have to be re-projected at every pass)");
    if (config.transformation)
        return Status::invalidArgument(
            "local recoding searches its own transformations; --transformation "
            "applies to the optimal algorithm only");
    if (config.metric == MetricKind::Ncp || config.metric == MetricKind::Sse)
        return Status::invalidArgument(std::string("the ") + metricName(config.metric) +
                                       " metric does not apply to local recoding; choose loss, entropy, "
                                       "entropy-nm, discernibility, dm, aecs, precision or height");
    return Status::ok();
}

}  // namespace

Result<AnonymizationResult> runLocalRecoding(const Table& table, const AnonymizationConfig& config,
                                             const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validateLocalRecoding(config));
    auto encoded = encodeTable(table, config, ctx);
    if (!encoded) return encoded.status();
    const EncodedData& data = *encoded;
    const auto& opts = config.localRecoding;
    const bool useGs = config.metric == MetricKind::Loss;

    AnonymizationResult result;
    result.algorithm = Algorithm::LocalRecoding;
    result.metric = config.metric;
    for (const auto& d : data.dims) result.quasiIdentifiers.push_back(d.name);
    if (!useGs && opts.gsFactorGiven)
        result.warnings.push_back("the gs-factor applies to the loss metric only; the passes use " +
                                  std::string(metricName(config.metric)) + " as it is");

    auto first = searchPass(data, config, 0.5, false, ctx);
    if (!first) return first.status();
    if (!first->found) {
        result.message = "no transformation satisfies " + config.models.describe() + " within the suppression limit";
        result.riskBefore = inputRisk(data, config.riskThreshold);
        return result;
    }
    result.found = true;
    result.transformation = first->levels;
    result.recordPass.assign(data.records, -1);
    std::vector<std::size_t> remaining;
    for (std::size_t r = 0; r < data.records; ++r)
        if (first->suppressed[r])
            remaining.push_back(r);
        else
            result.recordPass[r] = 0;
    result.passes.push_back(
        {first->levels, data.records, data.records - remaining.size(), 0.5, first->informationLoss});

    double gs = opts.gsFactor;
    ProgressReporter progress(ctx, "Local recoding", opts.iterations, 0.0, 0.95);
    for (int iteration = 0; iteration < opts.iterations; ++iteration) {
        if (!progress.step(iteration)) return Status::cancelled();
        if (remaining.empty() || remaining.size() < std::size_t(std::max(1, config.models.k))) break;
        const EncodedData sub = subsetOf(data, remaining);
        auto pass = searchPass(sub, config, gs, useGs, RunContext{nullptr, ctx.cancel, ctx.random});
        if (!pass) return pass.status();
        std::vector<std::size_t> still;
        std::size_t released = 0;
        for (std::size_t s = 0; s < remaining.size(); ++s) {
            if (pass->found && !pass->suppressed[s]) {
                result.recordPass[remaining[s]] = std::int32_t(result.passes.size());
                ++released;
            } else {
                still.push_back(remaining[s]);
            }
        }
        if (released == 0) {
            if (opts.adaptionFactor > 0 && gs + opts.adaptionFactor <= 1.0) {
                gs += opts.adaptionFactor;
                continue;
            }
            break;
        }
        result.passes.push_back({pass->levels, remaining.size(), released, gs, pass->informationLoss});
        remaining.swap(still);
    }
    VEIL_RETURN_IF_ERROR(finishLocalRecoding(table, data, config, result));
    return result;
}

}  // namespace veil::anonymity::detail
