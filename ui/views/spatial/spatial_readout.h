// Texts the Spatial view shows for a hovered cell and for a range-count query: the released
// (noisy, possibly post-processed) count, and the true count only when "show true values" is on
// (the true count is NOT private; it is there for teaching).
#pragma once

#include "veil/spatial/decomposition.h"
#include "veil/spatial/range_query.h"

#include <QString>

namespace veil::ui {

// Counts as shown: one decimal ("123.4").
QString formatCount(double value);

// "Cell [x0, x1) × [y0, y1), depth d: noisy count 12.3 (raw 11.0) · true 10".
QString leafReadout(const spatial::PrivateSpatialDecomposition& psd, int node, bool showTrue);

// "Range [x0, x1) × [y0, y1): private answer 123.4 · true 120 · relative error 2.8 %".
QString rangeReadout(const spatial::Rect& rect, const spatial::RangeAnswer& answer, bool showTrue);

}  // namespace veil::ui
