#include "charts/chart_zoom.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QFont>
#include <QLegend>
#include <QVariant>

#include <cmath>

namespace veil::ui::chart_zoom {
namespace {

double g_factor = 1.0;

// Keeps the font `get()` returns, at 100%, as property `key` of `owner` (first call: it is taken
// to be at `seenAt`) and sets the font to that times `factor` when it differs.
template <class Get, class Set>
void zoomFont(QObject* owner, const char* key, double factor, double seenAt, Get get, Set set) {
    QVariant unzoomed = owner->property(key);
    if (!unzoomed.isValid()) {
        unzoomed = QVariant::fromValue(scaledFont(get(), 1.0 / seenAt));
        owner->setProperty(key, unzoomed);
    }
    const QFont wanted = scaledFont(unzoomed.value<QFont>(), factor);
    if (get() != wanted) set(wanted);
}

}  // namespace

double currentFactor() { return g_factor; }
void setCurrentFactor(double factor) { g_factor = factor; }

QFont scaledFont(const QFont& font, double factor) {
    QFont scaled = font;
    if (font.pointSizeF() > 0)
        scaled.setPointSizeF(font.pointSizeF() * factor);
    else if (font.pixelSize() > 0)
        scaled.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * factor))));
    return scaled;
}

void apply(QChart* chart, double factor, double seenAt) {
    if (!chart) return;
    zoomFont(
        chart, "veilUnzoomedTitleFont", factor, seenAt, [chart] { return chart->titleFont(); },
        [chart](const QFont& f) { chart->setTitleFont(f); });
    QLegend* legend = chart->legend();
    zoomFont(
        legend, "veilUnzoomedFont", factor, seenAt, [legend] { return legend->font(); },
        [legend](const QFont& f) { legend->setFont(f); });
    for (QAbstractAxis* axis : chart->axes()) {
        zoomFont(
            axis, "veilUnzoomedLabelsFont", factor, seenAt, [axis] { return axis->labelsFont(); },
            [axis](const QFont& f) { axis->setLabelsFont(f); });
        zoomFont(
            axis, "veilUnzoomedTitleFont", factor, seenAt, [axis] { return axis->titleFont(); },
            [axis](const QFont& f) { axis->setTitleFont(f); });
    }
    for (QAbstractSeries* series : chart->series()) {
        auto* bars = qobject_cast<QAbstractBarSeries*>(series);
        if (!bars) continue;
        for (QBarSet* set : bars->barSets())
            zoomFont(
                set, "veilUnzoomedLabelFont", factor, seenAt, [set] { return set->labelFont(); },
                [set](const QFont& f) { set->setLabelFont(f); });
    }
}

}  // namespace veil::ui::chart_zoom
