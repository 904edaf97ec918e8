#include "views/experiments/sweep_summary_model.h"

#include <cmath>
#include <limits>

namespace veil::ui {

SweepSummaryModel::SweepSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void SweepSummaryModel::setResult(const eval::SweepResult& result) {
    beginResetModel();
    m_result = result;
    m_result.rows.clear();  // the table shows summaries only
    m_result.rows.shrink_to_fit();
    endResetModel();
}

void SweepSummaryModel::setMetric(eval::Metric metric) {
    if (metric == m_metric) return;
    m_metric = metric;
    if (!m_result.summaries.empty()) Q_EMIT dataChanged(index(0, TrialsColumn), index(rowCount() - 1, ColumnCount - 1));
    Q_EMIT headerDataChanged(Qt::Horizontal, MedianColumn, ColumnCount - 1);
}

int SweepSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_result.summaries.size());
}

int SweepSummaryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

double SweepSummaryModel::value(int row, int column) const {
    if (row < 0 || row >= rowCount()) return std::numeric_limits<double>::quiet_NaN();
    const auto& r = m_result.summaries[std::size_t(row)];
    const auto& s = r[m_metric];
    switch (column) {
        case EpsilonColumn:
            return r.epsilon;
        case TrialsColumn:
            return double(s.n);
        case MedianColumn:
            return s.median;
        case Q1Column:
            return s.q1;
        case Q3Column:
            return s.q3;
        case IqrColumn:
            return s.iqr;
        case MeanColumn:
            return s.mean;
        case CiLowerColumn:
            return s.ciLower;
        case CiUpperColumn:
            return s.ciUpper;
        case MinColumn:
            return s.min;
        case MaxColumn:
            return s.max;
        default:
            return std::numeric_limits<double>::quiet_NaN();
    }
}

QVariant SweepSummaryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& r = m_result.summaries[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == MethodColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                              : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (index.column() == MethodColumn) {
        if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
        return r.method < m_result.methods.size() ? QString::fromStdString(m_result.methods[r.method].label)
                                                  : QString();
    }
    const double v = value(index.row(), index.column());
    if (role == Qt::DisplayRole && std::isnan(v)) return QStringLiteral("–");  // the interval of one trial
    if (role == Qt::DisplayRole)
        return index.column() == TrialsColumn ? QString::number(qlonglong(v)) : QString::number(v, 'g', 6);
    if (role == Qt::ToolTipRole) return QString::number(v, 'g', 17);
    if (role == Qt::UserRole) return v;
    return {};
}

QVariant SweepSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    switch (section) {
        case MethodColumn:
            return tr("Method");
        case EpsilonColumn:
            return tr("ε");
        case TrialsColumn:
            return tr("Trials");
        case MedianColumn:
            return tr("Median");
        case Q1Column:
            return tr("Q1");
        case Q3Column:
            return tr("Q3");
        case IqrColumn:
            return tr("IQR");
        case MeanColumn:
            return tr("Mean");
        case CiLowerColumn:
            return tr("95% CI low");
        case CiUpperColumn:
            return tr("95% CI high");
        case MinColumn:
            return tr("Min");
        case MaxColumn:
            return tr("Max");
        default:
            return {};
    }
}

}  // namespace veil::ui
