#include "charts/anonymization/risk_distribution_chart_builder.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QFont>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {

QString RiskDistributionChartBuilder::bandLabel(double upTo) {
    return QString::number(upTo * 100, 'g', 3) + QLatin1Char('%');
}

namespace {

// The first band holding records in `bands` (bands.size() when none).
std::size_t firstFilled(const std::vector<anonymity::RiskBand>& bands) {
    for (std::size_t i = 0; i < bands.size(); ++i)
        if (bands[i].records > 0) return i;
    return bands.size();
}

QBarSet* barSet(const QString& name, const QColor& color, const std::vector<anonymity::RiskBand>& bands,
                std::size_t from, std::size_t to, double& highest) {
    auto* set = new QBarSet(name);
    set->setColor(color);
    set->setBorderColor(color.darker(120));
    for (std::size_t i = from; i < to; ++i) {
        const double percent = i < bands.size() ? bands[i].fraction * 100 : 0.0;
        highest = std::max(highest, percent);
        *set << percent;
    }
    return set;
}

}  // namespace

QChart* RiskDistributionChartBuilder::build(const std::vector<anonymity::RiskBand>& before,
                                            const std::vector<anonymity::RiskBand>& after) {
    auto* chart = new QChart;
    chart->setTitle(QObject::tr("Records by prosecutor risk (1 / class size)"));
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setAlignment(Qt::AlignBottom);
    const std::size_t bands = std::max(before.size(), after.size());
    const std::size_t from = std::min(firstFilled(before), after.empty() ? bands : firstFilled(after));
    if (from >= bands) return chart;

    double highest = 0;
    auto* series = new QBarSeries;
    series->append(barSet(QObject::tr("Before (input)"), QColor(214, 39, 40), before, from, bands, highest));
    if (!after.empty())
        series->append(barSet(QObject::tr("After (released)"), QColor(31, 119, 180), after, from, bands, highest));
    chart->addSeries(series);

    const auto& labelled = before.size() >= after.size() ? before : after;
    QStringList categories;
    for (std::size_t i = from; i < bands; ++i) categories << bandLabel(labelled[i].upTo);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(QObject::tr("Risk band (records with risk up to)"));
    // Many bands: upright labels would be elided, so they stand on end.
    if (categories.size() > 8) x->setLabelsAngle(-90);
    auto* y = new QValueAxis;
    y->setTitleText(QObject::tr("Share of records (%)"));
    y->setRange(0, highest > 0 ? std::min(100.0, std::ceil(highest * 1.1 / 5) * 5) : 1.0);
    y->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    return chart;
}

}  // namespace veil::ui
