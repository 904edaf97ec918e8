// MarginalChartBuilder: the 1-way marginal of one column as shares of rows, real and synthetic as
// two bar series side by side (the real one only in teaching mode: it reads the true data).
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

class QChart;

namespace veil::ui {

class MarginalChartBuilder {
public:
    // `real` empty: only the synthetic bars. Shares in [0, 1], one per label.
    static QChart* build(const std::vector<double>& real, const std::vector<double>& synthetic,
                         const QStringList& labels, const QString& title);
};

}  // namespace veil::ui
