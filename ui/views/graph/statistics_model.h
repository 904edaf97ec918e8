// StatisticsModel: the exact statistics of the opened graph as a two-column table (statistic,
// value): n, m, max degree, triangles, two-stars, three-stars, average degree, structural
// uniqueness and the nodes of each label.
#pragma once

#include "views/graph/graph_analysis.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace veil::ui {

class StatisticsModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { NameColumn, ValueColumn, ColumnCount };
    static constexpr int KeyRole = Qt::UserRole + 1;  // stable row key: "nodes", "edges", ...

    explicit StatisticsModel(QObject* parent = nullptr);

    void setAnalysis(const GraphAnalysis& analysis);
    void clear();
    // The value shown for key ("nodes", "edges", "max-degree", "triangles", "two-stars"), or "".
    QString valueOf(const QString& key) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString key, name, value, tip;
    };
    std::vector<Row> m_rows;
};

}  // namespace veil::ui
