// NoiseChartBuilder: the noise a mechanism adds, drawn as its PDF (continuous kinds) or PMF
// (discrete kinds) centred on the released value, from core's densityCurve().
#pragma once

#include "veil/dp/privacy.h"

#include <QString>

class QChart;

namespace veil::ui {

class NoiseChartBuilder {
public:
    // centre: where the curve is centred (the true value when shown, else 0 = the noise itself).
    static QChart* build(const dp::NoiseDistribution& noise, double centre, const QString& title);
};

}  // namespace veil::ui
