// DensityColorScale: colours for cells by their noisy density relative to the average density
// (the leaves of a spatial decomposition: N / area(domain); the cells of a 2-D histogram: N /
// cells), on a log scale (sequential yellow-orange-red, ColorBrewer YlOrRd, readable in grey and
// for colour-blind viewers). Noisy densities at or below zero get the lowest colour. The same
// scale draws the legend.
#pragma once

#include <QColor>
#include <QString>

#include <vector>

namespace veil::ui {

class DensityColorScale {
public:
    DensityColorScale() = default;
    // Fits the range to `relativeDensities` (leaf density / average density): the top is the
    // largest value (at least 1), the bottom the smallest positive value, but at most 4 decades
    // below the top and at most 1.
    static DensityColorScale fit(const std::vector<double>& relativeDensities);

    double low() const { return m_low; }
    double high() const { return m_high; }
    // Position of a relative density on the scale: 0 at low() (and below), 1 at high() (and above).
    double position(double relativeDensity) const;
    QColor color(double relativeDensity) const;
    static QColor colorAt(double position);  // position in [0, 1]
    // Ticks for the legend: powers of ten inside [low, high] (at most ~6); 1, 2 and 5 times them
    // when the range spans two decades or less.
    std::vector<double> ticks() const;
    static QString tickLabel(double value);  // "0.01×", "1×", "100×"

private:
    double m_low = 0.1, m_high = 10.0;
};

}  // namespace veil::ui
