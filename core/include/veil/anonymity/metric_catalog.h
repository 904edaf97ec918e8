// The catalogue of utility metrics as a steward reads them: for every MetricKind, a human name and
// a one-line description (what the number measures and which way is better). The CLI name
// (metricName) stays the identifier in files and exports; windows and reports show these.
// One place for all: the anonymization view's metric menu, its summary and the Experiments view.
#pragma once

#include "veil/anonymity/metric.h"

#include <string_view>

namespace veil::anonymity {

struct MetricInfo {
    MetricKind kind;
    std::string_view title;        // e.g. "Discernibility, penalised (DM)"
    std::string_view description;  // one line, for a tooltip
};

inline constexpr MetricInfo kMetricCatalog[] = {
    {MetricKind::Loss, "Information loss (ARX Loss)",
     "How much detail the generalization removed, from 0 (none) to 1 (everything); lower is better."},
    {MetricKind::Entropy, "Non-uniform entropy",
     "Bits of information lost by generalizing each record's values (monotonic); lower is better."},
    {MetricKind::EntropyNonMonotonic, "Non-uniform entropy, with suppression",
     "Non-uniform entropy that also counts what suppressed records lose (not monotonic); lower is better."},
    {MetricKind::Discernibility, "Discernibility (DM*)",
     "Sum of squared class sizes: how many records each record is indistinguishable from; lower is better."},
    {MetricKind::DiscernibilityPenalized, "Discernibility, penalised (DM)",
     "Discernibility where each suppressed record costs as much as the whole table; lower is better."},
    {MetricKind::Aecs, "Average class size (AECS)",
     "Records per equivalence class on average; close to k is better, larger means coarser groups."},
    {MetricKind::Precision, "Precision loss",
     "Average share of each hierarchy climbed (0 = original values, 1 = all '*'); lower is better."},
    {MetricKind::Height, "Generalization height",
     "Sum of the generalization levels chosen for the quasi-identifiers; lower is better."},
    {MetricKind::Ncp, "Normalised certainty penalty (NCP)",
     "Mondrian's loss: average width of the generalized ranges relative to each column's range; lower is "
     "better."},
    {MetricKind::Sse, "Within-group variance (SSE/SST)",
     "MDAV's loss: share of the numeric quasi-identifiers' variance removed by replacing values with group "
     "means, from 0 to 1; lower is better."},
};

// The catalogue entry of `kind` (every MetricKind has one).
constexpr const MetricInfo& metricInfo(MetricKind kind) {
    for (const MetricInfo& info : kMetricCatalog)
        if (info.kind == kind) return info;
    return kMetricCatalog[0];
}

static_assert(std::size(kMetricCatalog) == std::size(kAllMetrics), "every metric needs a catalogue entry");

}  // namespace veil::anonymity
