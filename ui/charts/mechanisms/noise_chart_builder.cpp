#include "charts/mechanisms/noise_chart_builder.h"

#include "charts/dp_chart_style.h"

#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {

QChart* NoiseChartBuilder::build(const dp::NoiseDistribution& noise, double centre, const QString& title) {
    QChart* chart = dp_chart::newChart(title);
    if (noise.kind == dp::NoiseKind::None) {
        chart->setTitle(QObject::tr("No additive noise: the mechanism selects its answer"));
        return chart;
    }
    if (!std::isfinite(noise.scale)) {  // smooth sensitivity in a release: the scale is the data's
        chart->setTitle(QObject::tr("%1 noise of a scale that depends on the data: not shown in a release")
                            .arg(QString::fromLatin1(dp::noiseKindName(noise.kind))));
        return chart;
    }
    const auto points = dp::densityCurve(noise, centre, 201);
    const bool discrete = noise.isDiscrete();
    auto* curve = new QLineSeries;
    curve->setName(discrete ? QObject::tr("PMF of %1 noise (scale %2)")
                                  .arg(QString::fromLatin1(dp::noiseKindName(noise.kind)))
                                  .arg(noise.scale, 0, 'g', 4)
                            : QObject::tr("PDF of %1 noise (scale %2)")
                                  .arg(QString::fromLatin1(dp::noiseKindName(noise.kind)))
                                  .arg(noise.scale, 0, 'g', 4));
    curve->setPen(QPen(dp_chart::blue(), 3));
    double xlo = centre, xhi = centre, ymax = 0;
    for (const auto& [x, y] : points) {
        curve->append(x, y);
        xlo = std::min(xlo, x), xhi = std::max(xhi, x), ymax = std::max(ymax, y);
    }
    chart->addSeries(curve);
    if (discrete && points.size() <= 81) {
        auto* dots = new QScatterSeries;
        dots->setName(QObject::tr("P(noise = k)"));
        dots->setMarkerSize(8);
        dots->setColor(dp_chart::blue());
        dots->setBorderColor(dp_chart::blue());
        for (const auto& [x, y] : points) dots->append(x, y);
        chart->addSeries(dots);
    }
    if (xhi <= xlo) xlo -= 1, xhi += 1;
    auto* x = dp_chart::valueAxis(QObject::tr("Released value"), xlo, xhi);
    dp_chart::attach(chart, x, Qt::AlignBottom);
    dp_chart::attach(chart,
                     dp_chart::valueAxis(discrete ? QObject::tr("Probability") : QObject::tr("Density"), 0, ymax * 1.1),
                     Qt::AlignLeft);
    return chart;
}

}  // namespace veil::ui
