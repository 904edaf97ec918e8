#include "charts/graph/degree_sequence_chart_builder.h"

#include "charts/nice_scale.h"
#include "charts/chart_zoom.h"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {

QChart* DegreeSequenceChartBuilder::build(const graph::DegreeSequenceRelease& release, const QString& title) {
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setTitle(title);
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    titleFont.setPointSizeF(std::max(chart_zoom::points(11), titleFont.pointSizeF() + 1));
    chart->setTitleFont(titleFont);

    auto* noisy = new QScatterSeries;
    noisy->setName(QObject::tr("Noisy (Lap 2/ε)"));
    noisy->setMarkerSize(7);
    noisy->setColor(QColor(0xe6, 0x9f, 0x00));
    noisy->setBorderColor(QColor(0xe6, 0x9f, 0x00));
    auto* truth = new QLineSeries;
    truth->setName(QObject::tr("True"));
    truth->setPen(QPen(QColor(0x20, 0x20, 0x20), 3));
    auto* fitted = new QLineSeries;
    fitted->setName(QObject::tr("Post-processed (isotonic)"));
    fitted->setPen(QPen(QColor(0x00, 0x72, 0xb2), 3, Qt::DashLine));

    double lo = 0, hi = 1;
    auto extend = [&](double v) { lo = std::min(lo, v), hi = std::max(hi, v); };
    for (std::size_t i = 0; i < release.trueSorted.size(); ++i) {
        truth->append(double(i), release.trueSorted[i]);
        extend(release.trueSorted[i]);
    }
    for (std::size_t i = 0; i < release.noisy.size(); ++i) {
        noisy->append(double(i), release.noisy[i]);
        extend(release.noisy[i]);
    }
    for (std::size_t i = 0; i < release.postProcessed.size(); ++i) fitted->append(double(i), release.postProcessed[i]);
    chart->addSeries(noisy);
    if (release.trueSorted.empty())
        delete truth;  // release mode: core sent no truth
    else
        chart->addSeries(truth);
    chart->addSeries(fitted);

    auto* x = new QValueAxis;
    x->setTitleText(QObject::tr("Rank (nodes sorted by degree)"));
    applyNiceScale(x, 0, std::max(1.0, double(release.noisy.size()) - 1), 5, true);
    auto* y = new QValueAxis;
    y->setTitleText(QObject::tr("Degree"));
    applyNiceScale(y, std::floor(lo), std::ceil(hi), 5, true);
    for (QValueAxis* axis : {x, y}) {
        QFont f = axis->titleFont();
        f.setPointSizeF(std::max(chart_zoom::points(10), f.pointSizeF()));
        f.setBold(true);
        axis->setTitleFont(f);
        QFont labels = axis->labelsFont();
        labels.setPointSizeF(std::max(chart_zoom::points(10), labels.pointSizeF()));
        axis->setLabelsFont(labels);
        axis->setGridLineColor(QColor(0xe3, 0xe6, 0xea));
    }
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(std::max(chart_zoom::points(10), legendFont.pointSizeF()));
    chart->legend()->setFont(legendFont);
    return chart;
}

}  // namespace veil::ui
