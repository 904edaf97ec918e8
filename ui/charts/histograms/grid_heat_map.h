// GridHeatMap: a 2-D histogram of declared rows x columns drawn as a heat map, the true counts
// (teaching mode only) and the private estimate side by side on one colour scale: each cell's
// count relative to the average cell, on DensityColorScale's log scale from the positive counts'
// 5th percentile up (lower, zero and negative noisy counts get the lowest colour), row 0 at the
// bottom as in the Spatial view. Each panel is one image with a pixel per cell, scaled without
// smoothing, so a 256 x 256 grid paints at once.
#pragma once

#include "charts/density_color_scale.h"

#include <QImage>
#include <QString>
#include <QWidget>

#include <cstddef>
#include <vector>

namespace veil::ui {

class GridHeatMap final : public QWidget {
    Q_OBJECT

public:
    explicit GridHeatMap(QWidget* parent = nullptr);
    // `truth` empty: the private panel alone. Both row-major, rows * columns values.
    void setGrids(const QString& title, std::size_t rows, std::size_t columns, const std::vector<double>& truth,
                  const std::vector<double>& estimate);
    void clear();
    std::size_t rows() const { return m_rows; }
    std::size_t columns() const { return m_columns; }
    bool showsTruth() const { return !m_truth.isNull(); }
    const DensityColorScale& scale() const { return m_scale; }
    // The colour a panel shows for cell (row, column) of `values` (for tests).
    QColor cellColor(const std::vector<double>& values, std::size_t row, std::size_t column) const;
    QSize sizeHint() const override { return {720, 380}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QImage image(const std::vector<double>& values) const;
    void paintPanel(QPainter& p, const QRectF& area, const QImage& image, const QString& caption) const;
    void paintLegend(QPainter& p, const QRectF& bar) const;

    QString m_title;
    std::size_t m_rows = 0, m_columns = 0;
    double m_average = 1.0;  // the average cell: the estimate's total / cells (released), at least 1 / cells
    DensityColorScale m_scale;
    QImage m_truth, m_estimate;
};

}  // namespace veil::ui
