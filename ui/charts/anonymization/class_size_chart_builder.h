// ClassSizeChartBuilder: the sizes of a result's equivalence classes, smallest first, on a log
// axis, with k drawn as a horizontal line: every kept class must lie on or above it. Suppressed
// classes are a separate grey series.
#pragma once

#include "veil/anonymity/anonymization.h"

class QChart;

namespace veil::ui {

class ClassSizeChartBuilder {
public:
    // The caller owns the chart. `k` <= 1 draws no line.
    static QChart* build(const anonymity::EquivalenceClasses& classes, int k);
};

}  // namespace veil::ui
