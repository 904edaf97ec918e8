#include "charts/value_counts_chart_builder.h"

#include "charts/nice_scale.h"
#include "charts/chart_zoom.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QHorizontalBarSeries>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {
namespace {

const QColor kBarColor(0x2f, 0x5d, 0x8a);  // the shield blue of the application icon
constexpr double kMsPerDay = 86400000.0;

void styleChart(QChart* chart) {
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 8, 4));
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
}

void styleAxis(QAbstractAxis* axis) {
    QFont f = axis->labelsFont();
    f.setPointSizeF(std::max(chart_zoom::points(7), f.pointSizeF() - 1.0));
    axis->setLabelsFont(f);
    axis->setGridLineColor(QColor(0xe3, 0xe6, 0xea));
}

// A "nice" tick interval (1, 2 or 5 times a power of ten) giving about `ticks` intervals.
double niceInterval(double range, int ticks) {
    const double raw = range / std::max(1, ticks);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (raw <= m * magnitude) return m * magnitude;
    return 10.0 * magnitude;
}

double maxCount(const ValueCounts& counts) {
    std::size_t m = 0;
    for (std::size_t c : counts.counts) m = std::max(m, c);
    return double(m);
}

QValueAxis* countAxis(const ValueCounts& counts, int ticks = 5) {
    auto* axis = new QValueAxis;
    applyNiceScale(axis, 0, std::max(1.0, maxCount(counts)), ticks, true);
    axis->setTitleText(QObject::tr("Rows"));
    styleAxis(axis);
    return axis;
}

}  // namespace

QChart* ValueCountsChartBuilder::build(const ValueCounts& counts, ColumnType type, const QString& title) {
    QChart* chart = nullptr;
    if (counts.counts.empty())
        chart = emptyChart();
    else if (counts.numeric && counts.binEdges.size() == counts.counts.size() + 1)
        chart = histogram(counts, type);
    else
        chart = barChart(counts);
    chart->setTitle(title);
    styleChart(chart);
    return chart;
}

QChart* ValueCountsChartBuilder::histogram(const ValueCounts& counts, ColumnType type) {
    const bool dates = type == ColumnType::Date;
    const double scale = dates ? kMsPerDay : 1.0;
    // One closed outline per bin, drawn as a single area: up, across, down at every edge.
    auto* upper = new QLineSeries;
    const auto& e = counts.binEdges;
    upper->append(e.front() * scale, 0);
    for (std::size_t i = 0; i < counts.counts.size(); ++i) {
        const double c = double(counts.counts[i]);
        upper->append(e[i] * scale, c);
        upper->append(e[i + 1] * scale, c);
        upper->append(e[i + 1] * scale, 0);
    }
    auto* area = new QAreaSeries(upper);
    area->setColor(kBarColor.lighter(150));
    area->setBorderColor(kBarColor);
    area->setPen(QPen(kBarColor, 1.0));

    auto* chart = new QChart;
    chart->addSeries(area);
    QAbstractAxis* xAxis = nullptr;
    if (dates) {
        auto* axis = new QDateTimeAxis;
        axis->setFormat(QStringLiteral("yyyy-MM-dd"));
        axis->setTickCount(4);
        axis->setRange(QDateTime::fromMSecsSinceEpoch(qint64(e.front() * scale), Qt::UTC),
                       QDateTime::fromMSecsSinceEpoch(qint64(e.back() * scale), Qt::UTC));
        xAxis = axis;
    } else {
        auto* axis = new QValueAxis;
        double lo = e.front(), hi = e.back();
        if (hi <= lo) hi = lo + 1.0;
        axis->setRange(lo, hi);
        // Ticks on round values inside the bins' range, rather than at the odd bin edges.
        const double step = niceInterval(hi - lo, 4);
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(std::ceil(lo / step) * step);
        axis->setTickInterval(step);
        const int decimals = std::max(0, int(-std::floor(std::log10(step))));
        axis->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
        xAxis = axis;
    }
    styleAxis(xAxis);
    chart->addAxis(xAxis, Qt::AlignBottom);
    area->attachAxis(xAxis);
    QValueAxis* yAxis = countAxis(counts);
    chart->addAxis(yAxis, Qt::AlignLeft);
    area->attachAxis(yAxis);
    return chart;
}

QChart* ValueCountsChartBuilder::barChart(const ValueCounts& counts) {
    // Most frequent on top: a horizontal bar series draws its first category at the bottom.
    auto* set = new QBarSet(QObject::tr("Rows"));
    set->setColor(kBarColor);
    set->setBorderColor(kBarColor);
    QStringList labels;
    for (std::size_t i = counts.counts.size(); i-- > 0;) {
        *set << double(counts.counts[i]);
        QString label = i < counts.labels.size() ? QString::fromStdString(counts.labels[i]) : QString();
        if (label.isEmpty()) label = QObject::tr("(empty)");
        if (label.size() > 24) label = label.left(23) + QChar(0x2026);
        // Category axes need distinct labels.
        while (labels.contains(label)) label += QChar(0x200B);
        labels << label;
    }
    auto* series = new QHorizontalBarSeries;
    series->append(set);
    // Few categories: thinner bars rather than two slabs filling the chart.
    series->setBarWidth(std::clamp(0.2 * double(labels.size()), 0.35, 0.8));

    auto* chart = new QChart;
    chart->addSeries(series);
    auto* categories = new QBarCategoryAxis;
    categories->append(labels);
    categories->setGridLineVisible(false);
    styleAxis(categories);
    chart->addAxis(categories, Qt::AlignLeft);
    series->attachAxis(categories);
    QValueAxis* values = countAxis(counts, 4);  // round ticks (a tick count set after made 13333)
    chart->addAxis(values, Qt::AlignBottom);
    series->attachAxis(values);
    return chart;
}

QChart* ValueCountsChartBuilder::emptyChart() {
    auto* chart = new QChart;
    chart->setTitle(QObject::tr("No values"));
    return chart;
}

}  // namespace veil::ui
