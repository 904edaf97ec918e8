// RiskFindings: what the Risk page shows for one table, computed off the UI thread from core's
// risk (risk.h), population uniqueness (population_uniqueness.h) and the page's settings; and the
// page's texts for it (one formatting of each figure).
#pragma once

#include "veil/anonymity/population_uniqueness.h"
#include "veil/anonymity/risk.h"
#include "veil/common/status.h"

#include <QString>

#include <cstddef>
#include <optional>
#include <vector>

namespace veil::ui {

struct RiskFindings {
    anonymity::RiskSummary summary;
    std::vector<anonymity::RiskBand> bands;
    std::optional<anonymity::PopulationUniqueness> uniqueness;  // when a population size was given
    // The records' matches overlap ('*' matching any value after a local suppression): no classes,
    // so no population uniqueness.
    bool overlapping = false;
};

// Risk of a table with these class sizes; population uniqueness too when `populationSize` > 0.
// Errors: those of estimatePopulationUniqueness (population smaller than the sample).
Result<RiskFindings> assessClasses(const std::vector<std::size_t>& classSizes, double threshold,
                                   std::size_t populationSize);

// Risk of a release whose records' matches overlap, from each kept record's count of matching
// records (LocalSuppressionSummary::keptMatches; riskFromRecordCounts).
RiskFindings assessRecordCounts(const std::vector<std::uint32_t>& counts, double threshold);

// The population's size from the page's field: empty = none (0); a number in (0, 1] is the sampling
// fraction (population = records / fraction), a whole number above 1 the population's size.
// Errors: anything else, or a population smaller than `records`.
Result<std::size_t> populationSizeFromText(const QString& text, std::size_t records);

// "3.12%": a share as a percentage with three significant digits.
QString percentText(double share);
// "Dankar's rule chose Pitman: 9,490 population uniques (3.1%)", or why it chose none.
QString dankarText(const anonymity::PopulationUniqueness& u);
// An estimate of population uniques with its share of the population, or "does not apply".
QString uniquesText(const std::optional<double>& estimate, std::size_t populationSize);

}  // namespace veil::ui
