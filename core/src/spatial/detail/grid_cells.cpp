#include "grid_cells.h"

#include <string>

namespace veil::spatial::detail {

Status checkDataResolution(std::size_t columns, std::size_t rows) {
    if ((columns == 0) != (rows == 0))
        return Status::invalidArgument("declare both data columns and data rows, or neither (got " +
                                       std::to_string(columns) + " x " + std::to_string(rows) + ")");
    return Status::ok();
}

Status LevelNoise::noiseNodes(std::vector<PsdNode>& nodes, std::size_t first) const {
    std::vector<double> counts;
    counts.reserve(nodes.size() - std::min(first, nodes.size()));
    for (std::size_t i = first; i < nodes.size(); ++i) counts.push_back(nodes[i].trueCount);
    if (!nonPrivate) VEIL_RETURN_IF_ERROR(mech.releaseInPlace(*ctx->random, counts));
    for (std::size_t i = first; i < nodes.size(); ++i) nodes[i].noisyCount = nodes[i].estimate = counts[i - first];
    return Status::ok();
}

}  // namespace veil::spatial::detail
