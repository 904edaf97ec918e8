// The spatial decompositions' catalogue (quadtree, kd-tree, hybrid, uniform grid) and the one
// way to release one on a user's points: releaseDecomposition() validates the request, charges
// epsilon (and the smooth medians' delta) through the ReleaseGate, builds the decomposition with
// the gate's random source and, in release mode, strips what is not private (true counts, the
// points, their number). A release needs a declared, public domain; the data's bounding box is
// accepted in teaching mode only. The CLI (`veil-cli psd`), the Spatial view, plans and sweeps all
// come through here, so the same request and seed give the same cells everywhere.
#pragma once

#include "veil/common/limits.h"

#include "veil/common/catalogue.h"
#include "veil/dp/release_gate.h"
#include "veil/spatial/adaptive_grid.h"
#include "veil/spatial/decomposition.h"
#include "veil/spatial/uniform_grid.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace veil::spatial {

// Largest number of leaves a decomposition may have: 2^21 (about 270 MB of nodes); checked
// before any work from the kind and its height.
inline constexpr double kMaxLeaves = limits::kMaxPsdLeaves;

// quad, kd, hybrid, grid, agrid: names, citations and parameters (height, budget, median, ...).
const std::vector<AlgorithmInfo>& psdCatalogue();
Result<const AlgorithmInfo*> findPsdKind(const std::string& id);

struct PsdRequest {
    std::string kind = "quad";
    nlohmann::json options = nlohmann::json::object();  // validated against the catalogue entry
    double epsilon = 1.0;
    bool nonPrivate = false;  // teaching mode only: exact counts and medians (a baseline)
};

// Tree options or grid options of a validated request (field errors name "options.<name>").
struct PsdPlan {
    TreeKind kind = TreeKind::Quadtree;
    PsdOptions tree;
    UniformGridOptions grid;
    AdaptiveGridOptions agrid;  // with `adaptive` (kind "agrid"; `kind` is then UniformGrid)
    bool adaptive = false;
    dp::PrivacySpend cost;  // epsilon, plus delta per smooth-sensitivity median level
};
Result<PsdPlan> planDecomposition(const PsdRequest& request);

// Errors: the request's (kind, options, epsilon range, leaf cap), a domain taken from the data
// in release mode, nonPrivate in release mode, the gate's (nothing is built when it refuses),
// cancellation.
Result<PrivateSpatialDecomposition> releaseDecomposition(dp::ReleaseGate& gate, const PointSet& points,
                                                         const PsdRequest& request, const RunContext& ctx);

}  // namespace veil::spatial
