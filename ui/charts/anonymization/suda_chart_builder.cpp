#include "charts/anonymization/suda_chart_builder.h"

#include "veil/anonymity/suda.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QFont>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {

QChart* SudaChartBuilder::build(const std::vector<double>& disScores) {
    const auto bands = anonymity::disScoreBands(disScores);
    auto* chart = new QChart;
    chart->setTitle(QObject::tr("Records by DIS-SUDA score"));
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->hide();
    auto* set = new QBarSet(QObject::tr("Records"));
    const QColor color(214, 39, 40);
    set->setColor(color);
    set->setBorderColor(color.darker(120));
    QStringList categories;
    std::size_t highest = 0;
    for (std::size_t b = 1; b < bands.size(); ++b) {
        *set << double(bands[b]);
        highest = std::max(highest, bands[b]);
        categories << (b + 1 < bands.size() ? QStringLiteral("%1-%2").arg(double(b - 1) / 10).arg(double(b) / 10)
                                            : QStringLiteral(">0.7"));
    }
    auto* series = new QBarSeries;
    series->append(set);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(QObject::tr("DIS-SUDA score"));
    x->setLabelsAngle(-90);
    auto* y = new QValueAxis;
    y->setTitleText(QObject::tr("Records"));
    y->setRange(0, highest > 0 ? std::ceil(double(highest) * 1.1) : 1.0);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    return chart;
}

}  // namespace veil::ui
