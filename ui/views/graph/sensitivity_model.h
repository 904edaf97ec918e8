// SensitivityModel: seed 000's sensitivity table for the opened graph, one column per statistic
// (edges, max degree, triangles) and one row per quantity: f(G), local and global sensitivity
// under edge and node adjacency, and restricted sensitivity over H_k (edge, node). Each cell shows
// the number and, on a second line, core's formula.
#pragma once

#include "veil/graph/sensitivity.h"

#include <QAbstractTableModel>

#include <vector>

namespace veil::ui {

class SensitivityModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Quantity { ValueRow, LsEdge, GsEdge, LsNode, GsNode, RsEdge, RsNode, QuantityCount };
    static constexpr int NumberRole = Qt::UserRole + 1;   // the value as a double
    static constexpr int FormulaRole = Qt::UserRole + 2;  // the formula text

    explicit SensitivityModel(QObject* parent = nullptr);

    void setRows(std::vector<graph::SensitivityRow> rows, std::size_t k);
    // Replaces the restricted-sensitivity cells for a new k (closed forms from core).
    void setK(std::size_t k);
    std::size_t k() const { return m_k; }
    // Column of a statistic ("edges", "max-degree", "triangles"), -1 when absent.
    int columnOf(const QString& statistic) const;
    // The cell of `statistic` and `quantity` (invalid when the statistic is absent).
    QModelIndex cell(const QString& statistic, Quantity quantity) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const graph::SensitivityValue* valueOf(const graph::SensitivityRow& row, int quantity) const;
    QString quantityName(int quantity) const;

    std::vector<graph::SensitivityRow> m_rows;  // one per statistic = one per column after the first
    std::size_t m_k = 1;
};

}  // namespace veil::ui
