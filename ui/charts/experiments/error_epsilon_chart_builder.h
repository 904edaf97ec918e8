// ErrorEpsilonChartBuilder: a sweep's error against epsilon (issue 9) as a Qt Charts line chart
// with log axes (QLogValueAxis): one line per method through the medians over trials, a shaded
// band (QAreaSeries) between the first and third quartiles, a legend, and a tooltip with the
// exact numbers on hover. Built from core's veil::eval::SweepResult; holds no algorithm.
#pragma once

#include "veil/eval/sweep.h"

#include <QString>

class QChart;

namespace veil::ui {

class ErrorEpsilonChartBuilder {
public:
    // Values <= 0 cannot be drawn on a log axis: they are drawn at this floor (the tooltip shows
    // the true value).
    static constexpr double kLogFloor = 1e-9;

    // The chart of `metric` for every method of `result`; a placeholder title when empty.
    static QChart* build(const eval::SweepResult& result, eval::Metric metric);

    // Tooltip text of one (method, epsilon) summary: label, epsilon, median, IQR, mean and 95% CI.
    static QString tooltipText(const eval::SweepResult& result, const eval::SummaryRow& row, eval::Metric metric);
};

}  // namespace veil::ui
