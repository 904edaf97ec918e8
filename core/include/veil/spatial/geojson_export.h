// GeoJSON export of a decomposition's leaves: one Polygon feature per leaf rectangle with its
// released count (RFC 7946 layout; coordinates are the data's x/y, e.g. lon/lat).
#pragma once

#include "veil/common/status.h"
#include "veil/spatial/decomposition.h"

#include <string>

namespace veil::spatial {

struct GeoJsonOptions {
    bool includeTrueCounts = false;  // NOT private (teaching mode only; ignored once truths are stripped)
};

// FeatureCollection text; each feature's properties: "noisy_count" (the estimate: post-processed
// when post-processing ran), "depth", "area", "density" (noisy count / area). The collection's
// properties say what was spent and whether it is private ("private", "mode", "seeded", "spent"
// from the release receipt). O(leaves).
std::string leavesToGeoJson(const PrivateSpatialDecomposition& psd, const GeoJsonOptions& options = {});

// Writes the GeoJSON atomically (temporary file + rename). Errors: the file system's.
Status writeLeavesGeoJson(const std::string& path, const PrivateSpatialDecomposition& psd,
                          const GeoJsonOptions& options = {});

}  // namespace veil::spatial
