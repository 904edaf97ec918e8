#include "charts/spatial/query_error_chart_builder.h"
#include "charts/chart_zoom.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QLogValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("QueryErrorChartBuilder", text); }

QFont chartFont(double points, bool bold = false) {
    QFont f;
    f.setPointSizeF(chart_zoom::points(points));
    f.setBold(bold);
    return f;
}

QChart* frame(QBarSeries* series, double minValue, double maxValue, const QString& title) {
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->setTitleFont(chartFont(12, true));
    chart->addSeries(series);
    auto* categories = new QBarCategoryAxis;
    categories->append({tr("Small"), tr("Medium"), tr("Large")});
    categories->setTitleText(tr("Query side: 1–5 %, 5–25 %, 25–75 %"));
    categories->setTitleFont(chartFont(11, true));
    categories->setLabelsFont(chartFont(10.5));
    chart->addAxis(categories, Qt::AlignBottom);
    series->attachAxis(categories);
    // Errors span decades (small queries on sparse data vs large ones): a log axis keeps all visible.
    auto* values = new QLogValueAxis;
    values->setBase(10.0);
    values->setTitleText(tr("Relative error (%, log scale)"));
    values->setTitleFont(chartFont(11, true));
    values->setLabelsFont(chartFont(10.5));
    values->setLabelFormat(QStringLiteral("%g"));
    values->setMinorTickCount(8);
    values->setRange(std::pow(10.0, std::floor(std::log10(minValue))), std::pow(10.0, std::ceil(std::log10(maxValue))));
    chart->addAxis(values, Qt::AlignLeft);
    series->attachAxis(values);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setFont(chartFont(10.5));
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

}  // namespace

QChart* QueryErrorChartBuilder::build(const std::array<spatial::QueryErrorSummary, 3>& bySize, const QString& title) {
    auto* median = new QBarSet(tr("Median"));
    auto* p90 = new QBarSet(tr("90th percentile"));
    median->setColor(QColor(0x2b, 0x6c, 0xb0));
    p90->setColor(QColor(0xf0, 0x9a, 0x3e));
    double top = 1.0, bottom = 1.0;
    for (const auto& s : bySize) {
        const double m = std::isfinite(s.medianRelative) ? s.medianRelative * 100.0 : 0.0;
        const double p = std::isfinite(s.p90Relative) ? s.p90Relative * 100.0 : 0.0;
        median->append(m);
        p90->append(p);
        top = std::max({top, m, p});
        for (double v : {m, p})
            if (v > 0.0) bottom = std::min(bottom, v);
    }
    auto* series = new QBarSeries;
    series->append(median);
    series->append(p90);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(3);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    return frame(series, std::max(bottom, 1e-3), top * 1.15, title);
}

QChart* QueryErrorChartBuilder::empty(const QString& hint) {
    auto* series = new QBarSeries;
    QChart* chart = frame(series, 1.0, 100.0, hint);
    chart->legend()->hide();
    return chart;
}

}  // namespace veil::ui
