#include "charts/histograms/histogram_bars_chart_builder.h"

#include "charts/dp_chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>

namespace veil::ui {

QChart* HistogramBarsChartBuilder::build(const std::vector<double>& trueCounts, const std::vector<double>& estimate,
                                         const QStringList& labels, const QString& title, const QString& estimateName) {
    QChart* chart = dp_chart::newChart(title);
    // Without true counts (release mode) only the private estimate is drawn.
    const bool withTruth = !trueCounts.empty();
    const std::size_t n = withTruth ? std::min(trueCounts.size(), estimate.size()) : estimate.size();
    double lo = 0, hi = 1;
    for (std::size_t i = 0; i < n; ++i) {
        lo = std::min(lo, estimate[i]), hi = std::max(hi, estimate[i]);
        if (withTruth) lo = std::min(lo, trueCounts[i]), hi = std::max(hi, trueCounts[i]);
    }
    if (n <= kMaxBars) {
        auto* truth = new QBarSet(QObject::tr("True count"));
        truth->setColor(dp_chart::blue());
        auto* noisy = new QBarSet(estimateName);
        noisy->setColor(dp_chart::orange());
        QStringList categories;
        for (std::size_t i = 0; i < n; ++i) {
            if (withTruth) *truth << trueCounts[i];
            *noisy << estimate[i];
            categories << (int(i) < labels.size() ? labels[int(i)] : QString::number(i));
        }
        auto* series = new QBarSeries;
        if (withTruth)
            series->append(truth);
        else
            delete truth;
        series->append(noisy);
        chart->addSeries(series);
        auto* x = new QBarCategoryAxis;
        x->append(categories);
        x->setTitleText(QObject::tr("Bin"));
        if (n > 12) x->setLabelsAngle(-60);
        dp_chart::attach(chart, x, Qt::AlignBottom);
    } else {
        auto* truth = new QLineSeries;
        truth->setName(QObject::tr("True count"));
        truth->setPen(QPen(dp_chart::blue(), 2));
        auto* noisy = new QLineSeries;
        noisy->setName(estimateName);
        noisy->setPen(QPen(dp_chart::orange(), 1.5));
        for (std::size_t i = 0; i < n; ++i) {
            if (withTruth) truth->append(double(i), trueCounts[i]);
            noisy->append(double(i), estimate[i]);
        }
        chart->addSeries(noisy);
        if (withTruth)
            chart->addSeries(truth);
        else
            delete truth;
        dp_chart::attach(chart, dp_chart::valueAxis(QObject::tr("Bin index"), 0, double(n - 1), true), Qt::AlignBottom);
    }
    auto* y = dp_chart::valueAxis(QObject::tr("Count"), lo, hi * 1.05, true);
    dp_chart::attach(chart, y, Qt::AlignLeft);
    return chart;
}

}  // namespace veil::ui
