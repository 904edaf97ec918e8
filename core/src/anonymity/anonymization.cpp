// anonymize(): validates the plan, encodes the table, runs the optimal lattice search (or applies
// a given node) or Mondrian, and assembles the result the views and the CLI consume.
#include "veil/anonymity/anonymization.h"

#include "anonymity/detail/encoded_data.h"
#include "anonymity/detail/groupify.h"
#include "anonymity/detail/local_recoding.h"
#include "anonymity/detail/local_suppression_release.h"
#include "anonymity/detail/metric_evaluator.h"
#include "anonymity/detail/microaggregation_release.h"
#include "anonymity/detail/mondrian.h"
#include "anonymity/detail/optimal_search.h"
#include "anonymity/detail/release_table.h"

#include <chrono>
#include <cmath>

namespace veil::anonymity {

std::size_t EquivalenceClasses::suppressedRecords() const {
    std::size_t n = 0;
    for (std::size_t c = 0; c < classSize.size(); ++c)
        if (classSuppressed[c]) n += classSize[c];
    return n;
}

std::size_t EquivalenceClasses::keptClasses() const {
    std::size_t n = 0;
    for (std::size_t c = 0; c < classSize.size(); ++c)
        if (!classSuppressed[c] && classSize[c] > 0) ++n;
    return n;
}

std::size_t EquivalenceClasses::minKeptClassSize() const {
    std::size_t best = 0;
    for (std::size_t c = 0; c < classSize.size(); ++c)
        if (!classSuppressed[c] && classSize[c] > 0 && (best == 0 || classSize[c] < best)) best = classSize[c];
    return best;
}

std::vector<std::size_t> EquivalenceClasses::keptSizes() const {
    std::vector<std::size_t> sizes;
    for (std::size_t c = 0; c < classSize.size(); ++c)
        if (!classSuppressed[c] && classSize[c] > 0) sizes.push_back(classSize[c]);
    return sizes;
}

const char* algorithmName(Algorithm a) {
    switch (a) {
        case Algorithm::Optimal:
            return "optimal";
        case Algorithm::Mondrian:
            return "mondrian";
        case Algorithm::Mdav:
            return "mdav";
        case Algorithm::LocalRecoding:
            return "local-recoding";
        case Algorithm::None:
            return "none";
    }
    return "optimal";
}

std::optional<Algorithm> algorithmFromName(std::string_view name) {
    for (Algorithm a :
         {Algorithm::Optimal, Algorithm::Mondrian, Algorithm::Mdav, Algorithm::LocalRecoding, Algorithm::None})
        if (name == algorithmName(a)) return a;
    return std::nullopt;
}

bool acceptsLocalSuppression(Algorithm a) { return a == Algorithm::Optimal || a == Algorithm::None; }

std::string metricNotDefinedText(const AnonymizationResult& result, MetricKind metric) {
    if (!std::isnan(result.metrics.get(metric))) return {};
    if (metric == MetricKind::Ncp && result.algorithm != Algorithm::Mondrian)
        return "not defined here (Mondrian's measure of its ranges)";
    if (metric == MetricKind::Sse && result.algorithm != Algorithm::Mdav)
        return "not defined here (MDAV's measure of its group means)";
    switch (result.algorithm) {
        case Algorithm::Mondrian:
            return "not defined for Mondrian (its ranges are not levels of the hierarchies)";
        case Algorithm::Mdav:
            return "not defined for MDAV microaggregation (values are replaced by group means, not generalized)";
        case Algorithm::LocalRecoding:
            return "not defined for local recoding (its records sit at different generalization levels)";
        case Algorithm::None:
            return "not defined for local suppression alone (no generalization to measure; see the suppressed "
                   "cells)";
        case Algorithm::Optimal:
            break;
    }
    if (result.localSuppression)
        return "not defined after local suppression (cells, not records, were suppressed: the classes are the "
               "cells' own)";
    return "not defined for this release";
}

namespace {

using namespace detail;

EquivalenceClasses makeClasses(const EncodedData& data, const std::vector<int>& levels, const NodeClasses& nc) {
    EquivalenceClasses ec;
    ec.recordClass.resize(data.records);
    for (std::size_t r = 0; r < data.records; ++r) ec.recordClass[r] = nc.groupClass[data.recordGroup[r]];
    ec.classSize.assign(nc.classSize.begin(), nc.classSize.end());
    ec.classSuppressed = nc.outlier;
    // The labels as ids into each QI's labels at its level.
    const std::size_t m = data.dimensions();
    std::vector<std::vector<std::string>> texts(m);
    for (std::size_t d = 0; d < m; ++d) texts[d] = data.dims[d].labelText[std::size_t(levels[d])];
    std::vector<std::uint32_t> ids(nc.classCount() * m);
    for (std::size_t c = 0; c < nc.classCount(); ++c)
        for (std::size_t d = 0; d < m; ++d) ids[c * m + d] = data.label(nc.classRep[c], d, levels[d]);
    ec.classLabels = ClassLabels(std::move(texts), std::move(ids));
    return ec;
}

Result<AnonymizationResult> runOptimal(const Table& table, const AnonymizationConfig& config, const RunContext& ctx) {
    auto encoded = encodeTable(table, config, ctx);
    if (!encoded) return encoded.status();
    const EncodedData& data = *encoded;
    const auto maxOutliers =
        static_cast<std::size_t>(std::floor(config.suppressionLimit * double(data.records) + 1e-9));
    Groupifier groupifier(data, config.models, maxOutliers);
    MetricEvaluator evaluator(data);

    AnonymizationResult result;
    result.algorithm = Algorithm::Optimal;
    result.metric = config.metric;
    for (const auto& d : data.dims) result.quasiIdentifiers.push_back(d.name);
    if (config.metric == MetricKind::Ncp || config.metric == MetricKind::Sse)
        return Status::invalidArgument(std::string("the ") + metricName(config.metric) + " metric applies to " +
                                       (config.metric == MetricKind::Ncp ? "Mondrian" : "MDAV") +
                                       " only; choose loss, entropy, entropy-nm, discernibility, dm, aecs, "
                                       "precision or height");

    NodeClasses nc;
    std::vector<int> maxLevels;
    for (const auto& d : data.dims) maxLevels.push_back(d.height);
    // The input's risk, on its quasi-identifiers as they are: reported with or without a solution.
    auto setRiskBefore = [&] {
        NodeClasses bottom;
        groupifier.classesOnly(std::vector<int>(data.dimensions(), 0), bottom);
        result.riskBefore = riskFromClassSizes(
            std::vector<std::size_t>(bottom.classSize.begin(), bottom.classSize.end()), config.riskThreshold);
    };
    if (config.transformation) {
        const auto& t = *config.transformation;
        if (t.size() != data.dimensions())
            return Status::invalidArgument("the transformation has " + std::to_string(t.size()) + " levels for " +
                                           std::to_string(data.dimensions()) + " quasi-identifiers");
        for (std::size_t d = 0; d < t.size(); ++d)
            if (t[d] < 0 || t[d] > maxLevels[d])
                return Status::invalidArgument("level " + std::to_string(t[d]) + " of '" + data.dims[d].name +
                                               "' is outside 0.." + std::to_string(maxLevels[d]));
        result.lattice = GeneralizationLattice(maxLevels);
        result.optimumIndex = result.lattice.indexOf(t);
        result.transformation = t;
        groupifier.run(t, nc);
        auto& node = result.lattice.node(result.optimumIndex);
        node.checked = node.evaluated = true;
        node.status = nc.anonymous ? NodeStatus::Anonymous : NodeStatus::NotAnonymous;
        node.suppressed = nc.suppressed;
        node.informationLoss = evaluator.value(config.metric, t, nc);
        result.found = nc.anonymous;
        if (!nc.anonymous)
            result.message = "transformation " + formatLevels(t) + " does not satisfy " + config.models.describe() +
                             ": " + std::to_string(nc.suppressed) + " records violate it, at most " +
                             std::to_string(maxOutliers) + " may be suppressed";
    } else {
        auto outcome =
            searchOptimal(data, config.metric, modelsMonotonic(config.models, maxOutliers), groupifier, evaluator, ctx);
        if (!outcome) return outcome.status();
        result.lattice = std::move(outcome->lattice);
        if (!outcome->found) {
            setRiskBefore();
            result.found = false;
            result.message = "no transformation satisfies " + config.models.describe() + " with at most " +
                             std::to_string(maxOutliers) + " suppressed records";
            return result;
        }
        result.found = true;
        result.optimumIndex = outcome->optimum;
        result.transformation = outcome->levels;
        groupifier.run(result.transformation, nc);
    }
    setRiskBefore();
    result.metrics = evaluator.all(result.transformation, nc);
    result.informationLoss = result.metrics.get(config.metric);
    // A given node that does not satisfy the models is reported as it is: no cell is suppressed.
    if (config.localSuppression && result.found) {
        // Replaces the class-based metrics; classes, risk after and output are the cells' own.
        VEIL_RETURN_IF_ERROR(applyLocalSuppression(table, data, config, result, ctx));
        return result;
    }
    result.classes = makeClasses(data, result.transformation, nc);
    result.suppressed = result.classes.suppressedRecords();
    result.riskAfter = riskFromClassSizes(result.classes.keptSizes(), config.riskThreshold);
    if (config.buildOutput) {
        std::vector<std::size_t> cols;
        for (const auto& d : data.dims) cols.push_back(d.column);
        std::optional<std::size_t> sensitive;
        if (data.sensitive.present) sensitive = data.sensitive.column;
        result.output = buildReleaseTable(table, cols, sensitive, result.classes);
    }
    return result;
}

}  // namespace

Result<AnonymizationResult> anonymize(const Table& table, const AnonymizationConfig& config, const RunContext& ctx) {
    const auto start = std::chrono::steady_clock::now();
    ctx.report(0.0, "Anonymizing");
    if (config.localSuppression && !acceptsLocalSuppression(config.algorithm))
        return Status::invalidArgument(
            "local suppression follows the optimal algorithm or none; Mondrian, MDAV "
            "and local recoding leave no record to suppress cells of");
    if (config.algorithm == Algorithm::None && !config.localSuppression)
        return Status::invalidArgument(
            "algorithm none needs localSuppression (greedy or optimal): without it the quasi-identifiers "
            "would be released as they are, not k-anonymous");
    VEIL_RETURN_IF_ERROR(detail::validateLocalSuppression(config));
    Result<AnonymizationResult> result = Status::internal("unknown algorithm");
    switch (config.algorithm) {
        case Algorithm::Mondrian:
            result = detail::runMondrian(table, config, ctx);
            break;
        case Algorithm::Mdav:
            result = detail::runMdav(table, config, ctx);
            break;
        case Algorithm::LocalRecoding:
            result = detail::runLocalRecoding(table, config, ctx);
            break;
        case Algorithm::None:
            result = detail::runNone(table, config, ctx);
            break;
        case Algorithm::Optimal:
            result = runOptimal(table, config, ctx);
            break;
    }
    if (!result) return result;
    if (result->found) result->riskAfter.suppressed = result->suppressed;  // left out of the risk after
    result->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ctx.report(1.0, "Anonymizing");
    return result;
}

}  // namespace veil::anonymity
