// One table's risk report, and an original's and its release's side by side (risk_report.h).
#include "veil/anonymity/risk_report.h"

namespace veil::anonymity {

namespace {

// The report for `table` with a population size already resolved (0: none).
Result<RiskReport> reportOf(const Table& table, const RiskReportOptions& options, const RiskInput& input,
                            std::size_t populationSize) {
    auto assessed = assessTableRisk(table, input);
    if (!assessed) return assessed.status();
    RiskReport report;
    report.risk = assessed->summary;
    report.overlapping = input.tokenMatchesAny;
    report.distribution =
        report.overlapping ? riskDistributionFromCounts(assessed->matchCounts) : riskDistribution(assessed->classSizes);
    report.populationSize = populationSize;
    if (populationSize > 0 && report.risk.records > 0 && !report.overlapping) {
        auto u = estimatePopulationUniqueness(assessed->classSizes, populationSize);
        if (!u) return u.status();
        report.uniqueness = *u;
    }
    // Attribute risk counts every record it is given: the suppressed ones are left out first.
    const bool leaveOut = !assessed->suppressedRows.empty();
    Table kept;
    if (leaveOut && options.attributeRisk) {
        std::vector<std::size_t> rows;
        rows.reserve(table.rowCount() - assessed->suppressedRows.size());
        for (std::size_t r = 0, s = 0; r < table.rowCount(); ++r) {
            if (s < assessed->suppressedRows.size() && assessed->suppressedRows[s] == r) {
                ++s;
                continue;
            }
            rows.push_back(r);
        }
        kept = table.selectRows(rows);
    }
    if (options.attributeRisk) {
        auto sets = attributeRisk(leaveOut ? kept : table, input.quasiIdentifiers, options.attributeRiskMax);
        if (!sets) return sets.status();
        report.attributeSets = std::move(*sets);
    }
    if (options.sensitive) {
        auto h = homogeneityAttack(table, input.quasiIdentifiers, *options.sensitive, options.l, input.suppressedToken);
        if (!h) return h.status();
        report.homogeneity = std::move(*h);
    }
    return report;
}

}  // namespace

Result<RiskReport> assessRiskReport(const Table& table, const RiskReportOptions& options) {
    PopulationSizeInput population = options.population;
    if (options.input.population) population.tableRecords = options.input.population->rowCount();
    auto size = resolvePopulationSize(table.rowCount(), population);
    if (!size) return size.status();
    return reportOf(table, options, options.input, *size);
}

Result<RiskComparison> compareRiskReports(const Table& original, const Table& released,
                                          const RiskReportOptions& options) {
    if (options.input.population)
        return Status::invalidArgument(
            "a population table compares with one table at a time: its records carry original values, which a "
            "generalized release no longer matches (assess each table against a population in its own form)");
    auto size = resolvePopulationSize(original.rowCount(), options.population);
    if (!size) return size.status();
    RiskInput before = options.input;
    before.suppressedToken.reset();  // the original's values are all values
    before.tokenMatchesAny = false;
    before.tableName = options.originalName;
    before.firstLine = options.originalFirstLine;
    RiskComparison out;
    auto b = reportOf(original, options, before, *size);
    if (!b) return b.status();
    out.before = std::move(*b);
    auto a = reportOf(released, options, options.input, *size);
    if (!a) return a.status();
    out.after = std::move(*a);
    return out;
}

}  // namespace veil::anonymity
