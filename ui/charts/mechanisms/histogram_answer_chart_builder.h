// HistogramAnswerChartBuilder: a released histogram drawn as bars (one per bin, the noisy count)
// with an error bar per bin for its confidence interval, on the DP views' chart style.
#pragma once

#include "veil/dp/privacy.h"

#include <QString>

#include <string>
#include <vector>

class QChart;

namespace veil::ui {

class HistogramAnswerChartBuilder {
public:
    // At most this many error bars are drawn (one line series each); beyond it the bars stand
    // alone and the title says so. The table beside the chart always lists every interval.
    static constexpr int kMaxErrorBars = 100;

    // labels, values and intervals have one entry per bin (intervals may be empty: no error bars).
    static QChart* build(const std::vector<std::string>& labels, const std::vector<double>& values,
                         const std::vector<dp::ConfidenceInterval>& intervals, const QString& title);
};

}  // namespace veil::ui
