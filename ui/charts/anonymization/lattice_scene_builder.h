// LatticeSceneBuilder: draws a generalization lattice as a Hasse diagram by level (height 0 at the
// bottom, the most general node on top) into a QGraphicsScene. Every node is drawn, spaced by a
// fixed width (wide levels scroll and zoom in the view), coloured by what the search learnt
// (optimum, anonymous, pruned, not anonymous, unknown) and sized by its information loss. Edges
// join each node to its direct successors (one level up in one attribute) under the nodes.
// Nodes carry their lattice index in data(kNodeIndexKey); edge items their edge count in
// data(kEdgeCountKey).
#pragma once

#include "veil/anonymity/lattice.h"

#include <QColor>
#include <QString>

#include <cstddef>
#include <optional>

class QGraphicsScene;

namespace veil::ui {

class LatticeLevelNames;

class LatticeSceneBuilder {
public:
    static constexpr int kNodeIndexKey = 0;
    static constexpr int kEdgeCountKey = 1;
    static constexpr double kNodeZ = 2.0;
    static constexpr double kEdgeZ = 1.0;

    // Clears `scene` and draws the lattice; `applied` gets a thick outline; `names` (optional)
    // give the tooltips level names. O(nodes x dimensions).
    static void build(const anonymity::GeneralizationLattice& lattice, std::optional<std::size_t> applied,
                      QGraphicsScene* scene, const LatticeLevelNames* names = nullptr);
    static QColor displayColor(anonymity::NodeDisplay display);
    static QString displayName(anonymity::NodeDisplay display);
    // Size factor of a node in [0.6, 1.4] growing with `loss` in [minLoss, maxLoss]; 0.6 for NaN.
    static double sizeFactor(double loss, double minLoss, double maxLoss);
    // A node's label: its level per quasi-identifier, as digits ("0312") while every hierarchy has
    // fewer than 10 levels, else separated ("10,3,1,2": "10312" would be ambiguous).
    static QString nodeLabel(const anonymity::GeneralizationLattice& lattice, std::size_t index);
};

}  // namespace veil::ui
