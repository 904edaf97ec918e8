// StrategyErrorChartBuilder: DPBench's scaled average range-query error of each histogram
// strategy at the current epsilon, one bar per strategy (lower is better).
#pragma once

#include "veil/dp/histogram_release.h"

#include <QString>

#include <vector>

class QChart;

namespace veil::ui {

class StrategyErrorChartBuilder {
public:
    static QChart* build(const std::vector<dp::StrategyError>& errors, const QString& title);
    static QString strategyLabel(const dp::StrategyError& e);
};

}  // namespace veil::ui
