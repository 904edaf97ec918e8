// RepeatedReleaseChartBuilder: a histogram of many independent releases of the same query (how
// the noisy answer scatters), with the true value marked when it is shown (teaching).
#pragma once

#include <QString>

#include <optional>
#include <vector>

class QChart;

namespace veil::ui {

class RepeatedReleaseChartBuilder {
public:
    // bins equal-width bins over [min, max] of the releases (and the true value when given).
    static QChart* build(const std::vector<double>& releases, std::optional<double> trueValue, const QString& title,
                         int bins = 40);
    // The bin counts the chart draws (for tests): bins + 1 edges and bins counts.
    static std::vector<int> binCounts(const std::vector<double>& releases, double lo, double hi, int bins);
};

}  // namespace veil::ui
