// LedgerEntryModel: the privacy ledger's entries as a table (id, dataset, when, release,
// mechanism, neighbouring notion, epsilon, delta, rho (zCDP), parallel group), newest last: what
// each release was charged, in its own units.
#pragma once

#include "veil/release/privacy_ledger.h"

#include <QAbstractTableModel>

#include <vector>

namespace veil::ui {

class LedgerEntryModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Id, Dataset, When, Release, Mechanism, Neighbouring, Epsilon, Delta, Rho, Group, ColumnCount };

    explicit LedgerEntryModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

    void setEntries(std::vector<release::LedgerEntry> entries);
    const std::vector<release::LedgerEntry>& entries() const { return m_entries; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<release::LedgerEntry> m_entries;
};

}  // namespace veil::ui
