#include "charts/histograms/grid_heat_map.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace veil::ui {

GridHeatMap::GridHeatMap(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("histogram-grid"));
    setMinimumSize(420, 260);
}

void GridHeatMap::setGrids(const QString& title, std::size_t rows, std::size_t columns,
                           const std::vector<double>& truth, const std::vector<double>& estimate) {
    m_title = title;
    m_rows = rows;
    m_columns = columns;
    const double cells = double(std::max<std::size_t>(1, rows * columns));
    double total = 0.0;
    for (double v : estimate) total += v;
    m_average = std::max(total, 1.0) / cells;  // the released total: the truth never sizes the scale
    // The scale spans the cells' counts from their 5th percentile up: noisy counts near zero would
    // otherwise stretch it over four decades and leave every ordinary cell the darkest colour.
    std::vector<double> relative;
    relative.reserve(estimate.size() + truth.size());
    for (double v : estimate)
        if (v > 0.0) relative.push_back(v / m_average);
    for (double v : truth)
        if (v > 0.0) relative.push_back(v / m_average);
    if (!relative.empty()) {
        const auto fifth = relative.begin() + std::ptrdiff_t(relative.size() / 20);
        std::nth_element(relative.begin(), fifth, relative.end());
        const double floor = *fifth;
        for (double& v : relative) v = std::max(v, floor);
    }
    m_scale = DensityColorScale::fit(relative);
    m_estimate = image(estimate);
    m_truth = truth.empty() ? QImage() : image(truth);
    update();
}

void GridHeatMap::clear() {
    m_title.clear();
    m_rows = m_columns = 0;
    m_truth = m_estimate = QImage();
    update();
}

QColor GridHeatMap::cellColor(const std::vector<double>& values, std::size_t row, std::size_t column) const {
    return m_scale.color(values[row * m_columns + column] / m_average);
}

QImage GridHeatMap::image(const std::vector<double>& values) const {
    QImage out(int(m_columns), int(m_rows), QImage::Format_RGB32);
    for (std::size_t r = 0; r < m_rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(out.scanLine(int(m_rows - 1 - r)));  // row 0 at the bottom
        for (std::size_t c = 0; c < m_columns; ++c) line[c] = cellColor(values, r, c).rgb();
    }
    return out;
}

void GridHeatMap::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRectF(0, 4, width(), 20), Qt::AlignCenter, m_title);
    p.setFont(font());
    if (m_estimate.isNull()) {
        p.drawText(rect(), Qt::AlignCenter, tr("Run to see the 2-D histogram"));
        return;
    }
    const QRectF body(0, 28, width() - 110, height() - 28);
    if (m_truth.isNull()) {
        paintPanel(p, body, m_estimate, tr("Private (released)"));
    } else {
        const double half = body.width() / 2.0;
        paintPanel(p, QRectF(body.left(), body.top(), half, body.height()), m_truth,
                   tr("True counts (teaching mode: not private)"));
        paintPanel(p, QRectF(body.left() + half, body.top(), half, body.height()), m_estimate,
                   tr("Private (released)"));
    }
    paintLegend(p, QRectF(width() - 96, body.top() + 24, 20, body.height() - 64));
}

// The grid keeps square cells, centred in `area` under its caption, with the axes' ends labelled.
void GridHeatMap::paintPanel(QPainter& p, const QRectF& area, const QImage& img, const QString& caption) const {
    p.drawText(QRectF(area.left(), area.top(), area.width(), 18), Qt::AlignCenter, caption);
    const QRectF room(area.left() + 40, area.top() + 24, area.width() - 52, area.height() - 64);
    const double cell = std::min(room.width() / double(m_columns), room.height() / double(m_rows));
    const QRectF grid(room.left() + (room.width() - cell * double(m_columns)) / 2.0, room.top(),
                      cell * double(m_columns), cell * double(m_rows));
    p.drawImage(grid, img);
    p.setPen(Qt::black);
    p.setBrush(Qt::NoBrush);
    p.drawRect(grid);
    p.drawText(QRectF(grid.left() - 30, grid.bottom() + 2, 60, 16), Qt::AlignCenter, QStringLiteral("0"));
    p.drawText(QRectF(grid.right() - 30, grid.bottom() + 2, 60, 16), Qt::AlignCenter, QString::number(m_columns));
    p.drawText(QRectF(grid.left(), grid.bottom() + 18, grid.width(), 16), Qt::AlignCenter, tr("column"));
    p.drawText(QRectF(grid.left() - 38, grid.top() - 8, 34, 16), Qt::AlignRight | Qt::AlignVCenter,
               QString::number(m_rows));
    p.save();
    p.translate(grid.left() - 24, grid.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-40, -8, 80, 16), Qt::AlignCenter, tr("row"));
    p.restore();
}

void GridHeatMap::paintLegend(QPainter& p, const QRectF& bar) const {
    for (int i = 0; i < 100; ++i)
        p.fillRect(
            QRectF(bar.left(), bar.bottom() - (i + 1) * bar.height() / 100.0, bar.width(), bar.height() / 100.0 + 0.5),
            DensityColorScale::colorAt((i + 0.5) / 100.0));
    p.setPen(Qt::black);
    p.drawRect(bar);
    for (double t : m_scale.ticks()) {
        const double y = bar.bottom() - m_scale.position(t) * bar.height();
        p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 4, y));
        p.drawText(QRectF(bar.right() + 6, y - 9, 70, 18), Qt::AlignLeft | Qt::AlignVCenter,
                   DensityColorScale::tickLabel(t));
    }
    p.drawText(QRectF(bar.left() - 10, bar.top() - 22, 110, 18), Qt::AlignLeft, tr("count vs average"));
}

}  // namespace veil::ui
