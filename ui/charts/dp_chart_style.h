// The look shared by the views' charts (Mechanisms, Histograms, Synthesize): a chart with a bold title,
// no animation, legend at the bottom, and value axes with titles, large enough for a projector.
#pragma once

#include <QColor>
#include <QString>

class QAbstractAxis;
class QChart;
class QValueAxis;

namespace veil::ui::dp_chart {

QChart* newChart(const QString& title);
QValueAxis* valueAxis(const QString& title, double lo, double hi, const QString& format = QStringLiteral("%.6g"));
// Adds the axis to the chart and attaches every series to it.
void attach(QChart* chart, QAbstractAxis* axis, Qt::Alignment alignment);

// Okabe-Ito colours (colour-blind safe).
inline QColor blue() { return QColor(0x00, 0x72, 0xb2); }
inline QColor orange() { return QColor(0xe6, 0x9f, 0x00); }
inline QColor vermillion() { return QColor(0xd5, 0x5e, 0x00); }
inline QColor green() { return QColor(0x00, 0x9e, 0x73); }
inline QColor dark() { return QColor(0x20, 0x20, 0x20); }

}  // namespace veil::ui::dp_chart
