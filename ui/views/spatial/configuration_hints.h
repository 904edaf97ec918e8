// Hints for configurations known to be poor, from one small table of rules: each rule names a
// tree, the parameters where it applies and the measured error above which it fires. The error is
// measured against the true counts, so the view shows a hint in teaching mode only, where that
// error is shown too (it says nothing a release does not already say).
#pragma once

#include "veil/spatial/decomposition.h"

#include <QString>

#include <optional>

namespace veil::ui {

struct SpatialSettings;

struct ConfigurationHintRule {
    std::optional<spatial::TreeKind> tree;  // any tree when empty
    double maxEpsilon;                      // applies at epsilon <= maxEpsilon
    int minHeight;                          // ... and height >= minHeight
    bool onlyWithoutPostprocessing;         // ... and post-processing off, when true
    double minP90Relative;                  // fires when the 90th-percentile relative error is above this
    const char* hint;                       // what to try instead (translated when shown)
};

// The first rule that fires for `settings` and the measured 90th-percentile relative error
// (0.866 = 86.6 %), as text; empty when none does or the error is not finite. O(rules).
QString configurationHint(const SpatialSettings& settings, double p90Relative);

}  // namespace veil::ui
