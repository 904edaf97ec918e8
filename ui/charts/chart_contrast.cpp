#include "charts/chart_contrast.h"

#include "charts/dp_chart_style.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QAreaSeries>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QPen>
#include <QVariant>
#include <QXYSeries>

#include <array>
#include <functional>

namespace veil::ui::chart_contrast {
namespace {

constexpr const char* kContrastKey = "veilHighContrast";
// The series colours given to charts that did not use dp_chart's (theme colours), in this order.
constexpr std::array<dp_chart::Role, 5> kSeriesOrder = {dp_chart::Role::Blue, dp_chart::Role::Orange,
                                                        dp_chart::Role::Green, dp_chart::Role::Purple,
                                                        dp_chart::Role::Vermillion};

bool sameRgb(const QColor& a, const QColor& b) { return a.rgb() == b.rgb(); }

// `c` in the palette `high` if it is a dp_chart colour (or one darker(140) of it) of the other
// palette or of this one; invalid otherwise. Alpha is kept.
QColor counterpart(const QColor& c, bool high) {
    for (int i = 0; i < dp_chart::kRoles; ++i) {
        const auto role = static_cast<dp_chart::Role>(i);
        const QColor from = dp_chart::color(role, !high);
        const QColor to = dp_chart::color(role, high);
        QColor out;
        if (sameRgb(c, from) || sameRgb(c, to))
            out = to;
        else if (sameRgb(c, from.darker(140)) || sameRgb(c, to.darker(140)))
            out = to.darker(140);
        if (out.isValid()) {
            out.setAlpha(c.alpha());
            return out;
        }
    }
    return {};
}

// One colour of `owner` (`key` names it): in high contrast, a dp_chart colour maps across and any
// other colour is kept in a property and replaced by `fallback`; back, the kept colour returns.
void recolour(QObject* owner, const char* key, bool high, const QColor& fallback, const std::function<QColor()>& get,
              const std::function<void(const QColor&)>& set) {
    const QColor now = get();
    if (!now.isValid() || now.alpha() == 0) return;  // no brush or pen: nothing drawn
    const QVariant kept = owner->property(key);
    QColor wanted = counterpart(now, high);
    if (high && !wanted.isValid()) {
        if (!kept.isValid()) owner->setProperty(key, now);
        wanted = fallback;
        wanted.setAlpha(now.alpha());
    } else if (!high && kept.isValid()) {
        wanted = kept.value<QColor>();
        owner->setProperty(key, QVariant());
    }
    if (wanted.isValid() && wanted != now) set(wanted);
}

void recolourPen(QObject* owner, const char* key, bool high, const QColor& fallback, const std::function<QPen()>& get,
                 const std::function<void(const QPen&)>& set) {
    recolour(
        owner, key, high, fallback, [&get] { return get().style() == Qt::NoPen ? QColor() : get().color(); },
        [&get, &set](const QColor& c) {
            QPen pen = get();
            pen.setColor(c);
            set(pen);
        });
}

void recolourBrush(QObject* owner, const char* key, bool high, const QColor& fallback,
                   const std::function<QBrush()>& get, const std::function<void(const QBrush&)>& set) {
    recolour(
        owner, key, high, fallback, [&get] { return get().style() == Qt::NoBrush ? QColor() : get().color(); },
        [&get, &set](const QColor& c) {
            QBrush brush = get();
            brush.setColor(c);
            set(brush);
        });
}

void applySeries(QAbstractSeries* series, bool high, int& next) {
    const auto fallback = [&next] {
        return dp_chart::color(kSeriesOrder.at(std::size_t(next++) % kSeriesOrder.size()), true);
    };
    if (auto* xy = qobject_cast<QXYSeries*>(series)) {
        const QColor c = fallback();
        recolourPen(
            xy, "veilNormalPen", high, c, [xy] { return xy->pen(); }, [xy](const QPen& p) { xy->setPen(p); });
        recolourBrush(
            xy, "veilNormalBrush", high, c, [xy] { return xy->brush(); }, [xy](const QBrush& b) { xy->setBrush(b); });
    } else if (auto* area = qobject_cast<QAreaSeries*>(series)) {
        const QColor c = fallback();
        recolourPen(
            area, "veilNormalPen", high, c.darker(140), [area] { return area->pen(); },
            [area](const QPen& p) { area->setPen(p); });
        recolourBrush(
            area, "veilNormalBrush", high, c, [area] { return area->brush(); },
            [area](const QBrush& b) { area->setBrush(b); });
    } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
        for (QBarSet* set : bars->barSets()) {
            const QColor c = fallback();
            recolourBrush(
                set, "veilNormalBrush", high, c, [set] { return set->brush(); },
                [set](const QBrush& b) { set->setBrush(b); });
            recolourPen(
                set, "veilNormalPen", high, c, [set] { return set->pen(); }, [set](const QPen& p) { set->setPen(p); });
            recolour(
                set, "veilNormalLabel", high, dp_chart::highContrastForeground(), [set] { return set->labelColor(); },
                [set](const QColor& l) { set->setLabelColor(l); });
        }
    }
}

// A chart-level colour: kept in `key` and set to `highColour` in high contrast, restored after.
template <class Value, class Get, class Set>
void keepAndSet(QObject* owner, const char* key, bool high, const Value& highValue, Get get, Set set) {
    const QVariant kept = owner->property(key);
    if (high) {
        if (!kept.isValid()) owner->setProperty(key, QVariant::fromValue(get()));
        if (get() != highValue) set(highValue);
    } else if (kept.isValid()) {
        set(kept.value<Value>());
        owner->setProperty(key, QVariant());
    }
}

void applyFrame(QChart* chart, bool high) {
    const QColor fg = dp_chart::highContrastForeground();
    keepAndSet(
        chart, "veilNormalBackground", high, QBrush(dp_chart::highContrastBackground()),
        [chart] { return chart->backgroundBrush(); }, [chart](const QBrush& b) { chart->setBackgroundBrush(b); });
    keepAndSet(
        chart, "veilNormalTitle", high, QBrush(fg), [chart] { return chart->titleBrush(); },
        [chart](const QBrush& b) { chart->setTitleBrush(b); });
    QLegend* legend = chart->legend();
    keepAndSet(
        legend, "veilNormalLabel", high, fg, [legend] { return legend->labelColor(); },
        [legend](const QColor& c) { legend->setLabelColor(c); });
    for (QAbstractAxis* axis : chart->axes()) {
        keepAndSet(
            axis, "veilNormalLabels", high, QBrush(fg), [axis] { return axis->labelsBrush(); },
            [axis](const QBrush& b) { axis->setLabelsBrush(b); });
        keepAndSet(
            axis, "veilNormalTitle", high, QBrush(fg), [axis] { return axis->titleBrush(); },
            [axis](const QBrush& b) { axis->setTitleBrush(b); });
        keepAndSet(
            axis, "veilNormalLine", high, fg, [axis] { return axis->linePenColor(); },
            [axis](const QColor& c) { axis->setLinePenColor(c); });
        keepAndSet(
            axis, "veilNormalGrid", high, dp_chart::highContrastGrid(), [axis] { return axis->gridLineColor(); },
            [axis](const QColor& c) { axis->setGridLineColor(c); });
    }
}

}  // namespace

void apply(QChart* chart, bool high) {
    if (!chart) return;
    applyFrame(chart, high);
    int next = 0;
    for (QAbstractSeries* series : chart->series()) applySeries(series, high, next);
    chart->setProperty(kContrastKey, high);
}

bool isHigh(const QChart* chart) { return chart && chart->property(kContrastKey).toBool(); }

}  // namespace veil::ui::chart_contrast
