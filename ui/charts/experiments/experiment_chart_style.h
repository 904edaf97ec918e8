// The look shared by the Experiments view's charts, readable on a projector: a bold 14 pt title,
// an 11 pt legend at the bottom, 11 pt axis labels with bold titles, and a colour-blind-safe
// palette (Okabe-Ito) for one line per method.
#pragma once

#include <QColor>

#include <initializer_list>

class QAbstractAxis;
class QChart;

namespace veil::ui::experiment_chart {

// A new chart with the title and legend fonts set.
QChart* newChart();
// Label and title fonts of these axes.
void styleAxes(std::initializer_list<QAbstractAxis*> axes);
// The colour of the i-th method (cycles).
QColor methodColor(std::size_t index);

}  // namespace veil::ui::experiment_chart
