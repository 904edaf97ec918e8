#include "veil/synth/synthesizer.h"

#include <algorithm>

namespace veil::synth {

const std::vector<SynthMethodInfo>& synthMethods() {
    static const std::vector<SynthMethodInfo> methods = {
        {"privbayes",
         "PrivBayes",
         "A Bayesian network of low-degree conditionals chosen privately, noised with Laplace, then sampled",
         kPrivBayesCitation,
         false,
         {"beta", "theta", "max_degree"}},
        {"mst",
         "MST",
         "Noisy 1-way marginals plus the 2-way marginals of a privately chosen maximum spanning tree, fitted "
         "with a graphical model (fast, strong on pairs)",
         kMstCitation,
         true,
         {"delta", "iterations"}},
        {"aim",
         "AIM",
         "Adaptive rounds that measure the marginals the current model gets most wrong (slower, usually the "
         "most accurate)",
         kAimCitation,
         true,
         {"delta", "iterations", "workload_degree", "rounds"}},
        {"independent",
         "Independent marginals",
         "Baseline: each column's noisy 1-way marginal, sampled independently (no correlations kept)",
         kPrivBayesCitation,
         false,
         {}},
    };
    return methods;
}

Result<const SynthMethodInfo*> findSynthMethod(const std::string& id) {
    std::string known;
    for (const auto& m : synthMethods()) {
        if (m.id == id) return &m;
        known += (known.empty() ? "" : ", ") + m.id;
    }
    return Status::invalidArgument("method: '" + id + "' is not one of " + known);
}

Status checkMethodSettings(const SynthMethodInfo& method, const std::vector<std::string>& given) {
    for (const auto& key : given) {
        if (std::find(method.settings.begin(), method.settings.end(), key) != method.settings.end()) continue;
        std::string users;
        for (const auto& m : synthMethods())
            if (std::find(m.settings.begin(), m.settings.end(), key) != m.settings.end())
                users += (users.empty() ? "" : " and ") + m.id;
        return Status::invalidArgument(key + ": a setting of " + (users.empty() ? "no method" : users) + "; " +
                                       method.id + " does not use it");
    }
    return Status::ok();
}

void SynthRequest::setCommon(double epsilon, std::size_t rows, double delta) {
    privBayes.epsilon = mst.epsilon = aim.epsilon = epsilon;
    privBayes.rows = mst.rows = aim.rows = rows;
    mst.delta = aim.delta = delta;
    privBayes.independent = method == "independent";
}

double SynthRequest::epsilon() const {
    return method == "mst" ? mst.epsilon : method == "aim" ? aim.epsilon : privBayes.epsilon;
}

double SynthRequest::delta() const { return method == "mst" ? mst.delta : method == "aim" ? aim.delta : 0.0; }

Status validateRequest(const SynthRequest& r) {
    auto info = findSynthMethod(r.method);
    if (!info) return info.status();
    if (r.method == "mst") return validateOptions(r.mst);
    if (r.method == "aim") return validateOptions(r.aim);
    if (r.privBayes.independent != (r.method == "independent"))
        return Status::invalidArgument("method: the options' independent flag does not match '" + r.method + "'");
    return validateOptions(r.privBayes);
}

Result<SyntheticRelease> releaseSynthetic(dp::ReleaseGate& gate, const Table& table,
                                          const std::vector<AttributeDomain>& domains, const SynthRequest& request,
                                          const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validateRequest(request));
    if (request.method == "mst") return releaseMst(gate, table, domains, request.mst, ctx);
    if (request.method == "aim") return releaseAim(gate, table, domains, request.aim, ctx);
    return releasePrivBayes(gate, table, domains, request.privBayes, ctx);
}

}  // namespace veil::synth
