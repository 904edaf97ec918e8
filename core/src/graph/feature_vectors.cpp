// Private graphlet and random-walk feature vectors: Dubhashi et al. (seed 003, "Restricted
// Sensitivity of Kernels") on top of Blocki et al.'s edge projection (seed 001).
#include "veil/graph/feature_vectors.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/graph/graphlets.h"
#include "veil/graph/projection.h"

#include <cmath>

namespace veil::graph {
namespace {

Status validate(std::size_t D, double epsilon) {
    VEIL_RETURN_IF_ERROR(dp::validateEpsilon(epsilon));
    if (D < 1) return Status::invalidArgument("the degree bound D must be at least 1 (got " + std::to_string(D) + ")");
    return Status::ok();
}

// Each of the a features gets epsilon / a (sequential composition), sensitivity 3 RS_i.
Status addNoise(FeatureRelease& out, const std::vector<double>& rs, RandomSource& rng) {
    const double a = static_cast<double>(out.projectedValues.size());
    for (std::size_t i = 0; i < out.projectedValues.size(); ++i) {
        auto lap = dp::LaplaceMechanism::create(out.epsilon / a, 3.0 * rs[i]);
        if (!lap) return lap.status();
        auto v = lap->release(rng, out.projectedValues[i]);
        if (!v) return v.status();
        out.noiseScales.push_back(lap->scale());
        out.noisy.push_back(*v);
    }
    out.guarantee = "(" + formatNumber(out.epsilon) + ", 0) edge-DP";
    return Status::ok();
}

Result<dp::Admission> admitFeatures(dp::ReleaseGate& gate, const char* what, std::size_t D, double epsilon) {
    dp::Charge charge;
    charge.what = what;
    charge.mechanism = "laplace (restricted sensitivity)";
    charge.neighbouring = "edge (add or remove one edge)";
    charge.citation = "Blocki, Blum, Datta, Sheffet, ITCS 2013; seed 003";
    charge.cost = {epsilon, 0.0, 0.0};
    charge.details = {{"D", D}};
    return gate.admit(charge);
}

void finish(FeatureRelease& out, const dp::ReleaseGate& gate, const dp::ReleaseReceipt& receipt) {
    out.receipt = receipt;
    if (gate.isTeaching()) return;
    out.projectedValues.clear();
    out.removedEdges = 0;
}

}  // namespace

std::vector<double> countWalks(const Graph& g, int maxLength) {
    const std::size_t n = g.nodeCount();
    std::vector<double> w(n, 1.0), next(n);
    std::vector<double> out;
    for (int l = 1; l <= maxLength; ++l) {
        double total = 0;
        for (NodeId v = 0; v < n; ++v) {
            double s = 0;
            for (NodeId u : g.neighbors(v)) s += w[u];
            next[v] = s;
            total += s;
        }
        w.swap(next);
        out.push_back(total);
    }
    return out;
}

Result<FeatureRelease> releaseGraphletFeatures(dp::ReleaseGate& gate, const Graph& g, std::size_t D, double epsilon,
                                               const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validate(D, epsilon));
    auto admission = admitFeatures(gate, "graphlet feature vector", D, epsilon);
    if (!admission) return admission.status();
    const EdgeProjection p = projectEdges(g, D);
    auto counts = countGraphlets(p.projected, ctx);
    if (!counts) return counts.status();
    FeatureRelease out;
    out.D = D;
    out.epsilon = epsilon;
    out.removedEdges = p.removed.size();
    std::vector<double> rs;
    const double d = static_cast<double>(D);
    for (std::size_t i = 0; i < kGraphletTypes; ++i) {
        out.names.push_back(graphletName(static_cast<Graphlet>(i)));
        out.projectedValues.push_back((*counts)[i]);
        const int t = i < 2 ? 3 : 4;  // graphlet size
        rs.push_back(t * std::pow(d, t - 1));
    }
    VEIL_RETURN_IF_ERROR(addNoise(out, rs, *admission->random));
    finish(out, gate, admission->receipt);
    return out;
}

Result<FeatureRelease> releaseRandomWalkFeatures(dp::ReleaseGate& gate, const Graph& g, std::size_t D, int maxLength,
                                                 double epsilon, const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validate(D, epsilon));
    if (maxLength < 1 || maxLength > 10)
        return Status::invalidArgument("walk length must be in 1..10 (got " + std::to_string(maxLength) + ")");
    auto admission = admitFeatures(gate, "random-walk feature vector", D, epsilon);
    if (!admission) return admission.status();
    if (ctx.cancelled()) return Status::cancelled();
    const EdgeProjection p = projectEdges(g, D);
    FeatureRelease out;
    out.D = D;
    out.epsilon = epsilon;
    out.removedEdges = p.removed.size();
    out.projectedValues = countWalks(p.projected, maxLength);
    std::vector<double> rs;
    const double d = static_cast<double>(D);
    for (int l = 1; l <= maxLength; ++l) {
        out.names.push_back("walks" + std::to_string(l));
        rs.push_back(2.0 * l * std::pow(d, l - 1));
    }
    VEIL_RETURN_IF_ERROR(addNoise(out, rs, *admission->random));
    finish(out, gate, admission->receipt);
    return out;
}

}  // namespace veil::graph
