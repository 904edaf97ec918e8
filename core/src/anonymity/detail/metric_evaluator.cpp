// Metric definitions follow ARX 3.9 (org.deidentifier.arx.metric.v2: MetricMDNMLoss,
// MetricMDNUEntropyPrecomputed, MetricMDNUNMEntropyPrecomputed, MetricSDDiscernability,
// MetricSDNMDiscernability, MetricSDAECS, MetricMDNMPrecision, MetricMDHeight).
#include "anonymity/detail/metric_evaluator.h"

#include <cmath>
#include <limits>
#include <unordered_map>

namespace veil::anonymity::detail {

double arxRound(double v) { return std::floor(v * 1e10) / 1e10; }

namespace {
double log2d(double x) { return std::log(x) / std::log(2.0); }
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}  // namespace

MetricEvaluator::MetricEvaluator(const EncodedData& data) : m_data(data) {
    m_entropyCache.resize(data.dims.size());
    for (std::size_t d = 0; d < data.dims.size(); ++d)
        m_entropyCache[d].assign(std::size_t(data.dims[d].height + 1), kNaN);
}

void MetricEvaluator::setGsFactor(double gs) {
    m_sFactor = gs < 0.5 ? 2.0 * gs : 1.0;
    m_gFactor = gs <= 0.5 ? 1.0 : 1.0 - 2.0 * (gs - 0.5);
}

bool MetricEvaluator::independent(MetricKind metric) {
    return metric == MetricKind::Entropy || metric == MetricKind::Height;
}

bool MetricEvaluator::monotonic(MetricKind metric) {
    return metric == MetricKind::Entropy || metric == MetricKind::Height || metric == MetricKind::Discernibility;
}

// Loss: normalise the per-QI sum of shares between N/|H| (nothing generalized) and N.
double MetricEvaluator::lossDimension(double aggregate, std::size_t dim) const {
    const double n = double(m_data.records);
    const double min = m_gFactor * n / double(m_data.dims[dim].hierarchy->rowCount());
    if (n - min <= 0) return 0.0;
    const double x = (aggregate - min) / (n - min);
    return arxRound(x >= 0 ? x : 0.0);
}

double MetricEvaluator::loss(const std::vector<int>& levels, const NodeClasses& nc) const {
    const std::size_t m = m_data.dimensions();
    double result = 1.0;
    for (std::size_t d = 0; d < m; ++d) {
        const auto& share = m_data.dims[d].labelShare[std::size_t(levels[d])];
        double sum = 0;
        for (std::size_t c = 0; c < nc.classCount(); ++c) {
            const double count = nc.classSize[c];
            const double kept = count * share[m_data.label(nc.classRep[c], d, levels[d])];
            sum += !nc.outlier[c] ? kept * m_gFactor : m_sFactor == 1.0 ? count : kept + m_sFactor * (count - kept);
        }
        result *= std::pow(lossDimension(sum, d) + 1.0, 1.0 / double(m));
    }
    return result - 1.0;
}

double MetricEvaluator::entropyDimension(std::size_t d, int level) const {
    double& cached = m_entropyCache[d][std::size_t(level)];
    if (!std::isnan(cached)) return cached;
    const auto& dim = m_data.dims[d];
    double value = 0;
    for (auto row : dim.valueRows) {
        const double a = dim.rowRecords[row];
        const double b = dim.labelRecords[std::size_t(level)][dim.rowLabel[std::size_t(level)][row]];
        if (a != 0) value += a * log2d(a / b);
    }
    cached = value;
    return value;
}

double MetricEvaluator::entropy(const std::vector<int>& levels) const {
    double total = 0;
    for (std::size_t d = 0; d < m_data.dimensions(); ++d) {
        const double v = entropyDimension(d, levels[d]);
        total += arxRound(v == 0.0 ? v : -v);
    }
    return total;
}

double MetricEvaluator::entropyNonMonotonic(const std::vector<int>& levels, const NodeClasses& nc) const {
    double total = 0;
    double suppressed = 0;
    for (std::size_t c = 0; c < nc.classCount(); ++c)
        if (nc.outlier[c]) suppressed += nc.classSize[c];
    for (std::size_t d = 0; d < m_data.dimensions(); ++d) {
        double v = entropyDimension(d, levels[d]);
        if (suppressed > 0) {
            std::unordered_map<std::uint32_t, double> counts;
            for (std::size_t c = 0; c < nc.classCount(); ++c)
                if (nc.outlier[c]) counts[m_data.label(nc.classRep[c], d, levels[d])] += nc.classSize[c];
            for (const auto& [label, count] : counts) v += count * log2d(count / suppressed);
        }
        total += arxRound(v == 0.0 ? v : -v);
    }
    return total;
}

double MetricEvaluator::precision(const std::vector<int>& levels, const NodeClasses& nc) const {
    const double n = double(m_data.records);
    double suppressed = 0;
    for (std::size_t c = 0; c < nc.classCount(); ++c)
        if (nc.outlier[c]) suppressed += nc.classSize[c];
    const double kept = n - suppressed;
    double sum = 0;
    for (std::size_t d = 0; d < m_data.dimensions(); ++d) {
        const int h = m_data.dims[d].height;
        const double share = h == 0 ? 0.0 : double(levels[d]) / double(h);
        sum += (kept * share + suppressed) / n;
    }
    return sum / double(m_data.dimensions());
}

double MetricEvaluator::value(MetricKind metric, const std::vector<int>& levels, const NodeClasses& nc) const {
    const double n = double(m_data.records);
    switch (metric) {
        case MetricKind::Loss:
            return loss(levels, nc);
        case MetricKind::Entropy:
            return entropy(levels);
        case MetricKind::EntropyNonMonotonic:
            return entropyNonMonotonic(levels, nc);
        case MetricKind::Discernibility: {
            double dm = 0;
            for (auto s : nc.classSize) dm += double(s) * double(s);
            return dm;
        }
        case MetricKind::DiscernibilityPenalized: {
            double dm = 0;
            for (std::size_t c = 0; c < nc.classCount(); ++c) {
                const double s = nc.classSize[c];
                dm += nc.outlier[c] ? n * s : s * s;
            }
            return dm;
        }
        case MetricKind::Aecs: {
            double kept = 0;
            bool anySuppressed = false;
            for (std::size_t c = 0; c < nc.classCount(); ++c) {
                if (nc.outlier[c])
                    anySuppressed = true;
                else
                    kept += 1;
            }
            const double groups = kept + (anySuppressed ? 1.0 : 0.0);
            return n / groups;
        }
        case MetricKind::Precision:
            return precision(levels, nc);
        case MetricKind::Height: {
            double h = 0;
            for (int l : levels) h += l;
            return h;
        }
        case MetricKind::Ncp:
        case MetricKind::Sse:
            return kNaN;
    }
    return kNaN;
}

MetricValues MetricEvaluator::all(const std::vector<int>& levels, const NodeClasses& nc) const {
    MetricValues v;
    v.loss = loss(levels, nc);
    v.entropy = entropy(levels);
    v.entropyNonMonotonic = entropyNonMonotonic(levels, nc);
    v.discernibility = value(MetricKind::Discernibility, levels, nc);
    v.discernibilityPenalized = value(MetricKind::DiscernibilityPenalized, levels, nc);
    v.aecs = value(MetricKind::Aecs, levels, nc);
    v.precision = precision(levels, nc);
    v.height = value(MetricKind::Height, levels, nc);
    v.ncp = kNaN;
    return v;
}

std::optional<double> MetricEvaluator::lowerBound(MetricKind metric, const std::vector<int>& levels) const {
    switch (metric) {
        case MetricKind::Loss: {
            // Generalization only (every record kept): sum of shares over all records.
            const std::size_t m = m_data.dimensions();
            double result = 1.0;
            for (std::size_t d = 0; d < m; ++d) {
                const auto& dim = m_data.dims[d];
                const auto l = std::size_t(levels[d]);
                double sum = 0;
                for (auto row : dim.valueRows)
                    sum += m_gFactor * double(dim.rowRecords[row]) * dim.labelShare[l][dim.rowLabel[l][row]];
                result *= std::pow(lossDimension(sum, d) + 1.0, 1.0 / double(m));
            }
            return result - 1.0;
        }
        case MetricKind::Entropy:
        case MetricKind::EntropyNonMonotonic:
            return entropy(levels);
        case MetricKind::Precision: {
            double sum = 0;
            for (std::size_t d = 0; d < m_data.dimensions(); ++d) {
                const int h = m_data.dims[d].height;
                sum += h == 0 ? 0.0 : double(levels[d]) / double(h);
            }
            return sum / double(m_data.dimensions());
        }
        case MetricKind::Height: {
            double h = 0;
            for (int l : levels) h += l;
            return h;
        }
        default:
            return std::nullopt;
    }
}

}  // namespace veil::anonymity::detail
