#include "anonymity/detail/local_suppression_release.h"

#include "anonymity/detail/column_values.h"
#include "anonymity/detail/local_recoding_output.h"
#include "anonymity/detail/release_table.h"

#include <limits>
#include <unordered_map>

namespace veil::anonymity::detail {

namespace {

// Runs the suppression on `cells` and fills the summary, classes, risk and output of `result`.
Status suppressCells(const Table& table, const std::vector<std::size_t>& qiColumns,
                     const std::optional<std::size_t>& sensitive, const AnonymizationConfig& config, CellRelease& cells,
                     AnonymizationResult& result, const RunContext& ctx) {
    LocalSuppressionOptions options = *config.localSuppression;
    options.k = std::max(1, config.models.k);
    auto ls = localSuppression(cells.codes, options, ctx);
    if (!ls) return ls.status();
    const std::vector<std::vector<std::uint32_t>> before = std::move(cells.codes);
    cells.codes = std::move(ls->columns);
    LocalSuppressionSummary summary;
    summary.method = ls->method;
    summary.semantics = options.semantics;
    summary.requestedOptimal = options.method == LocalSuppressionMethod::Optimal;
    summary.provenOptimal = ls->provenOptimal;
    summary.suppressedCells = ls->suppressedCells;
    summary.cellsPerQi = ls->cellsPerColumn;
    summary.message = ls->message;
    summary.minMatches = ls->matches.empty() ? 0 : *std::min_element(ls->matches.begin(), ls->matches.end());
    summary.lowerBound = ls->lowerBound;
    const std::size_t n = cells.codes.empty() ? 0 : cells.codes[0].size();
    for (std::size_t r = 0; r < n; ++r) {
        std::size_t stars = 0, added = 0;
        for (std::size_t d = 0; d < cells.codes.size(); ++d) {
            stars += cells.codes[d][r] == kSuppressedCell ? 1 : 0;
            added += cells.codes[d][r] == kSuppressedCell && before[d][r] != kSuppressedCell ? 1 : 0;
        }
        if (stars > 0 && stars < cells.codes.size()) ++summary.recordsTouched;
        if (stars == cells.codes.size() && added > 0) {
            ++summary.recordsWhollySuppressed;
            summary.cellsInWholeRecords += added;
        }
    }
    // A proven optimum is a note (the summary's message); a fallback or a time-out is a warning.
    if (!summary.message.empty() && !(summary.requestedOptimal && summary.provenOptimal))
        result.warnings.push_back("local suppression: " + summary.message);
    if (options.semantics == LocalSuppressionSemantics::Wildcard && summary.recordsWhollySuppressed > 0)
        result.warnings.push_back(
            "local suppression: " + std::to_string(summary.recordsWhollySuppressed) +
            (summary.recordsWhollySuppressed == 1 ? " record is" : " records are") +
            " wholly '*'; under the wildcard semantics every record matches them, so they count towards every "
            "record's k, which an attacker who knows they are other people discounts (elimination). "
            "--ls-semantics value (ARX's k-anonymity) does not count them so");
    result.localSuppression = summary;
    result.classes = classesFromCells(cells);
    result.suppressed = result.classes.suppressedRecords();
    if (options.semantics == LocalSuppressionSemantics::Wildcard) {
        // A '*' matches any value: a record's risk is 1 / the records it matches (all-'*' included).
        auto& kept = result.localSuppression->keptMatches;
        for (std::size_t r = 0; r < n; ++r)
            if (!result.classes.classSuppressed[result.classes.recordClass[r]]) kept.push_back(ls->matches[r]);
        result.riskAfter = riskFromRecordCounts(kept, config.riskThreshold);
    } else {
        result.riskAfter = riskFromClassSizes(result.classes.keptSizes(), config.riskThreshold);
    }
    if (config.buildOutput) result.output = buildReleaseTable(table, qiColumns, sensitive, result.classes);
    return Status::ok();
}

}  // namespace

Status validateLocalSuppression(const AnonymizationConfig& config) {
    if (!config.localSuppression) return Status::ok();
    const auto& m = config.models;
    if (m.lDiversity || m.tCloseness || m.deltaPresence)
        return Status::invalidArgument(
            "local suppression makes a table k-anonymous only; it cannot be combined "
            "with l-diversity, t-closeness or delta-presence");
    const auto& o = *config.localSuppression;
    if (!(o.timeLimitSeconds > 0)) return Status::invalidArgument("the local suppression time limit must be positive");
    return Status::ok();
}

Status applyLocalSuppression(const Table& table, const EncodedData& data, const AnonymizationConfig& config,
                             AnonymizationResult& result, const RunContext& ctx) {
    const std::size_t m = data.dimensions(), n = data.records;
    const auto& levels = result.transformation;
    CellRelease cells;
    cells.texts.resize(m);
    cells.codes.assign(m, std::vector<std::uint32_t>(n));
    for (std::size_t d = 0; d < m; ++d) {
        cells.texts[d] = data.dims[d].labelText[std::size_t(levels[d])];
        for (std::size_t r = 0; r < n; ++r) cells.codes[d][r] = data.label(data.recordGroup[r], d, levels[d]);
    }
    std::vector<std::size_t> cols;
    for (const auto& d : data.dims) cols.push_back(d.column);
    std::optional<std::size_t> sensitive;
    if (data.sensitive.present) sensitive = data.sensitive.column;
    VEIL_RETURN_IF_ERROR(suppressCells(table, cols, sensitive, config, cells, result, ctx));
    // Loss and Precision per cell ('*' counts as fully generalized); class-based metrics anew.
    std::vector<std::vector<double>> share(m, std::vector<double>(n, 1.0));
    double precision = 0;
    for (std::size_t d = 0; d < m; ++d) {
        const auto l = std::size_t(levels[d]);
        const int h = data.dims[d].height;
        for (std::size_t r = 0; r < n; ++r) {
            const auto code = cells.codes[d][r];
            if (code == kSuppressedCell) {
                precision += 1.0;
                continue;
            }
            share[d][r] = data.dims[d].labelShare[l][code];
            precision += h == 0 ? 0.0 : double(levels[d]) / double(h);
        }
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    result.metrics.loss = cellLoss(data, share);
    result.metrics.precision = precision / double(n * m);
    result.metrics.entropyNonMonotonic = result.metrics.discernibility = result.metrics.discernibilityPenalized =
        result.metrics.aecs = nan;
    result.informationLoss = result.metrics.get(config.metric);
    return Status::ok();
}

Result<AnonymizationResult> runNone(const Table& table, const AnonymizationConfig& config, const RunContext& ctx) {
    if (!config.localSuppression)  // anonymize() refuses it: the QIs as they are are not k-anonymous
        return Status::invalidArgument("algorithm none needs localSuppression");
    auto qis = orderedQuasiIdentifiers(table, config);
    if (!qis) return qis.status();
    VEIL_RETURN_IF_ERROR(validateModels(config, table.rowCount()));
    if (config.models.needsSensitive() || config.models.deltaPresence)
        return Status::invalidArgument("algorithm none (local suppression alone) supports k-anonymity only");
    AnonymizationResult result;
    result.algorithm = Algorithm::None;
    result.metric = config.metric;
    result.found = true;
    CellRelease cells;
    std::vector<std::size_t> cols;
    for (const auto& [col, qi] : *qis) {
        auto values = columnValues(table.column(col));
        result.quasiIdentifiers.push_back(qi->column);
        cols.push_back(col);
        cells.texts.push_back(std::move(values.texts));
        cells.codes.push_back(std::move(values.recordValue));
    }
    const auto original = classesFromCells(cells);
    result.riskBefore = riskFromClassSizes(
        std::vector<std::size_t>(original.classSize.begin(), original.classSize.end()), config.riskThreshold);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    result.metrics = MetricValues{nan, nan, nan, nan, nan, nan, nan, nan, nan, nan};
    result.informationLoss = nan;
    std::optional<std::size_t> sensitive;
    if (config.sensitive)
        if (auto idx = table.columnIndex(*config.sensitive)) sensitive = *idx;
    VEIL_RETURN_IF_ERROR(suppressCells(table, cols, sensitive, config, cells, result, ctx));
    return result;
}

}  // namespace veil::anonymity::detail
