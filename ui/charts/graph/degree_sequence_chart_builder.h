// DegreeSequenceChartBuilder: Hay et al.'s private degree sequence as a chart: the true sorted
// degrees, the noisy release (points) and the post-processed (isotonic) fit, against the rank.
#pragma once

#include "veil/graph/degree_distribution.h"

#include <QString>

class QChart;

namespace veil::ui {

class DegreeSequenceChartBuilder {
public:
    // Series names: "True", "Noisy (Lap 2/ε)", "Post-processed". The caller owns the chart.
    static QChart* build(const graph::DegreeSequenceRelease& release, const QString& title);
};

}  // namespace veil::ui
