// Teaching mode's comparison of the Histograms view's strategies on the true counts: DPBench's
// scaled L1 error over public random ranges (1-D) or rectangles (2-D), averaged over trials.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/dp/histogram_release.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace veil::ui {

// Every 1-D strategy over `queries` random ranges (seed 9001: the same for every run), through the
// teaching gate (dp::compareStrategies).
Result<std::vector<dp::StrategyError>> compareLineStrategies(dp::ReleaseGate& gate, const std::vector<double>& counts,
                                                             double epsilon, int trials, std::size_t queries,
                                                             const RunContext& ctx);
// The strategies that release a grid (identity, uniform, DAWA, HB2D, Privelet2D), run by the
// experiment runner (eval's sweep), so the view reports what `veil-cli sweep` would for the same
// grid, workload and seed: `queries` random rectangles (DPBench's RandomRange, seed 9001: the same for every run);
// every strategy of dp::gridHistogramStrategies() with its default options, `trials` releases each at `epsilon`. Seeded
// trials when `seed` is set. Errors: the sweep's (bad shape or counts, cancelled).
Result<std::vector<dp::StrategyError>> compareGridStrategies(const std::vector<double>& counts, std::size_t rows,
                                                             std::size_t columns, double epsilon, int trials,
                                                             std::size_t queries, std::optional<std::uint64_t> seed,
                                                             const RunContext& ctx);

}  // namespace veil::ui
