#include "views/graph/statistics_model.h"

#include <QLocale>

namespace veil::ui {

StatisticsModel::StatisticsModel(QObject* parent) : QAbstractTableModel(parent) {}

void StatisticsModel::setAnalysis(const GraphAnalysis& a) {
    beginResetModel();
    m_rows.clear();
    const auto& s = a.summary;
    auto integer = [](double v) { return QString::number(v, 'f', 0); };
    auto percent = [](double share) { return QString::number(100.0 * share, 'f', 1) + QStringLiteral(" %"); };
    m_rows.push_back({"nodes", tr("Nodes n"), integer(double(s.nodes)), tr("number of nodes")});
    m_rows.push_back({"edges", tr("Edges m"), integer(double(s.edges)), tr("undirected, simple")});
    m_rows.push_back({"max-degree", tr("Max degree"), integer(double(s.maxDegree)), tr("largest degree d_max")});
    m_rows.push_back({"average-degree", tr("Average degree"),
                      s.nodes ? QString::number(2.0 * double(s.edges) / double(s.nodes), 'f', 2) : QStringLiteral("0"),
                      tr("2m / n")});
    m_rows.push_back({"triangles", tr("Triangles"), integer(double(s.triangles)), tr("each counted once")});
    m_rows.push_back({"two-stars", tr("Two-stars"), integer(double(s.twoStars)), tr("sum over v of C(d_v, 2)")});
    m_rows.push_back({"three-stars", tr("Three-stars"), integer(a.threeStars), tr("sum over v of C(d_v, 3)")});
    m_rows.push_back({"unique-degree", tr("Unique by degree"), percent(a.uniqueness.uniqueByDegree),
                      tr("share of nodes whose degree no other node has")});
    m_rows.push_back({"unique-neighbourhood", tr("Unique by neighbourhood"),
                      percent(a.uniqueness.uniqueByNeighbourhood),
                      tr("share unique by degree + sorted neighbour degrees")});
    if (a.graph && a.graph->hasLabels()) {
        const auto& names = a.graph->labelNames();
        std::vector<long long> counts(names.size(), 0);
        long long unlabelled = 0;
        for (graph::NodeId v = 0; v < a.graph->nodeCount(); ++v) {
            const int l = a.graph->labelOf(v);
            if (l < 0)
                ++unlabelled;
            else
                ++counts[std::size_t(l)];
        }
        for (std::size_t i = 0; i < names.size(); ++i)
            m_rows.push_back({QStringLiteral("label:") + QString::fromStdString(names[i]),
                              tr("Label “%1”").arg(QString::fromStdString(names[i])), integer(double(counts[i])),
                              tr("nodes with this label")});
        if (unlabelled) m_rows.push_back({"unlabelled", tr("Unlabelled"), integer(double(unlabelled)), {}});
    }
    endResetModel();
}

void StatisticsModel::clear() {
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

QString StatisticsModel::valueOf(const QString& key) const {
    for (const Row& r : m_rows)
        if (r.key == key) return r.value;
    return {};
}

int StatisticsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int StatisticsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant StatisticsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_rows.size())) return {};
    const Row& r = m_rows[std::size_t(index.row())];
    switch (role) {
        case Qt::DisplayRole:
            return index.column() == NameColumn ? r.name : r.value;
        case Qt::ToolTipRole:
            return r.tip;
        case KeyRole:
            return r.key;
        case Qt::TextAlignmentRole:
            return index.column() == ValueColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
        default:
            return {};
    }
}

QVariant StatisticsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return section == NameColumn ? tr("Statistic") : tr("Value");
}

}  // namespace veil::ui
