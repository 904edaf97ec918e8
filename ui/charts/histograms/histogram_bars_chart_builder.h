// HistogramBarsChartBuilder: true vs noisy (private) bin counts of one histogram release. Up to
// kMaxBars bins are drawn as grouped bars with the bin labels; larger domains (DPBench's 4,096
// bins) as two lines over the bin index.
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

class QChart;

namespace veil::ui {

class HistogramBarsChartBuilder {
public:
    static constexpr std::size_t kMaxBars = 60;
    static QChart* build(const std::vector<double>& trueCounts, const std::vector<double>& estimate,
                         const QStringList& labels, const QString& title, const QString& estimateName);
};

}  // namespace veil::ui
