#include "charts/anonymization/lattice_scene_builder.h"
#include "charts/chart_zoom.h"

#include <QBrush>
#include <QCursor>
#include <QFont>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QObject>
#include <QPen>

#include <algorithm>
#include <cmath>
#include <map>

namespace veil::ui {

using anonymity::NodeDisplay;

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

void LatticeSceneBuilder::build(const anonymity::GeneralizationLattice& lattice, std::optional<std::size_t> applied,
                                QGraphicsScene* scene, int maxPerLevel) {
    scene->clear();
    if (lattice.size() == 0) return;
    const int height = lattice.maxHeight();
    // Nodes per level, the interesting ones first when a level is too wide.
    std::vector<std::vector<std::size_t>> levels(std::size_t(height) + 1);
    for (std::size_t i : lattice.nodesByHeight()) levels[std::size_t(lattice.heightOf(i))].push_back(i);
    std::vector<std::size_t> hidden(levels.size(), 0);
    for (std::size_t h = 0; h < levels.size(); ++h) {
        auto& row = levels[h];
        if (int(row.size()) <= maxPerLevel) continue;
        auto rank = [&](std::size_t i) {
            const auto& n = lattice.node(i);
            if (n.optimum || (applied && *applied == i)) return 0;
            return n.checked ? 1 : 2;
        };
        std::stable_sort(row.begin(), row.end(), [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
        hidden[h] = row.size() - std::size_t(maxPerLevel);
        row.resize(std::size_t(maxPerLevel));
        std::sort(row.begin(), row.end());
    }

    QFont font;
    font.setPointSizeF(chart_zoom::points(10));
    QFont small = font;
    small.setPointSizeF(chart_zoom::points(9));
    const double nodeW = 14.0 * double(lattice.dimensions()) + 16.0;
    const double nodeH = 26.0, gapX = 12.0, gapY = 46.0;
    std::size_t widest = 1;
    for (const auto& row : levels) widest = std::max(widest, row.size());
    const double totalW = double(widest) * (nodeW + gapX);
    std::map<std::size_t, QPointF> centre;
    std::size_t drawn = 0;
    for (std::size_t h = 0; h < levels.size(); ++h) {
        const auto& row = levels[h];
        const double y = double(height - int(h)) * (nodeH + gapY);
        const double x0 = (totalW - double(row.size()) * (nodeW + gapX)) / 2.0;
        auto* label = scene->addSimpleText(QObject::tr("height %1").arg(h), small);
        label->setPos(-90, y + 4);
        label->setBrush(QColor(90, 90, 90));
        for (std::size_t j = 0; j < row.size(); ++j) {
            const std::size_t i = row[j];
            const auto& node = lattice.node(i);
            const NodeDisplay display = lattice.display(i);
            const QRectF rect(x0 + double(j) * (nodeW + gapX), y, nodeW, nodeH);
            const bool isApplied = applied && *applied == i;
            auto* item =
                scene->addRect(rect, QPen(isApplied ? QColor(0, 0, 0) : QColor(90, 90, 90), isApplied ? 3.5 : 1.0),
                               QBrush(displayColor(display)));
            item->setZValue(2);
            item->setData(kNodeIndexKey, qulonglong(i));
            QString levelsText;
            for (int l : lattice.levelsOf(i)) levelsText += QString::number(l);
            auto* text = new QGraphicsSimpleTextItem(levelsText, item);
            text->setFont(font);
            const QRectF tb = text->boundingRect();
            text->setPos(rect.center() - QPointF(tb.width() / 2, tb.height() / 2));
            text->setAcceptedMouseButtons(Qt::NoButton);
            QString tip = QObject::tr("Node %1: %2%3")
                              .arg(QString::fromStdString(anonymity::formatLevels(lattice.levelsOf(i))),
                                   displayName(display), isApplied ? QObject::tr(" (shown now)") : QString());
            if (!std::isnan(node.informationLoss))
                tip += QObject::tr("\nInformation loss: %1").arg(node.informationLoss, 0, 'g', 5);
            if (node.checked) tip += QObject::tr("\nSuppressed records: %1").arg(node.suppressed);
            tip += QObject::tr("\nClick to apply this transformation");
            item->setToolTip(tip);
            item->setCursor(Qt::PointingHandCursor);
            centre[i] = rect.center();
            ++drawn;
        }
        if (hidden[h] > 0) {
            auto* more = scene->addSimpleText(QObject::tr("+%1 more").arg(hidden[h]), small);
            more->setPos(x0 + double(row.size()) * (nodeW + gapX), y + 4);
        }
    }
    if (drawn <= 400) {
        QPen edgePen(QColor(170, 170, 170), 1.0);
        for (const auto& [i, c] : centre)
            for (std::size_t s : lattice.successors(i)) {
                auto it = centre.find(s);
                if (it == centre.end()) continue;
                auto* line =
                    scene->addLine(QLineF(c - QPointF(0, nodeH / 2), it->second + QPointF(0, nodeH / 2)), edgePen);
                line->setZValue(1);
            }
    }
    // Legend above the top level.
    double lx = 0;
    const double ly = -nodeH - 30;
    for (NodeDisplay d : {NodeDisplay::Optimum, NodeDisplay::Anonymous, NodeDisplay::Pruned, NodeDisplay::NotAnonymous,
                          NodeDisplay::Unknown}) {
        scene->addRect(QRectF(lx, ly, 18, 18), QPen(QColor(90, 90, 90)), QBrush(displayColor(d)));
        auto* t = scene->addSimpleText(displayName(d), font);
        t->setPos(lx + 24, ly);
        lx += 24 + t->boundingRect().width() + 22;
    }
    auto* t = scene->addSimpleText(QObject::tr("bold outline: shown now · digits: level per quasi-identifier"), font);
    t->setPos(lx, ly);
}

}  // namespace veil::ui
