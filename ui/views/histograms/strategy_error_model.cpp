#include "views/histograms/strategy_error_model.h"

#include "charts/histograms/strategy_error_chart_builder.h"

#include <cmath>

namespace veil::ui {

void StrategyErrorModel::setErrors(std::vector<dp::StrategyError> errors) {
    beginResetModel();
    m_errors = std::move(errors);
    endResetModel();
}

int StrategyErrorModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_errors.size());
}

int StrategyErrorModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant StrategyErrorModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const dp::StrategyError& e = m_errors[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() != Strategy) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::EditRole && index.column() == MeanError) return e.meanError;
    if (role == Qt::EditRole && index.column() == StandardError) return e.standardError;
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Strategy:
            return StrategyErrorChartBuilder::strategyLabel(e);
        case MeanError:
            return QString::number(e.meanError, 'g', 4);
        case StandardError:
            return std::isnan(e.standardError) ? QStringLiteral("–") : QString::number(e.standardError, 'g', 3);
        default:
            return {};
    }
}

QVariant StrategyErrorModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    static const char* const names[] = {"Strategy", "Mean scaled error", "Std. error"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

}  // namespace veil::ui
