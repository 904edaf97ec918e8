// QueryErrorChartBuilder: the error of a random-rectangle workload as grouped bars - median and
// 90th-percentile relative error (|q - q^| / max(q, 0.001 N), Cormode et al. ICDE 2012 Sec. 6)
// for small, medium and large queries - from core's QueryErrorSummary per size class.
#pragma once

#include "veil/spatial/range_query.h"

#include <QString>

#include <array>

class QChart;

namespace veil::ui {

class QueryErrorChartBuilder {
public:
    // Summaries for small, medium, large queries (in that order). The caller owns the chart.
    static QChart* build(const std::array<spatial::QueryErrorSummary, 3>& bySize, const QString& title);
    // An empty chart with the same axes and a hint.
    static QChart* empty(const QString& hint);
};

}  // namespace veil::ui
