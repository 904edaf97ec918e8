#include "veil/anonymity/metric.h"

#include <limits>

namespace veil::anonymity {

const char* metricName(MetricKind m) {
    switch (m) {
        case MetricKind::Loss:
            return "loss";
        case MetricKind::Entropy:
            return "entropy";
        case MetricKind::EntropyNonMonotonic:
            return "entropy-nm";
        case MetricKind::Discernibility:
            return "discernibility";
        case MetricKind::DiscernibilityPenalized:
            return "dm";
        case MetricKind::Aecs:
            return "aecs";
        case MetricKind::Precision:
            return "precision";
        case MetricKind::Height:
            return "height";
        case MetricKind::Ncp:
            return "ncp";
        case MetricKind::Sse:
            return "sse";
    }
    return "?";
}

std::optional<MetricKind> parseMetric(std::string_view name) {
    for (auto m : kAllMetrics)
        if (name == metricName(m)) return m;
    return std::nullopt;
}

double MetricValues::get(MetricKind m) const {
    switch (m) {
        case MetricKind::Loss:
            return loss;
        case MetricKind::Entropy:
            return entropy;
        case MetricKind::EntropyNonMonotonic:
            return entropyNonMonotonic;
        case MetricKind::Discernibility:
            return discernibility;
        case MetricKind::DiscernibilityPenalized:
            return discernibilityPenalized;
        case MetricKind::Aecs:
            return aecs;
        case MetricKind::Precision:
            return precision;
        case MetricKind::Height:
            return height;
        case MetricKind::Ncp:
            return ncp;
        case MetricKind::Sse:
            return sse;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace veil::anonymity
