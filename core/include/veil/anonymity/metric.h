// Utility metrics (information loss) with ARX 3.9's definitions (Prasser et al., "ARX - a
// comprehensive tool for anonymizing biomedical data", AMIA 2014), so that the optimum and its
// loss match ARX on the same input:
// - Loss (default): per QI x = max(0, (sum of shares - N/|H|) / (N - N/|H|)), share = leaves under
//   the generalized value / leaves of the hierarchy, a suppressed record counts 1; each x is
//   truncated to 10 decimals; aggregate (prod (1 + x))^(1/m) - 1.
// - Entropy (monotonic non-uniform entropy): sum over QIs and records of log2(n_g / n_v).
// - EntropyNonMonotonic: plus, per QI, sum over suppressed generalized values c log2(|S| / c).
// - Discernibility (DM*): sum of |E|^2 over all classes.
// - DiscernibilityPenalized (DM): |E|^2 for kept classes, N |E| for suppressed ones.
// - Aecs: N / (#kept classes + [any suppressed]).
// - Precision: mean over QIs of (kept records x level/height + suppressed) / N.
// - Height: sum of generalization levels.
// - Ncp (Mondrian): mean normalised certainty penalty over records and QIs.
// - Sse (MDAV microaggregation): SSE/SST, the within-group over the total sum of squares of the
//   numeric QIs standardised by their standard deviation (Domingo-Ferrer & Mateo-Sanz, TKDE 2002).
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace veil::anonymity {

enum class MetricKind {
    Loss,
    Entropy,
    EntropyNonMonotonic,
    Discernibility,
    DiscernibilityPenalized,
    Aecs,
    Precision,
    Height,
    Ncp,
    Sse
};

// Every metric, in the order above (the order reports and menus list them in).
inline constexpr MetricKind kAllMetrics[] = {MetricKind::Loss,
                                             MetricKind::Entropy,
                                             MetricKind::EntropyNonMonotonic,
                                             MetricKind::Discernibility,
                                             MetricKind::DiscernibilityPenalized,
                                             MetricKind::Aecs,
                                             MetricKind::Precision,
                                             MetricKind::Height,
                                             MetricKind::Ncp,
                                             MetricKind::Sse};

// CLI names: loss, entropy, entropy-nm, discernibility, dm, aecs, precision, height, ncp, sse.
const char* metricName(MetricKind m);
std::optional<MetricKind> parseMetric(std::string_view name);

// All metrics of one result (NaN where a metric does not apply, e.g. Height for Mondrian).
struct MetricValues {
    double loss = 0;
    double entropy = 0;
    double entropyNonMonotonic = 0;
    double discernibility = 0;
    double discernibilityPenalized = 0;
    double aecs = 0;
    double precision = 0;
    double height = 0;
    double ncp = 0;
    double sse = std::numeric_limits<double>::quiet_NaN();  // MDAV only

    double get(MetricKind m) const;
};

}  // namespace veil::anonymity
