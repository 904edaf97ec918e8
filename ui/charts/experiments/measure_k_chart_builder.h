// MeasureKChartBuilder: an anonymity experiment's measure (information loss, re-identification
// risk, suppressed records, ...) against k as a Qt Charts line chart: k on a log axis, the measure
// on a linear axis, one line with markers per method, a legend and a tooltip with the exact numbers
// on hover. Points where a method found no solution or the measure is undefined (ARX Loss of
// Mondrian) are left out. Built from core's veil::eval::SweepResult; holds no algorithm.
#pragma once

#include "veil/eval/sweep.h"

#include <QString>

class QChart;

namespace veil::ui {

class MeasureKChartBuilder {
public:
    // The chart of `measure` for every method of `result`; a placeholder title when empty.
    static QChart* build(const eval::SweepResult& result, eval::AnonymityMeasure measure);

    // Tooltip text of one (method, k) row: label, k, solution, the measure and the risk.
    static QString tooltipText(const eval::SweepResult& result, const eval::AnonymityRow& row,
                               eval::AnonymityMeasure measure);
};

}  // namespace veil::ui
