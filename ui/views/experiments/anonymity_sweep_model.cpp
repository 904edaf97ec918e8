#include "views/experiments/anonymity_sweep_model.h"

#include <QFont>

#include <cmath>
#include <limits>

namespace veil::ui {

AnonymitySweepModel::AnonymitySweepModel(QObject* parent) : QAbstractTableModel(parent) {}

void AnonymitySweepModel::setResult(const eval::SweepResult& result) {
    beginResetModel();
    m_rows = result.anonymity;
    m_labels.clear();
    for (const auto& m : result.methods) m_labels.push_back(m.label);
    endResetModel();
}

void AnonymitySweepModel::setMeasure(eval::AnonymityMeasure measure) {
    if (measure == m_measure) return;
    const int before = columnOf(m_measure);
    m_measure = measure;
    if (!m_rows.empty()) {
        Q_EMIT dataChanged(index(0, before), index(rowCount() - 1, before), {Qt::FontRole});
        Q_EMIT dataChanged(index(0, columnOf(measure)), index(rowCount() - 1, columnOf(measure)), {Qt::FontRole});
    }
    Q_EMIT headerDataChanged(Qt::Horizontal, FirstMeasureColumn, ColumnCount - 1);
}

int AnonymitySweepModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int AnonymitySweepModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

double AnonymitySweepModel::value(int row, int column) const {
    if (row < 0 || row >= rowCount()) return std::numeric_limits<double>::quiet_NaN();
    const auto& r = m_rows[std::size_t(row)];
    if (column == KColumn) return r.k;
    if (column >= FirstMeasureColumn && column < ColumnCount)
        return r.measures.values[std::size_t(column - FirstMeasureColumn)];
    return std::numeric_limits<double>::quiet_NaN();
}

QVariant AnonymitySweepModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& r = m_rows[std::size_t(index.row())];
    const int c = index.column();
    const bool text = c == MethodColumn || c == FoundColumn || c == MetricColumn || c == TransformationColumn;
    if (role == Qt::TextAlignmentRole)
        return text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && c == columnOf(m_measure)) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (text) {
        if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
        switch (c) {
            case MethodColumn:
                return r.method < m_labels.size() ? QString::fromStdString(m_labels[r.method]) : QString();
            case FoundColumn:
                if (role == Qt::ToolTipRole && !r.found) return QString::fromStdString(r.message);
                return r.found ? tr("yes") : tr("no");
            case MetricColumn:
                return QString::fromStdString(r.metric);
            default:
                return QString::fromStdString(r.transformation);
        }
    }
    const double v = value(index.row(), c);
    if (role == Qt::DisplayRole) {
        if (!std::isfinite(v)) return QStringLiteral("–");
        return QString::number(v, 'g', 6);
    }
    if (role == Qt::ToolTipRole)
        return std::isfinite(v) ? QString::number(v, 'g', 17) : tr("not defined for this method");
    if (role == Qt::UserRole) return v;
    return {};
}

QVariant AnonymitySweepModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical) return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (section >= FirstMeasureColumn && section < ColumnCount) {
        const auto m = eval::kAllAnonymityMeasures[std::size_t(section - FirstMeasureColumn)];
        if (role == Qt::ToolTipRole) return QString::fromUtf8(eval::anonymityMeasureLabel(m));
        if (role == Qt::DisplayRole) return QString::fromUtf8(eval::anonymityMeasureName(m));
        if (role == Qt::FontRole && m == m_measure) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case MethodColumn:
            return tr("Method");
        case KColumn:
            return tr("k");
        case FoundColumn:
            return tr("Found");
        case MetricColumn:
            return tr("Metric");
        case TransformationColumn:
            return tr("Solution");
        default:
            return {};
    }
}

}  // namespace veil::ui
