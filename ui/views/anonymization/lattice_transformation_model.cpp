#include "views/anonymization/lattice_transformation_model.h"

#include "charts/anonymization/lattice_scene_builder.h"

#include <QBrush>

#include <cmath>

namespace veil::ui {

using anonymity::NodeDisplay;

namespace {

QString shortName(NodeDisplay display) {
    switch (display) {
        case NodeDisplay::Optimum:
            return LatticeTransformationModel::tr("yes (optimum)");
        case NodeDisplay::Anonymous:
            return LatticeTransformationModel::tr("yes");
        case NodeDisplay::Pruned:
            return LatticeTransformationModel::tr("yes (pruned)");
        case NodeDisplay::NotAnonymous:
            return LatticeTransformationModel::tr("no");
        case NodeDisplay::Unknown:
            return LatticeTransformationModel::tr("not visited");
    }
    return {};
}

}  // namespace

LatticeTransformationModel::LatticeTransformationModel(QObject* parent) : QAbstractTableModel(parent) {}

void LatticeTransformationModel::setLattice(const anonymity::GeneralizationLattice& lattice, LatticeLevelNames names) {
    beginResetModel();
    m_lattice = lattice;
    m_names = std::move(names);
    endResetModel();
}

int LatticeTransformationModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_lattice.size());
}

int LatticeTransformationModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LatticeTransformationModel::displayData(std::size_t node, int column) const {
    const auto& n = m_lattice.node(node);
    switch (column) {
        case TransformationColumn:
            return m_names.describe(m_lattice.levelsOf(node));
        case AnonymousColumn:
            return shortName(m_lattice.display(node));
        case LossColumn:
            if (!std::isnan(n.informationLoss)) return QString::number(n.informationLoss, 'g', 5);
            // Not visited: the search stopped before it; its loss bound says why.
            if (n.status == anonymity::NodeStatus::Unknown && !std::isnan(n.lowerBound))
                return QStringLiteral("≥ %1").arg(QString::number(n.lowerBound, 'g', 5));
            return QStringLiteral("–");
        case LevelColumn:
            return m_lattice.heightOf(node);
    }
    return {};
}

QVariant LatticeTransformationModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const std::size_t node = std::size_t(index.row());
    const NodeDisplay display = m_lattice.display(node);
    switch (role) {
        case Qt::DisplayRole:
            return displayData(node, index.column());
        case Qt::ToolTipRole:
            return QStringLiteral("%1\n%2").arg(
                m_names.describe(m_lattice.levelsOf(node)),
                QString::fromStdString(anonymity::formatLevels(m_lattice.levelsOf(node))));
        case Qt::DecorationRole:
            return index.column() == AnonymousColumn ? QVariant(LatticeSceneBuilder::displayColor(display))
                                                     : QVariant();
        case SortRole:
            if (index.column() == LossColumn) {
                const double loss = m_lattice.node(node).informationLoss;
                return std::isnan(loss) ? std::numeric_limits<double>::infinity() : loss;
            }
            if (index.column() == LevelColumn) return m_lattice.heightOf(node);
            if (index.column() == AnonymousColumn) return int(display);
            return displayData(node, index.column());
        case NodeIndexRole:
            return qulonglong(node);
    }
    return {};
}

QVariant LatticeTransformationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
        case TransformationColumn:
            return tr("Transformation");
        case AnonymousColumn:
            return tr("Anonymous");
        case LossColumn:
            return tr("Loss");
        case LevelColumn:
            return tr("Level");
    }
    return {};
}

}  // namespace veil::ui
