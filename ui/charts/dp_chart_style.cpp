#include "charts/dp_chart_style.h"
#include "charts/chart_zoom.h"

#include <QAbstractSeries>
#include <QChart>
#include <QLegend>
#include <QValueAxis>

#include <algorithm>

namespace veil::ui::dp_chart {

QChart* newChart(const QString& title) {
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setTitle(title);
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    titleFont.setPointSizeF(std::max(chart_zoom::points(12), titleFont.pointSizeF() + 2));
    chart->setTitleFont(titleFont);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(std::max(chart_zoom::points(10), legendFont.pointSizeF()));
    chart->legend()->setFont(legendFont);
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

QValueAxis* valueAxis(const QString& title, double lo, double hi, const QString& format) {
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    if (!(hi > lo)) hi = lo + 1.0;
    axis->setRange(lo, hi);
    axis->setLabelFormat(format);
    axis->setTickCount(5);
    QFont font = axis->titleFont();
    font.setPointSizeF(std::max(chart_zoom::points(10), font.pointSizeF()));
    font.setBold(false);
    axis->setTitleFont(font);
    return axis;
}

void attach(QChart* chart, QAbstractAxis* axis, Qt::Alignment alignment) {
    chart->addAxis(axis, alignment);
    for (QAbstractSeries* series : chart->series()) series->attachAxis(axis);
}

}  // namespace veil::ui::dp_chart
