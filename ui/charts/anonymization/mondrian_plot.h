// MondrianPlot: a 2-D scatter of two quasi-identifiers with Mondrian's partitions drawn as
// rectangles (kd-tree cuts, seed 004 "Mondrian" slides), each filled by its size on a log colour
// scale, with axis titles, ticks (category names on categorical axes) and a colour bar. A painted
// widget (thousands of rectangles are too many for Qt Charts series); export it like any chart.
#pragma once

#include <QColor>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

namespace veil::ui {

struct MondrianPlotData {
    struct Axis {
        QString title;
        QStringList categories;  // non-empty: a categorical axis, positions 0..n-1
        double min = 0, max = 1;
    };
    Axis x, y;
    std::vector<QPointF> points;  // one per record (possibly a sample)
    struct Box {
        QRectF rect;  // in data coordinates (categorical: positions +- 0.5)
        std::size_t size = 0;
    };
    std::vector<Box> boxes;
    int k = 1;
};

class MondrianPlot final : public QWidget {
    Q_OBJECT

public:
    explicit MondrianPlot(QWidget* parent = nullptr);

    void setData(MondrianPlotData data);
    const MondrianPlotData& plotData() const { return m_data; }
    // Fill colour of a partition of `size` records when the largest has `maxSize`.
    static QColor sizeColor(std::size_t size, std::size_t minSize, std::size_t maxSize);

    QSize sizeHint() const override { return {800, 560}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    MondrianPlotData m_data;
    std::size_t m_minSize = 1, m_maxSize = 1;
};

}  // namespace veil::ui
