#include "views/graph/sensitivity_model.h"

#include "veil/graph/statistic.h"

#include <QFont>

#include <optional>

namespace veil::ui {
namespace {

QString number(double v) {
    if (v == double(static_cast<long long>(v))) return QString::number(static_cast<long long>(v));
    return QString::number(v, 'g', 6);
}

std::optional<graph::StatisticKind> kindOf(const std::string& name) {
    if (name == "edges") return graph::StatisticKind::Edges;
    if (name == "max-degree") return graph::StatisticKind::MaxDegree;
    if (name == "triangles") return graph::StatisticKind::Triangles;
    if (name == "two-stars") return graph::StatisticKind::TwoStars;
    return std::nullopt;
}

}  // namespace

SensitivityModel::SensitivityModel(QObject* parent) : QAbstractTableModel(parent) {}

void SensitivityModel::setRows(std::vector<graph::SensitivityRow> rows, std::size_t k) {
    beginResetModel();
    m_rows = std::move(rows);
    m_k = k;
    endResetModel();
}

void SensitivityModel::setK(std::size_t k) {
    if (k < 1 || k == m_k) return;
    m_k = k;
    for (auto& row : m_rows) {
        if (auto kind = kindOf(row.statistic)) {
            const graph::Statistic s = graph::makeStatistic(*kind);
            row.rsEdge = graph::restrictedSensitivityEdge(s, k);
            row.rsNode = graph::restrictedSensitivityNode(s, k);
        }
    }
    if (!m_rows.empty()) Q_EMIT dataChanged(index(RsEdge, 1), index(RsNode, columnCount() - 1));
    Q_EMIT headerDataChanged(Qt::Vertical, RsEdge, RsNode);
}

int SensitivityModel::columnOf(const QString& statistic) const {
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (QString::fromStdString(m_rows[i].statistic) == statistic) return int(i) + 1;
    return -1;
}

QModelIndex SensitivityModel::cell(const QString& statistic, Quantity quantity) const {
    const int column = columnOf(statistic);
    return column < 0 ? QModelIndex() : index(int(quantity), column);
}

int SensitivityModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || m_rows.empty() ? 0 : QuantityCount;
}
int SensitivityModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size()) + 1;
}

const graph::SensitivityValue* SensitivityModel::valueOf(const graph::SensitivityRow& row, int quantity) const {
    switch (quantity) {
        case LsEdge:
            return &row.lsEdge;
        case GsEdge:
            return &row.gsEdge;
        case LsNode:
            return &row.lsNode;
        case GsNode:
            return &row.gsNode;
        case RsEdge:
            return &row.rsEdge;
        case RsNode:
            return &row.rsNode;
        default:
            return nullptr;
    }
}

QString SensitivityModel::quantityName(int quantity) const {
    switch (quantity) {
        case ValueRow:
            return tr("f(G)");
        case LsEdge:
            return tr("LS edge");
        case GsEdge:
            return tr("GS edge");
        case LsNode:
            return tr("LS node");
        case GsNode:
            return tr("GS node");
        case RsEdge:
            return tr("RS edge (H_%1)").arg(m_k);
        case RsNode:
            return tr("RS node (H_%1)").arg(m_k);
        default:
            return {};
    }
}

QVariant SensitivityModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const int q = index.row();
    if (index.column() == 0) {
        if (role == Qt::DisplayRole) return quantityName(q);
        if (role == Qt::FontRole) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    }
    const auto& row = m_rows[std::size_t(index.column() - 1)];
    const auto* value = valueOf(row, q);
    switch (role) {
        case Qt::DisplayRole:
            if (q == ValueRow) return number(row.value);
            return number(value->value) + QLatin1Char('\n') + QString::fromStdString(value->formula);
        case NumberRole:
            return q == ValueRow ? row.value : value->value;
        case FormulaRole:
        case Qt::ToolTipRole:
            return value ? QVariant(QString::fromStdString(value->formula)) : QVariant();
        default:
            return {};
    }
}

QVariant SensitivityModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        if (section == 0) return tr("Quantity");
        if (section - 1 < int(m_rows.size())) return QString::fromStdString(m_rows[std::size_t(section - 1)].statistic);
        return {};
    }
    if (orientation == Qt::Vertical && role == Qt::ToolTipRole) {
        switch (section) {
            case LsEdge:
            case LsNode:
                return tr("Local sensitivity on this graph");
            case GsEdge:
            case GsNode:
                return tr("Global sensitivity over all graphs on n nodes");
            case RsEdge:
            case RsNode:
                return tr("Restricted sensitivity over H_k = {G : max degree <= k}");
            default:
                return {};
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

}  // namespace veil::ui
