// What an anonymity experiment reports per (method, k): information loss, class structure and the
// prosecutor re-identification risk of the anonymized table (veil/anonymity/anonymization.h,
// veil/anonymity/risk.h). Deterministic: one run per (method, k), no trials.
#pragma once

#include "veil/common/status.h"

#include <array>
#include <cstddef>
#include <limits>
#include <string>

namespace veil::eval {

enum class AnonymityMeasure {
    Loss,                   // ARX's Loss in [0, 1] (NaN for Mondrian, which has no hierarchy-based Loss)
    MethodMetric,           // the method's own metric: optimal:<metric>'s metric, NCP for Mondrian
    Discernibility,         // DM*: sum of |E|^2 over the classes
    AverageClassSize,       // AECS: N / (#kept classes + [any suppressed])
    Suppressed,             // records suppressed
    ProsecutorMax,          // highest prosecutor risk: 1 / smallest kept class
    ProsecutorAverage,      // average prosecutor risk: #kept classes / kept records
    RecordsAtRisk,          // kept records whose risk exceeds the experiment's risk threshold
    RecordsAtRiskFraction,  // the same as a fraction of the kept records
};
inline constexpr std::size_t kAnonymityMeasureCount = 9;
inline constexpr std::array<AnonymityMeasure, kAnonymityMeasureCount> kAllAnonymityMeasures = {
    AnonymityMeasure::Loss,
    AnonymityMeasure::MethodMetric,
    AnonymityMeasure::Discernibility,
    AnonymityMeasure::AverageClassSize,
    AnonymityMeasure::Suppressed,
    AnonymityMeasure::ProsecutorMax,
    AnonymityMeasure::ProsecutorAverage,
    AnonymityMeasure::RecordsAtRisk,
    AnonymityMeasure::RecordsAtRiskFraction};

// Stable column / JSON names: "loss", "metric_value", "discernibility", "avg_class_size",
// "suppressed", "prosecutor_max", "prosecutor_avg", "records_at_risk", "records_at_risk_fraction".
const char* anonymityMeasureName(AnonymityMeasure m);
// Human label: "information loss (ARX Loss)", ...
const char* anonymityMeasureLabel(AnonymityMeasure m);
Result<AnonymityMeasure> parseAnonymityMeasure(const std::string& name);

struct AnonymityMeasures {
    std::array<double, kAnonymityMeasureCount> values{};  // NaN where not defined (nothing found, Loss of Mondrian)
    double operator[](AnonymityMeasure m) const { return values[static_cast<std::size_t>(m)]; }
    double& operator[](AnonymityMeasure m) { return values[static_cast<std::size_t>(m)]; }
};

}  // namespace veil::eval
