#include "charts/mechanisms/histogram_answer_chart_builder.h"

#include "charts/dp_chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>

namespace veil::ui {

namespace {
// One vertical segment from lower to upper at the bin's category position, with short caps.
QLineSeries* errorBar(int bin, const dp::ConfidenceInterval& ci, const QPen& pen) {
    auto* bar = new QLineSeries;
    constexpr double cap = 0.15;
    bar->append(bin - cap, ci.lower);
    bar->append(bin + cap, ci.lower);
    bar->append(bin, ci.lower);
    bar->append(bin, ci.upper);
    bar->append(bin - cap, ci.upper);
    bar->append(bin + cap, ci.upper);
    bar->setPen(pen);
    return bar;
}
}  // namespace

QChart* HistogramAnswerChartBuilder::build(const std::vector<std::string>& labels, const std::vector<double>& values,
                                           const std::vector<dp::ConfidenceInterval>& intervals, const QString& title) {
    const int n = int(values.size());
    const bool bars = !intervals.empty() && int(intervals.size()) == n && n <= kMaxErrorBars;
    QChart* chart = dp_chart::newChart(
        bars || intervals.empty()
            ? title
            : QObject::tr("%1 (error bars for up to %2 bins: see the table)").arg(title).arg(kMaxErrorBars));
    auto* set = new QBarSet(QObject::tr("Noisy count"));
    set->setColor(dp_chart::blue());
    set->setBorderColor(dp_chart::blue());
    QStringList categories;
    double lo = 0.0, hi = 0.0;
    for (int i = 0; i < n; ++i) {
        set->append(values[std::size_t(i)]);
        categories << (std::size_t(i) < labels.size() ? QString::fromStdString(labels[std::size_t(i)])
                                                      : QString::number(i + 1));
        lo = std::min(lo, values[std::size_t(i)]), hi = std::max(hi, values[std::size_t(i)]);
    }
    auto* series = new QBarSeries;
    series->setName(QObject::tr("Noisy count"));
    series->append(set);
    chart->addSeries(series);
    if (bars) {
        const QPen pen(dp_chart::dark(), 2);
        const QString name = QObject::tr("%1% confidence interval").arg(intervals.front().confidence * 100, 0, 'g', 3);
        for (int i = 0; i < n; ++i) {
            QLineSeries* bar = errorBar(i, intervals[std::size_t(i)], pen);
            bar->setName(name);
            chart->addSeries(bar);
            lo = std::min(lo, intervals[std::size_t(i)].lower), hi = std::max(hi, intervals[std::size_t(i)].upper);
            if (i > 0) chart->legend()->markers(bar).front()->setVisible(false);  // one legend entry
        }
    }
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(QObject::tr("Bin"));
    x->setLabelsAngle(n > 12 ? -45 : 0);  // whole labels while they fit side by side
    dp_chart::attach(chart, x, Qt::AlignBottom);
    auto* y = dp_chart::valueAxis(QObject::tr("Noisy count"), lo, hi > lo ? hi : lo + 1.0, true);
    dp_chart::attach(chart, y, Qt::AlignLeft);
    return chart;
}

}  // namespace veil::ui
