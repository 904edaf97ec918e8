// Everything `veil-cli risk` reports about a table, computed in one place: the re-identification
// risk (prosecutor, journalist, marketer; risk.h), the distribution of per-record risk, population
// uniqueness given the population's size (population_uniqueness.h), optionally which attribute sets
// single records out (attribute_risk.h) and the homogeneity attack (attacks.h); and the same for an
// original and its released table side by side (before | after).
#pragma once

#include "veil/anonymity/attacks.h"
#include "veil/anonymity/attribute_risk.h"
#include "veil/anonymity/population_uniqueness.h"
#include "veil/anonymity/risk.h"

#include <optional>
#include <string>
#include <vector>

namespace veil::anonymity {

struct RiskReportOptions {
    // Quasi-identifiers, threshold, population table, names for messages; `suppressedToken` applies
    // to the table assessed alone, or to the released table of a comparison (never to the original).
    RiskInput input;
    PopulationSizeInput population;  // the population's size, for population uniqueness
    bool attributeRisk = false;
    std::size_t attributeRiskMax = 0;      // largest attribute set ranked (0: all)
    std::optional<std::string> sensitive;  // the homogeneity attack on this attribute
    int l = 2;                             // classes with fewer than l distinct sensitive values
    // A comparison: how messages name the original table and where its records start (see RiskInput).
    std::string originalName = "the original table";
    std::size_t originalFirstLine = 0;
};

struct RiskReport {
    RiskSummary risk;  // risk.suppressed: records left out as suppressed
    std::vector<RiskBand> distribution;
    // RiskInput::tokenMatchesAny: the records' matches overlap, there are no classes, and the
    // population models (which read class sizes) do not apply: no uniqueness estimate.
    bool overlapping = false;
    std::size_t populationSize = 0;                              // 0: not given, no uniqueness estimate
    std::optional<PopulationUniqueness> uniqueness;              // with a population size and kept records
    std::optional<std::vector<AttributeSetRisk>> attributeSets;  // when asked
    std::optional<HomogeneityReport> homogeneity;                // with a sensitive attribute
};

// The report of one table. Errors: those of assessTableRisk, resolvePopulationSize (the sample's
// size is the table's record count, suppressed records included), attributeRisk and
// homogeneityAttack. Attribute risk and the homogeneity attack leave suppressed records out too.
Result<RiskReport> assessRiskReport(const Table& table, const RiskReportOptions& options);

struct RiskComparison {
    RiskReport before;  // the original table (every record counts)
    RiskReport after;   // the released table (suppressed records left out)
};

// The report of the original and of the released table with the same options, for before | after.
// The population's size is resolved once from the original (a released table has the same
// population; its suppressed records are part of the sample). Errors: those of assessRiskReport;
// a population table (its records carry original values, which a generalized release no longer
// matches: assess each table against a population in its own form, one at a time).
Result<RiskComparison> compareRiskReports(const Table& original, const Table& released,
                                          const RiskReportOptions& options);

}  // namespace veil::anonymity
