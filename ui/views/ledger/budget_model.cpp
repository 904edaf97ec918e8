#include "views/ledger/budget_model.h"

#include <QColor>

#include <algorithm>

namespace veil::ui {

double BudgetRow::usedFraction() const {
    if (!budgetEpsilon || *budgetEpsilon <= 0) return 0.0;
    return std::clamp(spentEpsilon / *budgetEpsilon, 0.0, 1.0);
}

void BudgetModel::setRows(std::vector<BudgetRow> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int BudgetModel::rowOf(const std::string& dataset) const {
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].dataset == dataset) return int(i);
    return -1;
}

int BudgetModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int BudgetModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BudgetModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const BudgetRow& r = m_rows[std::size_t(index.row())];
    const auto number = [](double v) { return QString::number(v, 'g', 6); };
    if (role == FractionRole) return r.usedFraction();
    if (role == Qt::TextAlignmentRole)
        return index.column() == Dataset ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == Remaining && r.budgetEpsilon &&
        *r.budgetEpsilon - r.spentEpsilon <= 1e-12)
        return QColor(0xb0, 0x00, 0x20);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Dataset:
            return QString::fromStdString(r.dataset);
        case Budget:
            return r.budgetEpsilon ? number(*r.budgetEpsilon) : tr("no limit");
        case Spent:
            return number(r.spentEpsilon);
        case Remaining:
            return r.budgetEpsilon ? number(std::max(0.0, *r.budgetEpsilon - r.spentEpsilon)) : tr("∞");
        case BudgetDelta:
            return r.budgetDelta ? number(*r.budgetDelta) : QStringLiteral("—");
        case SpentDelta:
            return number(r.spentDelta);
        case SpentRho:
            return r.spentRho ? number(*r.spentRho) : QStringLiteral("—");
        case Route:
            return QString::fromStdString(r.route);
        case Releases:
            return r.releases;
        case Used:
            return r.budgetEpsilon ? QStringLiteral("%1%").arg(100 * r.usedFraction(), 0, 'f', 0) : QStringLiteral("—");
        default:
            return {};
    }
}

QVariant BudgetModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    static const char* const names[] = {"Dataset", "Budget ε",       "Spent ε",     "Remaining ε", "Budget δ",
                                        "Spent δ", "Spent ρ (zCDP)", "Composition", "Releases",    "Used"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

}  // namespace veil::ui
