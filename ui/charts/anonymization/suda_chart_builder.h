// SudaChartBuilder: the records per DIS-SUDA score band (core's disScoreBands, sdcMicro's print of a
// suda2 result) as bars, the bands above zero only ("0-0.1" for (0, 0.1], ..., ">0.7"): the records
// scoring 0 are those without an MSU.
#pragma once

#include <cstddef>
#include <vector>

class QChart;

namespace veil::ui {

class SudaChartBuilder {
public:
    // `disScores`: one per record (SudaResult::disScore). The caller owns the chart.
    static QChart* build(const std::vector<double>& disScores);
};

}  // namespace veil::ui
