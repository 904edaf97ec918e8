#include "charts/synthesis/marginal_chart_builder.h"

#include "charts/dp_chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>

namespace veil::ui {

QChart* MarginalChartBuilder::build(const std::vector<double>& real, const std::vector<double>& synthetic,
                                    const QStringList& labels, const QString& title) {
    QChart* chart = dp_chart::newChart(title);
    auto* series = new QBarSeries;
    double hi = 0.05;
    auto add = [&](const std::vector<double>& values, const QString& name, const QColor& color) {
        auto* set = new QBarSet(name);
        set->setColor(color);
        for (double v : values) *set << v, hi = std::max(hi, v);
        series->append(set);
    };
    if (!real.empty()) add(real, QObject::tr("Real (evaluation)"), dp_chart::blue());
    add(synthetic, QObject::tr("Synthetic"), dp_chart::orange());
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    QStringList shown;
    for (const QString& l : labels) shown << (l.size() > 16 ? l.left(15) + QChar(0x2026) : l);
    x->append(shown);
    if (labels.size() > 6) x->setLabelsAngle(-50);
    dp_chart::attach(chart, x, Qt::AlignBottom);
    auto* y = dp_chart::valueAxis(QObject::tr("Share of rows"), 0.0, std::min(1.0, hi * 1.1));
    dp_chart::attach(chart, y, Qt::AlignLeft);
    return chart;
}

}  // namespace veil::ui
