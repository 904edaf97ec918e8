#include "views/ledger/ledger_entry_model.h"

namespace veil::ui {

void LedgerEntryModel::setEntries(std::vector<release::LedgerEntry> entries) {
    beginResetModel();
    m_entries = std::move(entries);
    endResetModel();
}

int LedgerEntryModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_entries.size()); }

int LedgerEntryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LedgerEntryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const release::LedgerEntry& e = m_entries[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return (index.column() == Id || index.column() == Epsilon || index.column() == Delta || index.column() == Rho)
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (role == Qt::ToolTipRole) return QString::fromStdString(e.details.dump(2));
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    switch (index.column()) {
        case Id:
            return qlonglong(e.id);
        case Dataset:
            return QString::fromStdString(e.dataset);
        case When:
            return QString::fromStdString(e.created);
        case Release:
            return QString::fromStdString(e.release);
        case Mechanism:
            return QString::fromStdString(e.mechanism);
        case Neighbouring:
            return QString::fromStdString(e.neighbouring);
        case Epsilon:
            return role == Qt::EditRole ? QVariant(e.epsilon) : QVariant(QString::number(e.epsilon, 'g', 6));
        case Delta:
            return role == Qt::EditRole ? QVariant(e.delta) : QVariant(QString::number(e.delta, 'g', 6));
        case Rho:
            if (role == Qt::EditRole) return e.rho;
            return e.rho > 0 ? QVariant(QString::number(e.rho, 'g', 6)) : QVariant(QStringLiteral("—"));
        case Group:
            return QString::fromStdString(e.parallelGroup);
        default:
            return {};
    }
}

QVariant LedgerEntryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    static const char* const names[] = {"#",          "Dataset", "When (UTC)", "Release",  "Mechanism",
                                        "Neighbours", "ε",       "δ",          "ρ (zCDP)", "Parallel group"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

}  // namespace veil::ui
