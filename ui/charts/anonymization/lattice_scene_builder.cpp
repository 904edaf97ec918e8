#include "charts/anonymization/lattice_scene_builder.h"
#include "charts/anonymization/lattice_level_names.h"
#include "charts/chart_zoom.h"

#include <QBrush>
#include <QCursor>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QObject>
#include <QPainter>
#include <QPainterPath>
#include <QPen>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace veil::ui {

using anonymity::NodeDisplay;

namespace {

// A node: a rectangle with its level digits, drawn only when zoomed in enough to read them.
class LatticeNodeItem final : public QGraphicsRectItem {
public:
    LatticeNodeItem(const QRectF& rect, QString text, QFont font)
        : QGraphicsRectItem(rect), m_text(std::move(text)), m_font(std::move(font)) {}

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override {
        QStyleOptionGraphicsItem plain(*option);
        plain.state &= ~QStyle::State_Selected;
        QGraphicsRectItem::paint(painter, &plain, widget);
        if (isSelected()) {
            painter->setPen(QPen(QColor(30, 90, 200), 3.0, Qt::DashLine));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(rect().adjusted(-3, -3, 3, 3));
        }
        if (option->levelOfDetailFromTransform(painter->worldTransform()) < 0.45) return;
        painter->setFont(m_font);
        painter->setPen(Qt::black);
        painter->drawText(rect(), Qt::AlignCenter, m_text);
    }

private:
    QString m_text;
    QFont m_font;
};

struct Layout {
    double nodeW = 0, nodeH = 26.0, gapX = 14.0, gapY = 56.0;
    double minLoss = 0, maxLoss = 0;
    std::vector<std::vector<std::size_t>> levels;  // nodes per height
    std::size_t columns = 1;                       // nodes per row; wider levels wrap onto more rows
    double pitchX() const { return nodeW * 1.2 + gapX; }
    double pitchY() const { return nodeH * 1.4 + 8.0; }
    double heightFor(std::size_t cols) const {
        double total = 0;
        for (const auto& row : levels) total += double((row.size() + cols - 1) / cols) * pitchY() + gapY;
        return total;
    }
};

// The fewest columns that keep the drawing about 1.5 times as wide as high, so that a big lattice
// still fits a window at a scale where the colours read (small lattices keep one row a level).
std::size_t columnsFor(const Layout& l) {
    std::size_t widest = 1;
    for (const auto& row : l.levels) widest = std::max(widest, row.size());
    for (std::size_t cols = 12; cols < widest; ++cols)
        if (double(cols) * l.pitchX() >= 1.5 * l.heightFor(cols)) return cols;
    return widest;
}

Layout layoutOf(const anonymity::GeneralizationLattice& lattice, double digitsWidth) {
    Layout l;
    l.nodeW = (digitsWidth + 8.0) / 0.8;  // the smallest node (0.8 x nodeW) still holds its digits
    l.levels.resize(std::size_t(lattice.maxHeight()) + 1);
    for (std::size_t i : lattice.nodesByHeight()) l.levels[std::size_t(lattice.heightOf(i))].push_back(i);
    bool any = false;
    for (std::size_t i = 0; i < lattice.size(); ++i) {
        const double loss = lattice.node(i).informationLoss;
        if (std::isnan(loss)) continue;
        l.minLoss = any ? std::min(l.minLoss, loss) : loss;
        l.maxLoss = any ? std::max(l.maxLoss, loss) : loss;
        any = true;
    }
    l.columns = columnsFor(l);
    return l;
}

QString tooltipOf(const anonymity::GeneralizationLattice& lattice, std::size_t i, bool isApplied,
                  const LatticeLevelNames* names) {
    const auto& node = lattice.node(i);
    const std::vector<int> levels = lattice.levelsOf(i);
    QString tip = QObject::tr("Node %1: %2%3")
                      .arg(QString::fromStdString(anonymity::formatLevels(levels)),
                           LatticeSceneBuilder::displayName(lattice.display(i)),
                           isApplied ? QObject::tr(" (shown now)") : QString());
    if (names && !names->isEmpty()) tip += QLatin1Char('\n') + names->describe(levels);
    if (!std::isnan(node.informationLoss))
        tip += QObject::tr("\nInformation loss: %1").arg(node.informationLoss, 0, 'g', 5);
    if (node.checked) tip += QObject::tr("\nSuppressed records: %1").arg(node.suppressed);
    return tip + QObject::tr("\nClick to apply this transformation");
}

// Edges, one path per pair of adjacent heights (cheap to draw even for ~10^4 nodes), and the
// edges of the node shown now drawn dark. Each path carries its edge count in kEdgeCountKey.
void addEdges(QGraphicsScene* scene, const anonymity::GeneralizationLattice& lattice,
              const std::vector<std::vector<std::size_t>>& levels, const std::vector<QPointF>& centre,
              const std::vector<double>& halfH, std::optional<std::size_t> applied) {
    for (std::size_t h = 0; h + 1 < levels.size(); ++h) {
        QPainterPath path;
        int edges = 0;
        for (std::size_t i : levels[h])
            for (std::size_t s : lattice.successors(i)) {
                path.moveTo(centre[i] - QPointF(0, halfH[i]));
                path.lineTo(centre[s] + QPointF(0, halfH[s]));
                ++edges;
            }
        // Fainter when there are many edges, so that the colours of the nodes still read.
        QPen pen(QColor(120, 120, 120, lattice.size() > 2000 ? 28 : lattice.size() > 300 ? 70 : 160), 0.8);
        pen.setCosmetic(true);
        auto* item = scene->addPath(path, pen);
        item->setZValue(LatticeSceneBuilder::kEdgeZ);
        item->setData(LatticeSceneBuilder::kEdgeCountKey, edges);
    }
    if (applied && *applied < lattice.size()) {
        // The node shown now with its direct predecessors and successors, drawn dark.
        QPainterPath path;
        for (std::size_t s : lattice.successors(*applied)) {
            path.moveTo(centre[*applied] - QPointF(0, halfH[*applied]));
            path.lineTo(centre[s] + QPointF(0, halfH[s]));
        }
        for (std::size_t p : lattice.predecessors(*applied)) {
            path.moveTo(centre[*applied] + QPointF(0, halfH[*applied]));
            path.lineTo(centre[p] - QPointF(0, halfH[p]));
        }
        QPen pen(QColor(20, 20, 20), 1.6);
        pen.setCosmetic(true);
        scene->addPath(path, pen)->setZValue(LatticeSceneBuilder::kEdgeZ + 0.5);
    }
}

}  // namespace

QColor LatticeSceneBuilder::displayColor(NodeDisplay display) {
    switch (display) {
        case NodeDisplay::Optimum:
            return QColor(255, 190, 20);
        case NodeDisplay::Anonymous:
            return QColor(76, 175, 80);
        case NodeDisplay::Pruned:
            return QColor(158, 202, 225);
        case NodeDisplay::NotAnonymous:
            return QColor(228, 87, 86);
        case NodeDisplay::Unknown:
            return QColor(220, 220, 220);
    }
    return Qt::white;
}

QString LatticeSceneBuilder::displayName(NodeDisplay display) {
    switch (display) {
        case NodeDisplay::Optimum:
            return QObject::tr("optimum");
        case NodeDisplay::Anonymous:
            return QObject::tr("anonymous (loss computed)");
        case NodeDisplay::Pruned:
            return QObject::tr("anonymous, pruned");
        case NodeDisplay::NotAnonymous:
            return QObject::tr("not anonymous");
        case NodeDisplay::Unknown:
            return QObject::tr("not visited");
    }
    return {};
}

double LatticeSceneBuilder::sizeFactor(double loss, double minLoss, double maxLoss) {
    if (std::isnan(loss)) return 0.6;
    if (!(maxLoss > minLoss)) return 1.0;
    return 0.6 + 0.8 * std::clamp((loss - minLoss) / (maxLoss - minLoss), 0.0, 1.0);
}

void LatticeSceneBuilder::build(const anonymity::GeneralizationLattice& lattice, std::optional<std::size_t> applied,
                                QGraphicsScene* scene, const LatticeLevelNames* names) {
    scene->clear();
    if (lattice.size() == 0) return;
    QFont font;
    font.setPointSizeF(chart_zoom::points(10));
    QFont small = font;
    small.setPointSizeF(chart_zoom::points(9));
    // The widest label is the top node's (every level at its most general).
    const std::size_t widest = lattice.indexOf(lattice.maxLevels());
    const Layout l = layoutOf(lattice, QFontMetricsF(small).horizontalAdvance(nodeLabel(lattice, widest)));
    const double totalW = double(l.columns) * l.pitchX();
    std::vector<QPointF> centre(lattice.size());
    std::vector<double> halfH(lattice.size(), 0.0);
    double top = 0;
    for (std::size_t hh = l.levels.size(); hh-- > 0;) {
        const auto& row = l.levels[hh];
        const std::size_t h = hh;
        auto* label = scene->addSimpleText(QObject::tr("height %1 · %2 nodes").arg(h).arg(row.size()), small);
        label->setPos(-170, top + l.pitchY() / 2 - 8);
        label->setBrush(QColor(90, 90, 90));
        for (std::size_t j = 0; j < row.size(); ++j) {
            const std::size_t i = row[j];
            const std::size_t line = j / l.columns, inLine = std::min(l.columns, row.size() - line * l.columns);
            const double x0 = (totalW - double(inLine) * l.pitchX()) / 2.0 + l.pitchX() / 2.0;
            const double f = sizeFactor(lattice.node(i).informationLoss, l.minLoss, l.maxLoss);
            const QPointF c(x0 + double(j % l.columns) * l.pitchX(), top + (double(line) + 0.5) * l.pitchY());
            const double w = l.nodeW * (0.5 + 0.5 * f);  // 0.8 to 1.2 x nodeW: the digits always fit
            const QRectF rect(c.x() - w / 2, c.y() - l.nodeH * f / 2, w, l.nodeH * f);
            const bool isApplied = applied && *applied == i;
            auto* item = new LatticeNodeItem(rect, nodeLabel(lattice, i), f < 0.8 ? small : font);
            item->setPen(QPen(isApplied ? QColor(0, 0, 0) : QColor(90, 90, 90), isApplied ? 3.5 : 1.0));
            item->setBrush(displayColor(lattice.display(i)));
            item->setZValue(kNodeZ);
            item->setData(kNodeIndexKey, qulonglong(i));
            item->setFlag(QGraphicsItem::ItemIsSelectable);
            item->setToolTip(tooltipOf(lattice, i, isApplied, names));
            item->setCursor(Qt::PointingHandCursor);
            scene->addItem(item);
            centre[i] = c;
            halfH[i] = l.nodeH * f / 2;
        }
        top += double((row.size() + l.columns - 1) / l.columns) * l.pitchY() + l.gapY;
    }
    addEdges(scene, lattice, l.levels, centre, halfH, applied);
    auto* t = scene->addSimpleText(
        QObject::tr("digits: level per quasi-identifier · size: information loss · bold outline: shown now"), font);
    t->setPos(0, -36);
}

QString LatticeSceneBuilder::nodeLabel(const anonymity::GeneralizationLattice& lattice, std::size_t index) {
    const auto& most = lattice.maxLevels();
    const bool separated = std::any_of(most.begin(), most.end(), [](int m) { return m >= 10; });
    QStringList parts;
    for (int v : lattice.levelsOf(index)) parts << QString::number(v);
    return parts.join(separated ? QStringLiteral(",") : QString());
}

}  // namespace veil::ui
