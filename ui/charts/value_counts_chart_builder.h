// ValueCountsChartBuilder: turns veil::ValueCounts into a QChart. Numeric columns become a
// histogram over a value (or date) axis; categorical and text columns a horizontal bar chart of
// their most frequent values, most frequent on top.
#pragma once

#include "veil/table/column.h"
#include "veil/table/column_summary.h"

#include <QString>

class QChart;

namespace veil::ui {

class ValueCountsChartBuilder {
public:
    // `type` picks the axis (dates get a date axis). The caller owns the chart.
    static QChart* build(const ValueCounts& counts, ColumnType type, const QString& title);

private:
    static QChart* histogram(const ValueCounts& counts, ColumnType type);
    static QChart* barChart(const ValueCounts& counts);
    static QChart* emptyChart();
};

}  // namespace veil::ui
