#include "charts/density_color_scale.h"

#include <algorithm>
#include <cmath>

namespace veil::ui {
namespace {
// ColorBrewer YlOrRd, 9 classes (Harrower & Brewer 2003).
constexpr QRgb kStops[] = {0xffffcc, 0xffeda0, 0xfed976, 0xfeb24c, 0xfd8d3c, 0xfc4e2a, 0xe31a1c, 0xbd0026, 0x800026};
constexpr int kStopCount = int(sizeof(kStops) / sizeof(kStops[0]));
}  // namespace

DensityColorScale DensityColorScale::fit(const std::vector<double>& relativeDensities) {
    DensityColorScale s;
    double hi = 1.0, lo = 1.0;
    for (double v : relativeDensities) {
        if (!std::isfinite(v)) continue;
        hi = std::max(hi, v);
        if (v > 0.0) lo = std::min(lo, v);
    }
    s.m_high = hi;
    s.m_low = std::max(lo, hi * 1e-4);
    if (s.m_low >= s.m_high) s.m_low = s.m_high / 10.0;
    return s;
}

double DensityColorScale::position(double relativeDensity) const {
    if (!(relativeDensity > m_low)) return 0.0;
    const double p = std::log10(relativeDensity / m_low) / std::log10(m_high / m_low);
    return std::clamp(p, 0.0, 1.0);
}

QColor DensityColorScale::color(double relativeDensity) const { return colorAt(position(relativeDensity)); }

QColor DensityColorScale::colorAt(double position) {
    const double t = std::clamp(position, 0.0, 1.0) * (kStopCount - 1);
    const int i = std::min(int(t), kStopCount - 2);
    const double f = t - i;
    const QColor a(kStops[i]), b(kStops[i + 1]);
    const auto mix = [f](int x, int y) { return int(std::lround(x + (y - x) * f)); };
    return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

std::vector<double> DensityColorScale::ticks() const {
    std::vector<double> out;
    const int first = int(std::ceil(std::log10(m_low) - 1e-9));
    const int last = int(std::floor(std::log10(m_high) + 1e-9));
    if (last - first >= 2) {
        const int step = std::max(1, (last - first + 5) / 5);
        for (int e = first; e <= last; e += step) out.push_back(std::pow(10.0, e));
        return out;
    }
    // A range of two decades or less: 1, 2 and 5 times the powers of ten inside it.
    for (int e = first - 1; e <= last; ++e)
        for (double m : {1.0, 2.0, 5.0}) {
            const double t = m * std::pow(10.0, e);
            if (t >= m_low * (1 - 1e-9) && t <= m_high * (1 + 1e-9)) out.push_back(t);
        }
    return out;
}

QString DensityColorScale::tickLabel(double value) {
    const QString number = value >= 1.0 ? QString::number(value, 'f', 0) : QString::number(value, 'g', 2);
    return number + QChar(0x00d7);
}

}  // namespace veil::ui
