// Presentation zoom for Qt Charts: a chart takes its fonts from the application font when it is
// built and does not follow it afterwards, so each chart's title, legend, axes and bar labels are
// scaled from the fonts they have at 100%, kept beside them. Chart builders that set absolute point
// sizes write them as points(14), so that a chart built while zoomed is built zoomed.
#pragma once

class QChart;
class QFont;

namespace veil::ui::chart_zoom {

// `font` with its point (or pixel) size multiplied by `factor`.
QFont scaledFont(const QFont& font, double factor);

// The zoom factor in effect (PresentationZoom sets it); 1 by default.
double currentFactor();
void setCurrentFactor(double factor);
// A point size given at 100%, at the zoom in effect.
inline double points(double pointsAt100) { return pointsAt100 * currentFactor(); }

// Sets every font of `chart` to `factor` times its size at 100%. A font seen for the first time is
// taken to be at `seenAt` (the zoom in effect when the chart was built). Idempotent.
void apply(QChart* chart, double factor, double seenAt);

}  // namespace veil::ui::chart_zoom
