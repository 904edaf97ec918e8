#include "charts/histograms/strategy_error_chart_builder.h"

#include "charts/dp_chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {

QString StrategyErrorChartBuilder::strategyLabel(const dp::StrategyError& e) {
    QString name = QString::fromStdString(e.name);
    if (e.strategy == "hierarchical") name += e.consistent ? QObject::tr(" (consistent)") : QObject::tr(" (raw)");
    return name;
}

QChart* StrategyErrorChartBuilder::build(const std::vector<dp::StrategyError>& errors, const QString& title) {
    QChart* chart = dp_chart::newChart(title);
    auto* set = new QBarSet(QObject::tr("Scaled average range-query error (mean over trials)"));
    set->setColor(dp_chart::green());
    set->setLabelColor(dp_chart::dark());
    QFont labelFont = set->labelFont();
    labelFont.setPointSizeF(labelFont.pointSizeF() + 1);
    set->setLabelFont(labelFont);
    QStringList categories;
    double hi = 0;
    for (const auto& e : errors) {
        *set << e.meanError;
        categories << strategyLabel(e);
        hi = std::max(hi, e.meanError + (std::isnan(e.standardError) ? 0.0 : e.standardError));  // NaN: 1 trial
    }
    auto* series = new QBarSeries;
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(3);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(QObject::tr("Strategy"));
    dp_chart::attach(chart, x, Qt::AlignBottom);
    dp_chart::attach(chart, dp_chart::valueAxis(QObject::tr("Error (lower is better)"), 0, hi > 0 ? hi * 1.2 : 1.0),
                     Qt::AlignLeft);
    return chart;
}

}  // namespace veil::ui
