// ContingencyHeatMap: the joint counts of two attributes as a painted grid, one row per value of
// the first and one column per value of the second, each cell shaded by its share of the records
// (darkest: the largest cell) and labelled with that share when it fits; hovering a cell tells its
// count. Attributes with many values keep their most frequent ones and pool the rest as "Other", so
// the grid stays readable. ContingencyGrid holds the counts; the widget only draws them.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

#include <utility>
#include <vector>

namespace veil {
class Column;
}

namespace veil::ui {

struct ContingencyGrid {
    QString title;
    QStringList rows, columns;   // value labels; "Other" last when values were pooled
    std::vector<double> counts;  // rows x columns, row-major
    double total = 0;

    double count(int row, int column) const { return counts[std::size_t(row * columns.size() + column)]; }
    bool isEmpty() const { return rows.isEmpty() || columns.isEmpty(); }

    // The pairs of `a` and `b` (cells as text, aligned by row). Each attribute keeps its
    // `maxCategories` most frequent values (in natural order: "9" before "10") and pools the others
    // as "Other".
    static ContingencyGrid of(const Column& a, const Column& b, int maxCategories, const QString& title);
};

class ContingencyHeatMap final : public QWidget {
    Q_OBJECT

public:
    explicit ContingencyHeatMap(QWidget* parent = nullptr);

    void setGrid(ContingencyGrid grid);
    const ContingencyGrid& grid() const { return m_grid; }
    int cellCount() const { return int(m_grid.rows.size() * m_grid.columns.size()); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;  // tooltips per cell

private:
    struct Layout {
        QRect title, cells;
        int rowLabelWidth = 0, columnLabelHeight = 0;
        double cellWidth = 0, cellHeight = 0;
    };
    Layout layoutNow() const;
    // The cell under `pos` as (row, column), or (-1, -1).
    std::pair<int, int> cellAt(const QPoint& pos) const;

    ContingencyGrid m_grid;
    double m_max = 0;
};

}  // namespace veil::ui
