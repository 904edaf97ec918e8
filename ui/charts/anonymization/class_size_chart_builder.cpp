#include "charts/anonymization/class_size_chart_builder.h"

#include <QChart>
#include <QFont>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {

QChart* ClassSizeChartBuilder::build(const anonymity::EquivalenceClasses& classes, int k) {
    auto* chart = new QChart;
    chart->setTitle(QObject::tr("Equivalence class sizes (log scale)"));
    QFont titleFont = chart->titleFont();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setAlignment(Qt::AlignBottom);

    struct Entry {
        std::size_t size;
        bool suppressed;
    };
    std::vector<Entry> entries;
    entries.reserve(classes.classCount());
    for (std::size_t c = 0; c < classes.classCount(); ++c)
        entries.push_back(
            {classes.classSize[c], c < classes.classSuppressed.size() && classes.classSuppressed[c] != 0});
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.size < b.size; });

    auto* kept = new QLineSeries;
    kept->setName(QObject::tr("kept classes"));
    kept->setPen(QPen(QColor(31, 119, 180), 2.5));
    auto* suppressed = new QScatterSeries;
    suppressed->setName(QObject::tr("suppressed classes"));
    suppressed->setColor(QColor(150, 150, 150));
    suppressed->setBorderColor(QColor(110, 110, 110));
    suppressed->setMarkerSize(7);
    std::size_t maxSize = 1;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const double x = double(i + 1);
        const double y = double(std::max<std::size_t>(entries[i].size, 1));
        maxSize = std::max(maxSize, entries[i].size);
        if (entries[i].suppressed)
            suppressed->append(x, y);
        else
            kept->append(x, y);
    }
    chart->addSeries(kept);
    if (suppressed->count() > 0)
        chart->addSeries(suppressed);
    else
        delete suppressed;

    const double xMax = std::max<double>(2.0, double(entries.size()));
    QLineSeries* kLine = nullptr;
    if (k > 1) {
        kLine = new QLineSeries;
        kLine->setName(QObject::tr("k = %1").arg(k));
        QPen pen(QColor(214, 39, 40), 2.5, Qt::DashLine);
        kLine->setPen(pen);
        kLine->append(1, k);
        kLine->append(xMax, k);
        chart->addSeries(kLine);
    }

    auto* xAxis = new QValueAxis;
    xAxis->setTitleText(QObject::tr("Classes, sorted by size (%1 in all)").arg(entries.size()));
    xAxis->setRange(1, xMax);
    xAxis->setLabelFormat(QStringLiteral("%d"));
    auto* yAxis = new QLogValueAxis;
    yAxis->setTitleText(QObject::tr("Records in class"));
    yAxis->setBase(10);
    yAxis->setLabelFormat(QStringLiteral("%g"));
    const double yMax = std::pow(
        10.0, std::ceil(std::log10(double(std::max<std::size_t>(maxSize, std::size_t(std::max(k, 2)))) + 0.01)));
    yAxis->setRange(0.8, yMax);
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    for (auto* series : chart->series()) {
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
    }
    return chart;
}

}  // namespace veil::ui
