#include "charts/mechanisms/repeated_release_chart_builder.h"

#include "charts/dp_chart_style.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {

std::vector<int> RepeatedReleaseChartBuilder::binCounts(const std::vector<double>& releases, double lo, double hi,
                                                        int bins) {
    std::vector<int> counts(std::size_t(std::max(1, bins)), 0);
    const double width = (hi - lo) / double(counts.size());
    for (double v : releases) {
        std::size_t i = width > 0 ? std::size_t(std::clamp((v - lo) / width, 0.0, double(counts.size() - 1))) : 0;
        ++counts[i];
    }
    return counts;
}

QChart* RepeatedReleaseChartBuilder::build(const std::vector<double>& releases, std::optional<double> trueValue,
                                           const QString& title, int bins) {
    QChart* chart = dp_chart::newChart(title);
    if (releases.empty()) return chart;
    auto [mn, mx] = std::minmax_element(releases.begin(), releases.end());
    double lo = *mn, hi = *mx;
    if (trueValue) lo = std::min(lo, *trueValue), hi = std::max(hi, *trueValue);
    if (hi <= lo) lo -= 0.5, hi += 0.5;
    const std::vector<int> counts = binCounts(releases, lo, hi, bins);
    const double width = (hi - lo) / double(counts.size());
    auto* upper = new QLineSeries;
    int top = 1;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        upper->append(lo + double(i) * width, counts[i]);
        upper->append(lo + double(i + 1) * width, counts[i]);
        top = std::max(top, counts[i]);
    }
    auto* area = new QAreaSeries(upper);
    area->setName(QObject::tr("%1 releases").arg(releases.size()));
    area->setColor(dp_chart::orange());
    area->setBorderColor(dp_chart::orange().darker(140));
    chart->addSeries(area);
    if (trueValue) {
        auto* mark = new QLineSeries;
        mark->setName(QObject::tr("True value %1").arg(*trueValue, 0, 'g', 6));
        mark->setPen(QPen(dp_chart::dark(), 3, Qt::DashLine));
        mark->append(*trueValue, 0);
        mark->append(*trueValue, top * 1.1);
        chart->addSeries(mark);
    }
    auto* x = dp_chart::valueAxis(QObject::tr("Released value"), lo, hi);
    dp_chart::attach(chart, x, Qt::AlignBottom);
    dp_chart::attach(chart, dp_chart::valueAxis(QObject::tr("Number of releases"), 0, top * 1.1, true), Qt::AlignLeft);
    return chart;
}

}  // namespace veil::ui
