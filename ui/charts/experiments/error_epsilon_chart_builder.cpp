#include "charts/experiments/error_epsilon_chart_builder.h"

#include "charts/experiments/experiment_chart_style.h"

#include <QAreaSeries>
#include <QChart>
#include <QCursor>
#include <QFont>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace veil::ui {
namespace {

// Distinct, projector-friendly colours (Okabe-Ito palette, readable by colour-blind viewers).
QString num(double v) { return std::isnan(v) ? QStringLiteral("–") : QString::number(v, 'g', 6); }

double drawable(double v) { return std::isfinite(v) && v > 0 ? v : ErrorEpsilonChartBuilder::kLogFloor; }

// A log axis range covering [lo, hi] and the decades around it.
void fitDecades(QLogValueAxis* axis, double lo, double hi) {
    if (!(lo > 0) || !(hi > 0) || lo > hi) {
        axis->setRange(0.01, 10);
        return;
    }
    // A little margin beyond the decades so that their labels are drawn at both ends.
    const double from = std::pow(10.0, std::floor(std::log10(lo) + 1e-9)) / 1.25;
    const double to = std::pow(10.0, std::ceil(std::log10(hi) - 1e-9)) * 1.25;
    axis->setRange(from, to);
}

}  // namespace

QString ErrorEpsilonChartBuilder::tooltipText(const eval::SweepResult& result, const eval::SummaryRow& row,
                                              eval::Metric metric) {
    const auto& s = row[metric];
    const QString label =
        row.method < result.methods.size() ? QString::fromStdString(result.methods[row.method].label) : QString();
    return QObject::tr("%1\nε = %2, %3 trials\n%4\nmedian %5\nIQR [%6, %7]\nmean %8 (95%: %9 – %10)")
        .arg(label, num(row.epsilon), QString::number(s.n), QString::fromUtf8(eval::metricLabel(metric)), num(s.median),
             num(s.q1), num(s.q3), num(s.mean), num(s.ciLower))
        .arg(num(s.ciUpper));
}

QChart* ErrorEpsilonChartBuilder::build(const eval::SweepResult& result, eval::Metric metric) {
    auto* chart = experiment_chart::newChart();

    if (result.summaries.empty()) {
        chart->setTitle(QObject::tr("Run an experiment to see its error against ε"));
        return chart;
    }
    const QString metricLabel = QString::fromUtf8(eval::metricLabel(metric));
    chart->setTitle(QObject::tr("%1 against ε — median and interquartile range over %2 trials")
                        .arg(metricLabel)
                        .arg(result.trials));

    auto* xAxis = new QLogValueAxis;
    xAxis->setTitleText(QObject::tr("privacy budget ε (log scale)"));
    xAxis->setBase(10);
    xAxis->setLabelFormat(QStringLiteral("%g"));
    auto* yAxis = new QLogValueAxis;
    yAxis->setTitleText(QObject::tr("%1 (log scale)").arg(metricLabel));
    yAxis->setBase(10);
    yAxis->setLabelFormat(QStringLiteral("%g"));
    experiment_chart::styleAxes({xAxis, yAxis});
    for (auto* axis : {xAxis, yAxis}) axis->setMinorTickCount(-1);
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);

    double yLo = std::numeric_limits<double>::infinity(), yHi = 0.0;
    double xLo = std::numeric_limits<double>::infinity(), xHi = 0.0;
    for (std::size_t m = 0; m < result.methods.size(); ++m) {
        const QColor color = experiment_chart::methodColor(m);
        auto* median = new QLineSeries;
        auto* lower = new QLineSeries;
        auto* upper = new QLineSeries;
        std::vector<eval::SummaryRow> rows;
        for (const auto& row : result.summaries)
            if (row.method == m) rows.push_back(row);
        for (const auto& row : rows) {
            const auto& s = row[metric];
            median->append(row.epsilon, drawable(s.median));
            lower->append(row.epsilon, drawable(s.q1));
            upper->append(row.epsilon, drawable(s.q3));
            for (double v : {s.q1, s.median, s.q3})
                if (v > 0 && std::isfinite(v)) yLo = std::min(yLo, v), yHi = std::max(yHi, v);
            xLo = std::min(xLo, row.epsilon);
            xHi = std::max(xHi, row.epsilon);
        }
        auto* band = new QAreaSeries(upper, lower);
        upper->setParent(band);
        lower->setParent(band);
        QColor fill = color;
        fill.setAlpha(55);
        band->setBrush(fill);
        band->setPen(Qt::NoPen);
        band->setName(QObject::tr("%1 IQR").arg(QString::fromStdString(result.methods[m].label)));
        chart->addSeries(band);
        band->attachAxis(xAxis);
        band->attachAxis(yAxis);
        chart->legend()->markers(band).value(0)->setVisible(false);

        median->setName(QString::fromStdString(result.methods[m].label));
        QPen pen(color);
        pen.setWidthF(3.0);
        median->setPen(pen);
        median->setPointsVisible(true);
        median->setMarkerSize(9);
        chart->addSeries(median);
        median->attachAxis(xAxis);
        median->attachAxis(yAxis);

        // Hover: the exact numbers of the nearest epsilon (copied: the chart outlives `result`).
        auto labels = std::make_shared<eval::SweepResult>();
        labels->methods = result.methods;
        const std::shared_ptr<const eval::SweepResult> copy = labels;
        QObject::connect(median, &QLineSeries::hovered, median, [copy, rows, metric](const QPointF& point, bool state) {
            if (!state || rows.empty()) {
                QToolTip::hideText();
                return;
            }
            const auto nearest = std::min_element(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
                return std::abs(std::log(a.epsilon / point.x())) < std::abs(std::log(b.epsilon / point.x()));
            });
            QToolTip::showText(QCursor::pos(), tooltipText(*copy, *nearest, metric));
        });
    }
    fitDecades(xAxis, xLo, xHi);
    fitDecades(yAxis, yLo, yHi);
    return chart;
}

}  // namespace veil::ui
