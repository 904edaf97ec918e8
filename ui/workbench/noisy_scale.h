// The "Noisy N" of the recommendation bars (Histograms, Spatial): the number of non-missing values
// of a column, counted at a small, stated epsilon through a gate of the window's release session
// (charged to the ledger in release mode, nothing in teaching mode), so that the recommendation
// is post-processing of a released count and never of the exact N.
#pragma once

#include "veil/common/status.h"
#include "veil/dp/histogram_recommender.h"

#include <cstdint>
#include <optional>
#include <string>

namespace veil::ui {

struct WorkbenchContext;

// The share of epsilon a noisy N spends: it only sizes the recommendation.
inline constexpr double kNoisyScaleEpsilon = 0.01;

// Releases the noisy count of `column` of the context's table. Errors: no release session or no
// document, and those of the gate and of dp::noisyScale (unknown column, budget exceeded).
Result<dp::ScaleEstimate> releaseNoisyScale(const WorkbenchContext& context, const std::string& column,
                                            std::optional<std::uint64_t> seed);

}  // namespace veil::ui
