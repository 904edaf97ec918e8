#include "views/spatial/leaf_table_model.h"

#include "views/spatial/spatial_readout.h"

namespace veil::ui {

LeafTableModel::LeafTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void LeafTableModel::setResult(std::shared_ptr<const SpatialResult> result) {
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

void LeafTableModel::setShowTrue(bool show) {
    if (show == m_showTrue) return;
    if (show) {
        beginInsertColumns({}, int(TrueColumn), int(TrueColumn));
        m_showTrue = true;
        endInsertColumns();
    } else {
        beginRemoveColumns({}, int(TrueColumn), int(TrueColumn));
        m_showTrue = false;
        endRemoveColumns();
    }
}

int LeafTableModel::nodeAt(int row) const {
    if (!m_result || row < 0 || std::size_t(row) >= m_result->psd->leaves.size()) return -1;
    return m_result->psd->leaves[std::size_t(row)];
}

int LeafTableModel::column(Column logical) const {
    if (m_showTrue || logical < TrueColumn) return int(logical);
    return logical == TrueColumn ? -1 : int(logical) - 1;
}

LeafTableModel::Column LeafTableModel::logical(int section) const {
    if (m_showTrue || section < int(TrueColumn)) return Column(section);
    return Column(section + 1);
}

int LeafTableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !m_result) return 0;
    return int(m_result->psd->leaves.size());
}

int LeafTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return m_showTrue ? CellColumn + 1 : CellColumn;
}

QVariant LeafTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const int node = nodeAt(index.row());
    if (node < 0) return {};
    const auto& psd = *m_result->psd;
    const auto& n = psd.nodes[std::size_t(node)];
    const double average = psd.domain.area() > 0.0 ? double(psd.pointCount) / psd.domain.area() : 0.0;
    const double density = n.rect.area() > 0.0 && average > 0.0 ? n.estimate / n.rect.area() / average : 0.0;
    if (role == Qt::TextAlignmentRole)
        return logical(index.column()) == CellColumn ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                                     : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role != Qt::DisplayRole && role != Qt::UserRole && role != Qt::ToolTipRole) return {};
    const bool raw = role == Qt::UserRole;
    switch (logical(index.column())) {
        case CellColumn:
            if (raw) return n.rect.x0 + n.rect.y0 * 1e-9;
            return QStringLiteral("[%1, %2) × [%3, %4)")
                .arg(QString::number(n.rect.x0, 'g', 5), QString::number(n.rect.x1, 'g', 5),
                     QString::number(n.rect.y0, 'g', 5), QString::number(n.rect.y1, 'g', 5));
        case DepthColumn:
            return n.depth;
        case NoisyColumn:
            return raw ? QVariant(n.estimate) : QVariant(formatCount(n.estimate));
        case DensityColumn:
            return raw ? QVariant(density) : QVariant(QString::number(density, 'g', 3));
        case TrueColumn:
            return raw ? QVariant(n.trueCount) : QVariant(formatCount(n.trueCount));
        default:
            return {};
    }
}

QVariant LeafTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    if (section < 0 || section >= columnCount()) return {};
    switch (logical(section)) {
        case CellColumn:
            return tr("Cell");
        case DepthColumn:
            return tr("Depth");
        case NoisyColumn:
            return tr("Noisy count");
        case DensityColumn:
            return tr("Density (× avg)");
        case TrueColumn:
            return tr("True count");
        default:
            return {};
    }
}

}  // namespace veil::ui
