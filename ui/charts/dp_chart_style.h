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
// A value axis over [lo, hi] widened to round ticks (charts/nice_scale.h), labelled with the
// decimals its step needs; wholeNumbers: counts or indices, no tick between two whole numbers.
QValueAxis* valueAxis(const QString& title, double lo, double hi, bool wholeNumbers = false);
// Adds the axis to the chart and attaches every series to it.
void attach(QChart* chart, QAbstractAxis* axis, Qt::Alignment alignment);

// The series colours: Okabe-Ito (colour-blind safe) by default; in high contrast (View > High
// Contrast) dark, saturated hues of distinct hue, each at least 4.5:1 against the white chart
// background (WCAG 2.1 AA for text, so that thin lines and small marks stay readable).
enum class Role { Blue, Orange, Vermillion, Green, Purple, Dark };
inline constexpr int kRoles = 6;
QColor color(Role role, bool highContrast);

// Whether charts are drawn in high contrast (ContrastMode sets it); builders read it through the
// accessors below, and chart_contrast::apply() re-colours charts built before a switch.
bool highContrast();
void setHighContrast(bool on);
// Background and text/axis colours of a high-contrast chart, and its grid lines (>= 3:1).
QColor highContrastBackground();
QColor highContrastForeground();
QColor highContrastGrid();

inline QColor blue() { return color(Role::Blue, highContrast()); }
inline QColor orange() { return color(Role::Orange, highContrast()); }
inline QColor vermillion() { return color(Role::Vermillion, highContrast()); }
inline QColor green() { return color(Role::Green, highContrast()); }
inline QColor purple() { return color(Role::Purple, highContrast()); }
inline QColor dark() { return color(Role::Dark, highContrast()); }

}  // namespace veil::ui::dp_chart
