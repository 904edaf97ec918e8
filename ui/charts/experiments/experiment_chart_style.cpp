#include "charts/experiments/experiment_chart_style.h"
#include "charts/chart_zoom.h"

#include <QAbstractAxis>
#include <QChart>
#include <QFont>
#include <QLegend>

#include <iterator>

namespace veil::ui::experiment_chart {

QChart* newChart() {
    auto* chart = new QChart;
    QFont titleFont = chart->titleFont();
    titleFont.setPointSizeF(chart_zoom::points(14));
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(chart_zoom::points(11));
    chart->legend()->setFont(legendFont);
    return chart;
}

void styleAxes(std::initializer_list<QAbstractAxis*> axes) {
    for (auto* axis : axes) {
        QFont labels = axis->labelsFont();
        labels.setPointSizeF(chart_zoom::points(11));
        QFont title = labels;
        title.setBold(true);
        axis->setLabelsFont(labels);
        axis->setTitleFont(title);
    }
}

QColor methodColor(std::size_t index) {
    static const QColor palette[] = {QColor(0, 114, 178),   QColor(213, 94, 0),  QColor(0, 158, 115),
                                     QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                                     QColor(0, 0, 0),       QColor(150, 150, 60)};
    return palette[index % std::size(palette)];
}

}  // namespace veil::ui::experiment_chart
