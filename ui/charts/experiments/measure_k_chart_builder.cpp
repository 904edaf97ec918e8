#include "charts/experiments/measure_k_chart_builder.h"

#include "charts/experiments/experiment_chart_style.h"
#include "charts/nice_scale.h"

#include <QChart>
#include <QCursor>
#include <QFont>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace veil::ui {
namespace {

// Okabe-Ito palette, as in ErrorEpsilonChartBuilder (readable by colour-blind viewers, on a
// projector).
QString num(double v) { return std::isfinite(v) ? QString::number(v, 'g', 6) : QObject::tr("n/a"); }

}  // namespace

QString MeasureKChartBuilder::tooltipText(const eval::SweepResult& result, const eval::AnonymityRow& row,
                                          eval::AnonymityMeasure measure) {
    using M = eval::AnonymityMeasure;
    const QString label =
        row.method < result.methods.size() ? QString::fromStdString(result.methods[row.method].label) : QString();
    if (!row.found)
        return QObject::tr("%1\nk = %2: no solution\n%3")
            .arg(label)
            .arg(row.k)
            .arg(QString::fromStdString(row.message));
    return QObject::tr(
               "%1\nk = %2, solution %3\n%4: %5\n%6 = %7, suppressed "
               "%8\nrisk: highest %9, average %10")
        .arg(label)
        .arg(row.k)
        .arg(QString::fromStdString(row.transformation), QString::fromUtf8(eval::anonymityMeasureLabel(measure)),
             num(row.measures[measure]), QString::fromStdString(row.metric), num(row.measures[M::MethodMetric]),
             num(row.measures[M::Suppressed]), num(row.measures[M::ProsecutorMax]))
        .arg(num(row.measures[M::ProsecutorAverage]));
}

QChart* MeasureKChartBuilder::build(const eval::SweepResult& result, eval::AnonymityMeasure measure) {
    auto* chart = experiment_chart::newChart();
    if (result.anonymity.empty()) {
        chart->setTitle(QObject::tr("Load an anonymity experiment and Run to see loss and risk against k"));
        return chart;
    }
    const QString measureLabel = QString::fromUtf8(eval::anonymityMeasureLabel(measure));
    chart->setTitle(QObject::tr("%1 against k — one deterministic run per method and k").arg(measureLabel));

    auto* xAxis = new QLogValueAxis;
    xAxis->setTitleText(QObject::tr("k (log scale)"));
    xAxis->setBase(2);  // labels 2, 4, 8, ..., 64: the usual k values fall on or between labelled ticks
    xAxis->setLabelFormat(QStringLiteral("%g"));
    xAxis->setMinorTickCount(0);
    auto* yAxis = new QValueAxis;
    yAxis->setTitleText(measureLabel);
    yAxis->setLabelFormat(QStringLiteral("%.3g"));
    experiment_chart::styleAxes({xAxis, yAxis});
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);

    double yHi = 0.0, yLo = 0.0;
    const double kLo = *std::min_element(result.epsilons.begin(), result.epsilons.end());
    const double kHi = *std::max_element(result.epsilons.begin(), result.epsilons.end());
    auto copy = std::make_shared<eval::SweepResult>();
    copy->methods = result.methods;  // the chart outlives `result`: keep what tooltips need
    for (std::size_t m = 0; m < result.methods.size(); ++m) {
        auto* line = new QLineSeries;
        std::vector<eval::AnonymityRow> rows;
        for (const auto& row : result.anonymity) {
            if (row.method != m) continue;
            const double v = row.measures[measure];
            if (!row.found || !std::isfinite(v)) continue;
            line->append(row.k, v);
            rows.push_back(row);
            yHi = std::max(yHi, v);
            yLo = std::min(yLo, v);
        }
        QString name = QString::fromStdString(result.methods[m].label);
        if (rows.empty()) name += QObject::tr(" (n/a)");
        line->setName(name);
        QPen pen(experiment_chart::methodColor(m));
        pen.setWidthF(3.0);
        line->setPen(pen);
        line->setPointsVisible(true);
        line->setMarkerSize(9);
        chart->addSeries(line);
        line->attachAxis(xAxis);
        line->attachAxis(yAxis);
        QObject::connect(line, &QLineSeries::hovered, line, [copy, rows, measure](const QPointF& point, bool state) {
            if (!state || rows.empty()) {
                QToolTip::hideText();
                return;
            }
            const auto nearest = std::min_element(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
                return std::abs(std::log(a.k / point.x())) < std::abs(std::log(b.k / point.x()));
            });
            QToolTip::showText(QCursor::pos(), tooltipText(*copy, *nearest, measure));
        });
    }
    xAxis->setRange(kLo / 1.25, kHi * 1.25);
    applyNiceScale(yAxis, yLo, yHi > yLo ? yHi * 1.08 : yLo + 1.0);
    return chart;
}

}  // namespace veil::ui
