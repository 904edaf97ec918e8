#include "charts/dp_chart_style.h"
#include "charts/chart_zoom.h"
#include "charts/nice_scale.h"

#include <QAbstractSeries>
#include <QChart>
#include <QLegend>
#include <QValueAxis>

#include <algorithm>
#include <array>

namespace veil::ui::dp_chart {
namespace {

bool g_highContrast = false;

// Okabe & Ito, "Color Universal Design" (2008); purple is Okabe-Ito's reddish purple.
constexpr std::array<QRgb, kRoles> kNormal = {0x0072b2, 0xe69f00, 0xd55e00, 0x009e73, 0xcc79a7, 0x202020};
// Contrast on white (WCAG 2.1 ratio): 9.5, 6.4, 7.2, 7.4, 9.4, 21.
constexpr std::array<QRgb, kRoles> kHigh = {0x003f9e, 0x9c4500, 0xb3001b, 0x00632e, 0x6a1b9a, 0x000000};

}  // namespace

QColor color(Role role, bool highContrast) {
    const auto i = static_cast<std::size_t>(role);
    return QColor::fromRgb(highContrast ? kHigh.at(i) : kNormal.at(i));
}

bool highContrast() { return g_highContrast; }
void setHighContrast(bool on) { g_highContrast = on; }
QColor highContrastBackground() { return QColor(Qt::white); }
QColor highContrastForeground() { return QColor(Qt::black); }
QColor highContrastGrid() { return QColor(0x70, 0x70, 0x70); }

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

QValueAxis* valueAxis(const QString& title, double lo, double hi, bool wholeNumbers) {
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    applyNiceScale(axis, lo, hi, 5, wholeNumbers);
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
