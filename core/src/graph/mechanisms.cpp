// Graph release mechanisms: Laplace with global sensitivity; seed 000 "A (2eps, delta)-DP
// mechanism for # triangles"; Blocki, Blum, Datta, Sheffet ITCS 2013 (edge projection, LP
// projection with smooth distance estimation); Kasiviswanathan, Nissim, Raskhodnikova, Smith
// TCC 2013 (naive truncation); smooth sensitivity of Nissim, Raskhodnikova, Smith STOC 2007.
#include "veil/graph/mechanisms.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/privacy.h"
#include "veil/graph/projection.h"
#include "veil/graph/sensitivity.h"
#include "veil/graph/statistics.h"

#include <algorithm>
#include <cmath>

namespace veil::graph {
namespace {

std::string dpText(double eps, double delta, const std::string& level) {
    return "(" + formatNumber(eps) + ", " + formatNumber(delta) + ") " + level + "-DP";
}

Status validate(const ReleaseRequest& r, bool needsDelta, bool needsK) {
    VEIL_RETURN_IF_ERROR(dp::validateEpsilon(r.epsilon));
    if (r.trials < 1 || r.trials > 1000000)
        return Status::invalidArgument("trials must be in 1..1000000 (got " + std::to_string(r.trials) + ")");
    // The common range: below 1e-300, ln(1/delta) overflows and the smooth bound's beta is 0.
    if (needsDelta && !(r.delta > 0 && dp::validateDelta(r.delta)))
        return Status::invalidArgument("this method needs a delta in [" + formatNumber(dp::kMinDelta) + ", 1) (got " +
                                       formatNumber(r.delta) + ")");
    if (needsK && r.k < 1)
        return Status::invalidArgument("this method needs a degree bound k >= 1 (got " + std::to_string(r.k) + ")");
    return Status::ok();
}

// Adds Laplace(sensitivity / epsilon) noise `trials` times. A sensitivity of 0 means the released
// function is constant on the hypothesis (f(mu(G)) cannot change between neighbours), so its value
// carries no information about the graph and is released as it is.
// `maxSensitivity`: a public bound when the sensitivity depends on the graph (a smooth bound), whose
// lattice the outputs then take (LaplaceMechanism::createOnPublicLattice); 0 when it is public.
Status addNoise(RandomSource& rng, ReleaseResult& out, double value, double sensitivity, double epsilon, int trials,
                double maxSensitivity = 0.0) {
    if (maxSensitivity > 0.0 && !(sensitivity > 0.0 && std::isfinite(sensitivity)))
        return Status::internal("the smooth bound is " + formatNumber(sensitivity) +
                                ", not a positive number: nothing is released");  // never the bare value
    if (sensitivity == 0.0) {
        out.releases.assign(std::size_t(trials), value);
        out.noiseScales.assign(std::size_t(trials), 0.0);
        out.noiseScale = 0.0;
        out.warnings.push_back(
            "sensitivity is 0 on this hypothesis: the (constant) projected value is released as it is");
        return Status::ok();
    }
    auto lap = maxSensitivity > 0.0 ? dp::LaplaceMechanism::createOnPublicLattice(epsilon, sensitivity, maxSensitivity)
                                    : dp::LaplaceMechanism::create(epsilon, sensitivity);
    if (!lap) return lap.status();
    for (int t = 0; t < trials; ++t) {
        auto v = lap->release(rng, value);
        if (!v) return v.status();
        out.releases.push_back(*v);
        out.noiseScales.push_back(lap->scale());
    }
    out.noiseScale = lap->scale();
    return Status::ok();
}

}  // namespace

Result<Privacy> parsePrivacy(const std::string& t) {
    if (t == "edge") return Privacy::Edge;
    if (t == "node") return Privacy::Node;
    return Status::invalidArgument("unknown privacy level '" + t + "' (expected edge or node)");
}

Result<Method> parseMethod(const std::string& t) {
    if (t == "laplace") return Method::Laplace;
    if (t == "noisy-max-degree") return Method::NoisyMaxDegree;
    if (t == "restricted") return Method::Restricted;
    if (t == "truncation") return Method::Truncation;
    return Status::invalidArgument("unknown method '" + t +
                                   "' (expected laplace, noisy-max-degree, restricted or truncation)");
}

std::string privacyName(Privacy p) { return p == Privacy::Edge ? "edge" : "node"; }

std::string methodName(Method m) {
    switch (m) {
        case Method::Laplace:
            return "laplace";
        case Method::NoisyMaxDegree:
            return "noisy-max-degree";
        case Method::Restricted:
            return "restricted";
        case Method::Truncation:
            return "truncation";
    }
    return {};
}

double lpSmoothBound(double dEst, double beta, double c, double rs) {
    // g(d) = exp(-a (d - dEst)) (2d + c + 1) with a = beta / c peaks at d* = 1/a - (c+1)/2.
    const double a = beta / c;
    const double dStar = 1.0 / a - (c + 1.0) / 2.0;
    const double d = std::max(dEst, dStar);
    return std::exp(-a * (d - dEst)) * (2.0 * d + c + 1.0) * rs;
}

// Public bounds of the two smooth bounds over every graph: NodeId has 32 bits, so n < 2^32, and
// d_est = 4 sum x_v <= 4n; e^(-beta s)(1 + s) <= 1 + 1/beta.
double lpSmoothBoundMax(double beta, double c, double rs) {
    return (2.0 * std::max(4.0 * 0x1p32, c / beta) + c + 1.0) * rs;
}
double truncationSmoothBoundMax(double beta, double rs) { return (1.0 + 1.0 / beta + 0x1p32) * rs; }

double truncationSmoothBound(const Graph& g, std::size_t D, double beta, double rs) {
    const std::size_t n = g.nodeCount();
    const auto hist = degreeHistogram(g);
    std::vector<double> cum(hist.size() + 1, 0);  // cum[i] = #nodes with degree < i
    for (std::size_t i = 0; i < hist.size(); ++i) cum[i + 1] = cum[i] + static_cast<double>(hist[i]);
    auto countIn = [&](long long lo, long long hi) {
        lo = std::max(lo, 0LL);
        hi = std::min(hi, static_cast<long long>(hist.size()) - 1);
        return lo > hi ? 0.0 : cum[static_cast<std::size_t>(hi) + 1] - cum[static_cast<std::size_t>(lo)];
    };
    const long long sMax = static_cast<long long>(n) + static_cast<long long>(std::ceil(1.0 / beta)) + 2;
    double best = 0;
    const auto Dl = static_cast<long long>(D);
    for (long long s = 0; s <= sMax; ++s) {
        const double a = 1.0 + static_cast<double>(s) + countIn(Dl - s, Dl + 1 + s);
        best = std::max(best, std::exp(-beta * static_cast<double>(s)) * a);
    }
    return best * rs;
}

namespace {

// The release itself, with the random source the gate handed out.
Result<ReleaseResult> computeRelease(const Graph& g, const ReleaseRequest& r, const RunContext& ctx) {
    if (!ctx.random) return Status::internal("a graph release ran without the gate's random source");
    RandomSource& rng = *ctx.random;
    ReleaseResult out;
    out.statistic = r.statistic.name();
    out.privacy = privacyName(r.privacy);
    out.method = methodName(r.method);
    out.epsilon = r.epsilon;
    out.delta = r.delta;
    ctx.report(0.0, "Releasing " + out.statistic);
    auto truth = evaluate(r.statistic, g, ctx);
    if (!truth) return truth.status();
    out.trueValue = out.projectedValue = *truth;
    const std::size_t n = g.nodeCount();
    const double eps = r.epsilon;

    if (r.method == Method::Laplace) {
        VEIL_RETURN_IF_ERROR(validate(r, false, false));
        const auto gs =
            r.privacy == Privacy::Edge ? globalSensitivityEdge(r.statistic, n) : globalSensitivityNode(r.statistic, n);
        out.sensitivity = gs.value;
        out.sensitivityFormula = "GS_" + out.privacy + " = " + gs.formula;
        VEIL_RETURN_IF_ERROR(addNoise(rng, out, out.trueValue, gs.value, eps, r.trials));
        out.guarantee = dpText(eps, 0, out.privacy);
        out.spentEpsilon = eps;
    } else if (r.method == Method::NoisyMaxDegree) {
        if (r.privacy != Privacy::Edge || r.statistic.kind != StatisticKind::Triangles)
            return Status::invalidArgument("noisy-max-degree releases triangles under edge privacy only");
        VEIL_RETURN_IF_ERROR(validate(r, true, false));
        const double d = static_cast<double>(maxDegree(g));
        auto degreeMech = dp::LaplaceMechanism::create(eps, 1.0);
        if (!degreeMech) return degreeMech.status();
        out.dataDependentScale = true;
        for (int t = 0; t < r.trials; ++t) {
            // d^ = maxdeg + Lap(1/eps) + ln(1/delta)/eps; kept >= 1 (post-processing, only widens).
            auto noisyDegree = degreeMech->release(rng, d);
            if (!noisyDegree) return noisyDegree.status();
            const double dHat = std::max(1.0, *noisyDegree + std::log(1.0 / r.delta) / eps);
            auto countMech = dp::LaplaceMechanism::create(eps, dHat);
            if (!countMech) return countMech.status();
            auto v = countMech->release(rng, out.trueValue);
            if (!v) return v.status();
            out.releases.push_back(*v);
            out.noiseScales.push_back(countMech->scale());
        }
        out.noiseScale = out.noiseScales.front();
        out.sensitivity = out.noiseScale * eps;
        out.sensitivityFormula = "d^ = maxdeg + Lap(1/eps) + ln(1/delta)/eps (noisy bound on LS_edge)";
        out.guarantee = dpText(2 * eps, r.delta, "edge") + " (2 eps: eps for d^, eps for the count)";
        out.spentEpsilon = 2 * eps;
        out.spentDelta = r.delta;
    } else if (r.method == Method::Restricted && r.privacy == Privacy::Edge) {
        VEIL_RETURN_IF_ERROR(validate(r, false, true));
        const EdgeProjection p = projectEdges(g, r.k);
        out.removedEdges = p.removed.size();
        auto v = evaluate(r.statistic, p.projected, ctx);
        if (!v) return v.status();
        out.projectedValue = *v;
        const auto rs = restrictedSensitivityEdge(r.statistic, r.k);
        out.sensitivity = 3 * rs.value;
        out.sensitivityFormula = "3 RS_edge(H_k) = 3 (" + rs.formula + ")";
        VEIL_RETURN_IF_ERROR(addNoise(rng, out, out.projectedValue, out.sensitivity, eps, r.trials));
        out.guarantee = dpText(eps, 0, "edge");
        out.spentEpsilon = eps;
    } else if (r.method == Method::Restricted) {
        VEIL_RETURN_IF_ERROR(validate(r, true, true));
        auto p = projectVertexLp(g, r.k, ctx);
        if (!p) return p.status();
        out.removedEdges = p->removed.size();
        auto v = evaluate(r.statistic, p->projected, ctx);
        if (!v) return v.status();
        out.projectedValue = *v;
        const double beta = eps / (2.0 * std::log(1.0 / r.delta));
        const auto rs = restrictedSensitivityNode(r.statistic, 2 * r.k);
        const double S = lpSmoothBound(p->dEst, beta, 4.0, rs.value);
        out.dEst = p->dEst;
        out.beta = beta;
        out.smoothBound = S;
        out.sensitivity = S;
        out.sensitivityFormula =
            "S = max_{d >= d_est} exp(-(beta/4)(d - d_est)) (2d + 5) RS(H_2k), RS(H_2k) = " + rs.formula +
            " with k -> 2k = " + formatNumber(rs.value);
        out.dataDependentScale = true;
        VEIL_RETURN_IF_ERROR(
            addNoise(rng, out, out.projectedValue, 2 * S, eps, r.trials, 2 * lpSmoothBoundMax(beta, 4.0, rs.value)));
        out.guarantee = dpText(eps, r.delta, "node");
        out.spentEpsilon = eps;
        out.spentDelta = r.delta;
    } else {  // truncation
        if (r.privacy != Privacy::Node)
            return Status::invalidArgument("truncation is a node-privacy method (use --privacy node)");
        VEIL_RETURN_IF_ERROR(validate(r, true, true));
        const EdgeProjection p = truncateHighDegreeNodes(g, r.k);
        out.removedEdges = p.removed.size();
        auto v = evaluate(r.statistic, p.projected, ctx);
        if (!v) return v.status();
        out.projectedValue = *v;
        const double beta = eps / (2.0 * std::log(1.0 / r.delta));
        const auto rs = restrictedSensitivityNode(r.statistic, r.k);
        const double S = truncationSmoothBound(g, r.k, beta, rs.value);
        out.beta = beta;
        out.smoothBound = S;
        out.sensitivity = S;
        out.sensitivityFormula =
            "S = max_s exp(-beta s) (1 + s + #{v: k-s <= d_v <= k+1+s}) RS(H_k), RS(H_k) = " + rs.formula;
        out.dataDependentScale = true;
        VEIL_RETURN_IF_ERROR(
            addNoise(rng, out, out.projectedValue, 2 * S, eps, r.trials, 2 * truncationSmoothBoundMax(beta, rs.value)));
        out.guarantee = dpText(eps, r.delta, "node");
        out.spentEpsilon = eps;
        out.spentDelta = r.delta;
    }
    if (!rng.isSecure())
        out.warnings.push_back("seeded random source (" + rng.description() + "): not for real releases");
    ctx.report(1.0, "Released " + out.statistic);
    return out;
}

// Structural checks that need no data: the combination, epsilon, delta, k, trials.
Status validateRequest(const ReleaseRequest& r) {
    const bool needsK = r.method == Method::Restricted || r.method == Method::Truncation;
    const bool needsDelta = r.method == Method::NoisyMaxDegree || r.method == Method::Truncation ||
                            (r.method == Method::Restricted && r.privacy == Privacy::Node);
    if (r.method == Method::NoisyMaxDegree &&
        (r.privacy != Privacy::Edge || r.statistic.kind != StatisticKind::Triangles))
        return Status::invalidArgument("noisy-max-degree releases triangles under edge privacy only");
    if (r.method == Method::Truncation && r.privacy != Privacy::Node)
        return Status::invalidArgument("truncation is a node-privacy method (use --privacy node)");
    return validate(r, needsDelta, needsK);
}

void stripTruths(ReleaseResult& out) {
    out.trueValue = 0.0;
    out.projectedValue = 0.0;
    out.removedEdges = 0;
    out.dEst.reset();
    if (out.dataDependentScale) {
        out.noiseScale = 0.0;
        out.noiseScales.clear();
        out.sensitivity = 0.0;
        out.smoothBound.reset();
    }
    out.truthsStripped = true;
}

}  // namespace

const std::vector<GraphMethodEntry>& graphMethodCatalogue() {
    static const std::vector<GraphMethodEntry> catalogue = [] {
        const struct {
            const char* id;
            Privacy p;
            Method m;
            bool k;
            bool delta;
            bool dataDependent;
            const char* name;
            const char* summary;
            const char* cite;
        } rows[] = {
            {"edge-laplace", Privacy::Edge, Method::Laplace, false, false, false, "Edge privacy, global sensitivity",
             "The statistic plus Laplace noise scaled to its worst case over all graphs",
             "Dwork, McSherry, Nissim, Smith, TCC 2006"},
            {"edge-noisy-max-degree", Privacy::Edge, Method::NoisyMaxDegree, false, true, true,
             "Edge privacy, noisy max degree",
             "Triangles with noise scaled to a noisy bound on the largest degree (spends 2 epsilon)",
             "seed 000; Dwork & Roth 2014 ch. 7"},
            {"edge-restricted", Privacy::Edge, Method::Restricted, true, false, false,
             "Edge privacy, restricted sensitivity",
             "Projects onto degree <= k (Blocki's edge projection), noise scaled to 3 RS(H_k)",
             "Blocki, Blum, Datta, Sheffet, ITCS 2013"},
            {"node-laplace", Privacy::Node, Method::Laplace, false, false, false, "Node privacy, global sensitivity",
             "The statistic plus Laplace noise scaled to its worst case when a node is rewired",
             "Kasiviswanathan et al., TCC 2013"},
            {"node-restricted", Privacy::Node, Method::Restricted, true, true, true,
             "Node privacy, restricted sensitivity", "LP projection onto degree <= 2k with a smooth distance estimate",
             "Blocki, Blum, Datta, Sheffet, ITCS 2013"},
            {"node-truncation", Privacy::Node, Method::Truncation, true, true, true, "Node privacy, naive truncation",
             "Drops nodes of degree > k; noise scaled to a smooth bound",
             "Kasiviswanathan, Nissim, Raskhodnikova, Smith, TCC 2013"},
        };
        std::vector<GraphMethodEntry> out;
        for (const auto& r : rows) {
            GraphMethodEntry e;
            e.info.family = "graph";
            e.info.id = r.id;
            e.info.name = r.name;
            e.info.summary = r.summary;
            e.info.citation = r.cite;
            e.info.needsDelta = r.delta;
            e.info.dataDependent = r.dataDependent;
            e.privacy = r.p;
            e.method = r.m;
            e.needsK = r.k;
            out.push_back(std::move(e));
        }
        return out;
    }();
    return catalogue;
}

Result<const GraphMethodEntry*> findGraphMethod(Privacy privacy, Method method) {
    for (const auto& e : graphMethodCatalogue())
        if (e.privacy == privacy && e.method == method) return &e;
    return Status::invalidArgument(methodName(method) + " is not a " + privacyName(privacy) + "-privacy method");
}

Result<dp::PrivacySpend> releaseCost(const ReleaseRequest& r) {
    VEIL_RETURN_IF_ERROR(validateRequest(r));
    const double t = double(r.trials);
    // Each trial spends delta: charged in full, refused past 0.5 rather than cut to it.
    const double delta = r.delta * t;
    const bool spendsDelta = r.method == Method::NoisyMaxDegree || r.method == Method::Truncation ||
                             (r.method == Method::Restricted && r.privacy == Privacy::Node);
    if (spendsDelta && delta > 0.5)
        return Status::invalidArgument(std::to_string(r.trials) + " trials at delta " + formatNumber(r.delta) +
                                       " spend delta " + formatNumber(delta) +
                                       ", above 0.5: choose a smaller delta or fewer trials");
    switch (r.method) {
        case Method::NoisyMaxDegree:
            return dp::PrivacySpend{2.0 * r.epsilon * t, delta, 0.0};
        case Method::Truncation:
            return dp::PrivacySpend{r.epsilon * t, delta, 0.0};
        case Method::Restricted:
            if (r.privacy == Privacy::Node) return dp::PrivacySpend{r.epsilon * t, delta, 0.0};
            return dp::PrivacySpend{r.epsilon * t, 0.0, 0.0};
        case Method::Laplace:
            return dp::PrivacySpend{r.epsilon * t, 0.0, 0.0};
    }
    return dp::PrivacySpend{};
}

Result<ReleaseResult> releaseStatistic(dp::ReleaseGate& gate, const Graph& g, const ReleaseRequest& r,
                                       const RunContext& ctx) {
    auto cost = releaseCost(r);
    if (!cost) return cost.status();
    auto entry = findGraphMethod(r.privacy, r.method);
    if (!entry) return entry.status();
    dp::Charge charge;
    charge.what = r.statistic.name() + " of the graph";
    charge.mechanism = methodName(r.method);
    charge.neighbouring = r.privacy == Privacy::Node ? "node (rewire one node)" : "edge (add or remove one edge)";
    charge.citation = (*entry)->info.citation;
    charge.cost = *cost;
    charge.details = {{"k", r.k}, {"trials", r.trials}, {"privacy", privacyName(r.privacy)}};
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();
    RunContext local = ctx;
    local.random = admission->random.get();
    auto out = computeRelease(g, r, local);
    if (!out) return out;
    out->receipt = admission->receipt;
    if (!gate.isTeaching()) stripTruths(*out);
    return out;
}

std::vector<Result<ReleaseResult>> compareReleases(dp::ReleaseGate& gate, const Graph& g, const ReleaseRequest& base,
                                                   const std::vector<MethodChoice>& methods, const RunContext& ctx) {
    std::vector<Result<ReleaseResult>> out;
    for (const auto& m : methods) {
        ReleaseRequest r = base;
        r.privacy = m.privacy;
        r.method = m.method;
        RunContext quiet = ctx;
        quiet.progress = nullptr;
        out.push_back(releaseStatistic(gate, g, r, quiet));
        if (ctx.cancelled()) break;
    }
    return out;
}

}  // namespace veil::graph
