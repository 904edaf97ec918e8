// Histogram strategies of the dp engine (veil/dp/histogram_release.h: identity, hierarchical
// +- constrained inference of Hay et al. VLDB 2010, Privelet wavelet of Xiao et al. ICDE 2010,
// MWEM of Hardt et al. NIPS 2012) on a 1-D histogram, answering the workload's ranges from the
// released bin estimates.
#include "methods.h"

#include "veil/dp/histogram_release.h"

namespace veil::eval::detail {

namespace {

struct Variant {
    const char* id;
    dp::HistogramStrategy strategy;
    bool consistency;
    const char* description;
    std::vector<std::string> options;
    const char* optionsHelp;
};

Result<dp::HistogramOptions> histogramOptions(const Variant& v, const TrialInput* in, const nlohmann::json& o,
                                              double epsilon) {
    dp::HistogramOptions h;
    h.epsilon = epsilon;
    h.consistency = v.consistency;
    auto branching = numberOption(o, "branching", 2);
    if (!branching) return branching.status();
    if (*branching < 2) return Status::invalidArgument("option 'branching' must be >= 2");
    h.branching = static_cast<int>(*branching);
    auto rounds = numberOption(o, "rounds", 10);
    if (!rounds) return rounds.status();
    if (*rounds < 1) return Status::invalidArgument("option 'rounds' must be >= 1");
    h.mwemRounds = static_cast<int>(*rounds);
    auto share = numberOption(o, "total_share", 0.05);
    if (!share) return share.status();
    if (!(*share > 0 && *share < 1)) return Status::invalidArgument("option 'total_share' must be in (0, 1)");
    h.mwemTotalShare = *share;
    if (in && v.strategy == dp::HistogramStrategy::Mwem) {
        // MWEM selects among the workload's own queries, as in DPBench.
        h.workload.reserve(in->workload.size());
        for (const auto& q : in->workload.queries) h.workload.push_back({q.colLo, q.colHi});
    }
    return h;
}

MethodInfo makeMethod(const Variant& v) {
    MethodInfo m;
    m.id = v.id;
    m.module = "dp";
    m.description = v.description;
    m.target = MethodTarget::Workload;
    m.supports1D = true;
    m.supports2D = false;
    m.optionsHelp = v.optionsHelp;
    m.prepare = [v](const TrialInput& in) -> Result<std::shared_ptr<const void>> {
        VEIL_RETURN_IF_ERROR(checkKnownOptions(in.options, v.options, v.id));
        auto check = histogramOptions(v, nullptr, in.options, 1.0);
        if (!check) return check.status().withContext(std::string("method '") + v.id + "'");
        return std::shared_ptr<const void>();
    };
    m.run = [v](const TrialInput& in, double epsilon, RandomSource& rng) -> Result<std::vector<double>> {
        auto opts = histogramOptions(v, &in, in.options, epsilon);
        if (!opts) return opts.status();
        RunContext ctx;
        ctx.random = &rng;
        auto released = dp::releaseHistogram(in.data.counts, v.strategy, *opts, ctx);
        if (!released) return released.status();
        return answerWorkload(in.workload, released->estimate, 1, in.data.columns);
    };
    return m;
}

}  // namespace

void addHistogramMethods(std::vector<MethodInfo>& out) {
    const Variant variants[] = {
        {"histogram:identity", dp::HistogramStrategy::Identity, false, "Laplace(1/epsilon) on every bin", {}, ""},
        {"histogram:hierarchical", dp::HistogramStrategy::Hierarchical, false,
         "b-ary tree of noisy counts without inference: the dp engine returns its noisy leaves", {"branching"}, "branching (2)"},
        {"histogram:hierarchical+consistency", dp::HistogramStrategy::Hierarchical, true,
         "b-ary tree with Hay et al.'s constrained inference (least-squares consistent counts)", {"branching"},
         "branching (2)"},
        {"histogram:wavelet", dp::HistogramStrategy::Privelet, false, "Privelet: Haar wavelet coefficients with Laplace noise",
         {}, ""},
        {"histogram:mwem", dp::HistogramStrategy::Mwem, false,
         "MWEM: multiplicative weights over the workload's queries chosen by the exponential mechanism",
         {"rounds", "total_share"}, "rounds (10), total_share (0.05)"},
    };
    for (const auto& v : variants) out.push_back(makeMethod(v));
}

}  // namespace veil::eval::detail
