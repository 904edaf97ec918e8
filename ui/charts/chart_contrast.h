// High contrast for Qt Charts: a chart takes its colours when it is built and does not follow the
// application palette, so apply() re-colours a chart already built. In high contrast: white
// background, black title, legend and axes, grey grid, and series in dp_chart's high-contrast
// colours (a dp_chart colour becomes its high-contrast counterpart; any other series colour, e.g. a
// chart theme's, becomes the next high-contrast colour and is kept beside the series). Back to
// normal contrast, every kept colour is restored and high-contrast colours map back. Idempotent.
#pragma once

class QChart;

namespace veil::ui::chart_contrast {

void apply(QChart* chart, bool high);
// Whether `chart` was last coloured for high contrast by apply().
bool isHigh(const QChart* chart);

}  // namespace veil::ui::chart_contrast
