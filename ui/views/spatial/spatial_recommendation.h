// The Spatial view's side of the recommender bar (panels/recommendation_bar.h), extending the
// configuration hints: which decomposition to expect to win for the current setting, among the
// methods the view offers. The scale is public: a shape's sample size N is chosen by the user (the
// shape is public data), a table's N is declared in the bar or a noisy count through the gate.
#pragma once

#include "views/spatial/spatial_settings.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

class QComboBox;

namespace veil::ui {

class RecommendationBar;

// "psd:quad", ... for the methods offered in `methods` (items with a psd catalogue id as data).
std::vector<std::string> spatialCandidates(const QComboBox& methods);
// The view's method of a recommended method id ("psd:kd" -> "kd"); none for another family.
std::optional<std::string> methodOfAlgorithm(const QString& algorithm);
// Sets the bar's domain (`rows` x `columns` cells of the data's public resolution, 256 x 256 for
// points in a continuous declared domain), epsilon and, for a shape, the declared N (its sample size).
void configureRecommendation(RecommendationBar& bar, const SpatialSettings& settings, std::size_t rows,
                             std::size_t columns);

}  // namespace veil::ui
