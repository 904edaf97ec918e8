// The release bundle of a Spatial view result: the leaves of the private decomposition as GeoJSON
// (one polygon per cell with its noisy, post-processed count; never the true counts or the points),
// the settings as the plan, and a picture of the released cells as the report's figure. The view's
// canvas is not used for it: it draws the points and their true number.
#pragma once

#include "views/spatial/spatial_result.h"

#include "veil/release/release_runner.h"

#include <string>

class QPainter;
class QSize;

namespace veil::ui {

// GeoJSON FeatureCollection of the leaves: [x, y] coordinates in the data's units.
std::string leavesGeoJson(const spatial::PrivateSpatialDecomposition& psd);

// Draws the leaves filled by noisy density relative to the noisy total (the root's released count),
// with the domain's corner coordinates and a legend: released values only.
void paintReleasedCells(QPainter& painter, const QSize& size, const spatial::PrivateSpatialDecomposition& psd);

// `figureSvg`: the cells picture (inline SVG), may be empty. The input fields are left to the
// caller.
release::ReleaseOutcome spatialOutcome(const SpatialResult& result, const std::string& figureSvg);

}  // namespace veil::ui
