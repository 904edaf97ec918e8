// GeoJSON (RFC 7946) FeatureCollection of leaf rectangles.
#include "veil/spatial/geojson_export.h"

#include "veil/io/atomic_file.h"

#include <nlohmann/json.hpp>

namespace veil::spatial {

std::string leavesToGeoJson(const PrivateSpatialDecomposition& psd, const GeoJsonOptions& options) {
    nlohmann::json features = nlohmann::json::array();
    for (std::int32_t leaf : psd.leaves) {
        const PsdNode& n = psd.nodes[static_cast<std::size_t>(leaf)];
        const Rect& r = n.rect;
        nlohmann::json ring =
            nlohmann::json::array({{r.x0, r.y0}, {r.x1, r.y0}, {r.x1, r.y1}, {r.x0, r.y1}, {r.x0, r.y0}});
        nlohmann::json props = {{"noisy_count", n.estimate},
                                {"depth", n.depth},
                                {"area", r.area()},
                                {"density", r.area() > 0.0 ? n.estimate / r.area() : 0.0}};
        if (options.includeTrueCounts && !psd.truthsStripped) props["true_count"] = n.trueCount;
        features.push_back({{"type", "Feature"},
                            {"geometry", {{"type", "Polygon"}, {"coordinates", nlohmann::json::array({ring})}}},
                            {"properties", props}});
    }
    nlohmann::json doc = {
        {"type", "FeatureCollection"},
        {"properties",
         {{"mechanism", psd.privacy.mechanism},
          {"epsilon", psd.privacy.isPrivate ? nlohmann::json(psd.privacy.epsilon) : nlohmann::json(nullptr)},
          {"delta", psd.privacy.delta},
          {"neighbouring", psd.privacy.neighbouring},
          {"private", psd.privacy.isPrivate && psd.receipt.isPrivate && !options.includeTrueCounts},
          {"mode", dp::releaseModeName(psd.receipt.mode)},
          {"seeded", psd.receipt.seeded},
          {"spent", dp::receiptJson(psd.receipt)["spent"]},
          {"postprocessed", psd.postProcessed}}},
        {"features", features}};
    return doc.dump();
}

Status writeLeavesGeoJson(const std::string& path, const PrivateSpatialDecomposition& psd,
                          const GeoJsonOptions& options) {
    return writeFileAtomically(path, leavesToGeoJson(psd, options));
}

}  // namespace veil::spatial
