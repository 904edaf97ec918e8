// RiskDistributionChartBuilder: the share of records per band of prosecutor risk (core's
// riskDistribution, ARX's bands) before and after anonymization, as grouped bars: one bar set per
// table over the same bands, so one sees records move from the high-risk bands to the low ones.
#pragma once

#include "veil/anonymity/risk.h"

#include <QString>
#include <QStringList>

#include <vector>

class QChart;

namespace veil::ui {

class RiskDistributionChartBuilder {
public:
    // `after` empty: only the "before" bars. Bands are shown from the lowest one holding records in
    // either table up to 100%. The caller owns the chart.
    static QChart* build(const std::vector<anonymity::RiskBand>& before, const std::vector<anonymity::RiskBand>& after);
    // The label of the band of risks up to `upTo` ("20%").
    static QString bandLabel(double upTo);
};

}  // namespace veil::ui
