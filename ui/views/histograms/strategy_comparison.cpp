#include "views/histograms/strategy_comparison.h"

#include "veil/common/random.h"
#include "veil/dp/range_workload.h"
#include "veil/eval/sweep.h"
#include "veil/eval/workload.h"

#include <cmath>

namespace veil::ui {

Result<std::vector<dp::StrategyError>> compareLineStrategies(dp::ReleaseGate& gate, const std::vector<double>& counts,
                                                             double epsilon, int trials, std::size_t queries,
                                                             const RunContext& ctx) {
    SeededRandom workloadRandom(9001);  // public queries, the same for every run
    auto workload = dp::randomRangeWorkload(counts.size(), queries, workloadRandom);
    if (!workload) return workload.status();
    std::vector<std::string> all;
    for (const auto& info : dp::histogramStrategies()) all.push_back(info.id);
    return dp::compareStrategies(gate, counts, all, epsilon, *workload, trials, ctx);
}

Result<std::vector<dp::StrategyError>> compareGridStrategies(const std::vector<double>& counts, std::size_t rows,
                                                             std::size_t columns, double epsilon, int trials,
                                                             std::size_t queries, std::optional<std::uint64_t> seed,
                                                             const RunContext& ctx) {
    eval::Experiment experiment;
    experiment.name = "2-D strategies";
    experiment.trials = trials;
    experiment.seed = seed;
    experiment.epsilon.explicitValues = {epsilon};
    for (const auto& info : dp::gridHistogramStrategies())
        experiment.methods.push_back({"histogram:" + info.id, info.id, nlohmann::json::object()});
    eval::ExperimentInputs inputs;
    auto data = eval::makeHistogram2D(rows, columns, counts, "grid");
    if (!data) return data.status();
    inputs.data = std::move(*data);
    SeededRandom workloadRandom(9001);  // public queries, the same for every run
    auto workload = eval::randomRangeWorkload(inputs.data, queries, workloadRandom);
    if (!workload) return workload.status();
    inputs.workload = std::move(*workload);
    inputs.epsilons = {epsilon};
    eval::SweepOptions options;
    options.teaching = true;
    auto sweep = eval::runSweep(experiment, inputs, options, ctx);
    if (!sweep) return sweep.status();
    std::vector<dp::StrategyError> out;
    for (std::size_t m = 0; m < sweep->methods.size(); ++m) {
        const eval::SummaryRow* summary = sweep->summary(m, 0);
        if (!summary) continue;
        const auto& l1 = (*summary)[eval::Metric::ScaledL1];
        const auto& info = dp::gridHistogramStrategies()[m];
        const double se = l1.sd / std::sqrt(double(l1.n));  // NaN for one trial
        out.push_back({info.id, info.name, false, l1.mean, se});
    }
    return out;
}

}  // namespace veil::ui
