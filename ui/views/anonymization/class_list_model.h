// ClassListModel: the equivalence classes of a result, one row per class: id, size, whether it
// was suppressed, and its generalized quasi-identifier values. Sort through a
// QSortFilterProxyModel on SortRole (numbers sort as numbers).
#pragma once

#include "veil/anonymity/anonymization.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace veil::ui {

class ClassListModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { IdColumn, SizeColumn, SuppressedColumn, ValuesColumn, ColumnCount };
    enum Role { ClassIdRole = Qt::UserRole + 1, SortRole };

    explicit ClassListModel(QObject* parent = nullptr);

    // `qis` label the values column's tooltip; `k` marks classes smaller than k.
    void setClasses(const anonymity::EquivalenceClasses& classes, const std::vector<std::string>& qis, int k);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    anonymity::EquivalenceClasses m_classes;
    QStringList m_qis;
    int m_k = 1;
};

}  // namespace veil::ui
