#include "views/spatial/configuration_hints.h"

#include "views/spatial/spatial_settings.h"

#include <QCoreApplication>

#include <array>
#include <cmath>

namespace veil::ui {

namespace {
using spatial::TreeKind;

// Checked in order; the first that fires is shown. Sources: DPBench (Hay et al. 2016) and
// Cormode et al. 2012 ("Differentially private spatial decompositions"), on the grid shapes.
constexpr std::array<ConfigurationHintRule, 3> kRules{{
    {TreeKind::KdTree, 1.0, 1, false, 1.0,
     QT_TRANSLATE_NOOP("ConfigurationHints",
                       "The kd-tree at this height answers range queries far worse than the quadtree on DPBench's "
                       "grid data: its data-dependent splits spend budget on medians. Try the quadtree or the "
                       "adaptive grid (AGrid).")},
    {std::nullopt, 0.1, 9, false, 1.0,
     QT_TRANSLATE_NOOP("ConfigurationHints",
                       "At this ε a tree this tall spreads the budget over many levels, and its small leaves are "
                       "mostly noise. Try a lower height (6–8).")},
    {std::nullopt, 10.0, 1, true, 0.5,
     QT_TRANSLATE_NOOP("ConfigurationHints",
                       "Post-processing (constrained inference) is off: turning it on lowers range-query error "
                       "at no extra privacy cost.")},
}};

// The rules are about trees (height, medians, levels to make consistent): the grids skip them.
bool fires(const ConfigurationHintRule& rule, const SpatialSettings& s, double p90) {
    return (!rule.tree || rule.tree == s.treeKind()) && !s.isGrid() && s.epsilon <= rule.maxEpsilon &&
           s.height >= rule.minHeight && (!rule.onlyWithoutPostprocessing || !s.postprocess) &&
           p90 > rule.minP90Relative;
}
}  // namespace

QString configurationHint(const SpatialSettings& settings, double p90Relative) {
    if (!std::isfinite(p90Relative)) return {};
    for (const ConfigurationHintRule& rule : kRules)
        if (fires(rule, settings, p90Relative)) return QCoreApplication::translate("ConfigurationHints", rule.hint);
    return {};
}

}  // namespace veil::ui
