// ContingencyHeatMap: the joint counts of two attributes as a painted grid, one row per value of
// the first and one column per value of the second, each cell shaded by its share of the records
// (darkest: the largest cell) and labelled with that share when it fits; hovering a cell tells its
// count. ContingencyGrid holds core's counts (anonymity::ContingencyTable: attributes with many values
// keep their most frequent ones and pool the rest as "Other", so the grid stays readable); the widget
// only draws them.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

#include <utility>
#include <vector>

namespace veil::anonymity {
struct ContingencyTable;
}

namespace veil::ui {

struct ContingencyGrid {
    QString title;
    QStringList rows, columns;   // value labels; "Other" last when values were pooled
    std::vector<double> counts;  // rows x columns, row-major
    double total = 0;

    double count(int row, int column) const { return counts[std::size_t(row * columns.size() + column)]; }
    bool isEmpty() const { return rows.isEmpty() || columns.isEmpty(); }

    // Core's table, labels and counts as they are.
    static ContingencyGrid fromTable(const anonymity::ContingencyTable& table, const QString& title);
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
