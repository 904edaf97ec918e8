// Histogram strategies of the dp engine's catalogue (veil/dp/histogram_release.h), one method
// "histogram:<id>" each (plus the historical aliases), on a 1-D histogram (cellwise strategies,
// identity and uniform, on a 2-D one too, its cells row-major; planar ones, HB2D, on 2-D only; DAWA on
// both, with the workload's rectangles on a grid), answering the
// workload's ranges from the released estimates by prefix sums / a summed-area table. Options are the catalogue's.
#include "methods.h"

#include "veil/dp/histogram_release.h"

namespace veil::eval::detail {

namespace {

struct Variant {
    std::string id;        // method id
    std::string strategy;  // catalogue id
    nlohmann::json fixed;  // options the id implies (aliases)
    std::string description;
};

nlohmann::json mergedOptions(const Variant& v, const nlohmann::json& given) {
    nlohmann::json o = given.is_object() ? given : nlohmann::json::object();
    for (const auto& [key, value] : v.fixed.items()) o[key] = value;
    return o;
}

MethodInfo makeMethod(const Variant& v, const AlgorithmInfo& info) {
    MethodInfo m;
    m.id = v.id;
    m.module = "dp";
    m.description = v.description;
    m.target = MethodTarget::Workload;
    // Cellwise strategies take row-major cells; planar ones (HB2D) the declared shape too. Both are
    // answered by a summed-area table.
    m.supports1D = !dp::histogramStrategyIsPlanar(v.strategy);
    m.supports2D = dp::histogramStrategyIsCellwise(v.strategy) || dp::histogramStrategyTakesGrid(v.strategy);
    std::string help;
    for (const auto& p : info.parameters)
        if (!v.fixed.contains(p.name)) help += (help.empty() ? "" : ", ") + p.name + " (" + p.defaultValue.dump() + ")";
    m.optionsHelp = help;
    m.prepare = [v, info](const TrialInput& in) -> Result<std::shared_ptr<const void>> {
        if (in.options.is_object())
            for (const auto& [key, value] : in.options.items())
                if (v.fixed.contains(key))
                    return Status::invalidArgument("method '" + v.id + "': option '" + key +
                                                   "' is fixed by the method id");
        auto check = parseParameters(info, mergedOptions(v, in.options), "method '" + v.id + "' options");
        if (!check) return check.status();
        return std::shared_ptr<const void>();
    };
    m.run = [v](const TrialInput& in, double epsilon, dp::ReleaseGate& gate) -> Result<std::vector<double>> {
        dp::HistogramRequest request;
        request.strategy = v.strategy;
        request.options = mergedOptions(v, in.options);
        request.epsilon = epsilon;
        request.what = "histogram (" + v.strategy + ")";
        // Workload-aware strategies (MWEM) select among the workload's own queries, as in DPBench.
        if (!in.workload.twoDimensional) {
            request.workload = toRangeQueries(in.workload);
        } else {
            request.rows = in.data.rows;  // the declared grid of the 2-D histogram
            request.columns = in.data.columns;
            // workload-aware on the grid (DAWA)
            if (dp::histogramStrategyTakesGrid(v.strategy)) request.rectangles = toRectangleQueries(in.workload);
        }
        auto released = dp::releaseHistogram(gate, in.data.counts, request, RunContext{});
        if (!released) return released.status();
        return answerWorkload(in.workload, released->estimate, in.data.rows, in.data.columns);
    };
    return m;
}

}  // namespace

void addHistogramMethods(std::vector<MethodInfo>& out) {
    for (const auto& info : dp::histogramStrategies())
        out.push_back(makeMethod(
            {"histogram:" + info.id, info.id, nlohmann::json::object(), info.name + ": " + info.summary}, info));
    for (const auto& info : dp::planarHistogramStrategies())
        out.push_back(makeMethod(
            {"histogram:" + info.id, info.id, nlohmann::json::object(), info.name + ": " + info.summary}, info));
    // Historical ids of the first experiments.
    const auto hierarchical = dp::findHistogramStrategy("hierarchical");
    const auto privelet = dp::findHistogramStrategy("privelet");
    if (hierarchical)
        out.push_back(
            makeMethod({"histogram:hierarchical+consistency",
                        "hierarchical",
                        {{"consistency", true}},
                        "b-ary tree with Hay et al.'s constrained inference (same as histogram:hierarchical)"},
                       **hierarchical));
    if (privelet)
        out.push_back(makeMethod({"histogram:wavelet", "privelet", nlohmann::json::object(),
                                  "Privelet: Haar wavelet coefficients "
                                  "with Laplace noise (same as histogram:privelet)"},
                                 **privelet));
}

}  // namespace veil::eval::detail
