// LatticeSceneBuilder: draws a generalization lattice by level (height 0 at the bottom, the most
// general node on top) into a QGraphicsScene, each node coloured by what the search learnt:
// optimum, anonymous, pruned (anonymous by inference or skipped by the loss bound), not anonymous,
// unknown. Nodes carry their lattice index in data(kNodeIndexKey). Big lattices show at most
// `maxPerLevel` nodes per level (the optimum, the applied node and checked nodes first).
#pragma once

#include "veil/anonymity/lattice.h"

#include <QColor>

#include <cstddef>
#include <optional>

class QGraphicsScene;

namespace veil::ui {

class LatticeSceneBuilder {
public:
    static constexpr int kNodeIndexKey = 0;

    // Clears `scene` and draws the lattice; `applied` gets a thick outline.
    static void build(const anonymity::GeneralizationLattice& lattice, std::optional<std::size_t> applied,
                      QGraphicsScene* scene, int maxPerLevel = 60);
    static QColor displayColor(anonymity::NodeDisplay display);
    static QString displayName(anonymity::NodeDisplay display);
};

}  // namespace veil::ui
