// Private releases of graph statistics under edge- or node-level privacy:
// - edge / laplace:          f(G) + Lap(GS_edge / eps)                             (eps, 0)
// - edge / noisy-max-degree: triangles only; d^ = maxdeg + Lap(1/eps) + ln(1/delta)/eps,
//                            #triangles + Lap(d^/eps)                              (2 eps, delta)
// - edge / restricted:       f(mu(G)) + Lap(3 RS_edge(H_k) / eps), Blocki edge projection (eps, 0)
// - node / laplace:          f(G) + Lap(GS_node / eps)                             (eps, 0)
// - node / restricted:       LP projection mu(G) in H_2k, d_est = 4 sum x,
//                            S = max_{d >= d_est} exp(-(beta/c)(d - d_est)) (2d + c + 1) RS(H_2k),
//                            c = 4, f(mu(G)) + Lap(2S/eps), beta = eps / (2 ln(1/delta)) (eps, delta)
// - node / truncation:       naive truncation T_k, smooth bound of Kasiviswanathan et al.,
//                            f(T_k(G)) + Lap(2S/eps), same beta                    (eps, delta)
// All noise comes from dp::LaplaceMechanism (snapped Laplace) with the random source the release
// gate hands out: releaseStatistic charges what the request spends before anything is computed.
// In release mode the result carries no true or projected value, and no data-dependent scale
// (noisy-max-degree, node restricted and truncation scale their noise with the data).
#pragma once

#include "veil/common/catalogue.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/dp/release_gate.h"
#include "veil/graph/graph.h"
#include "veil/graph/statistic.h"

#include <optional>
#include <string>
#include <vector>

namespace veil::graph {

enum class Privacy { Edge, Node };
enum class Method { Laplace, NoisyMaxDegree, Restricted, Truncation };

Result<Privacy> parsePrivacy(const std::string& text);  // edge | node
Result<Method> parseMethod(const std::string& text);    // laplace | noisy-max-degree | restricted | truncation
std::string privacyName(Privacy p);
std::string methodName(Method m);

struct ReleaseRequest {
    Statistic statistic;
    Privacy privacy = Privacy::Edge;
    Method method = Method::Laplace;
    std::size_t k = 0;  // degree bound for restricted / truncation
    double epsilon = 1.0;
    double delta = 0.0;  // required (0 < delta < 1) by noisy-max-degree, node restricted, truncation
    int trials = 1;      // independent releases of the same value (each spends epsilon)
};

struct ReleaseResult {
    std::string statistic, privacy, method;
    double trueValue = 0;             // f(G): teaching mode only
    double projectedValue = 0;        // f(mu(G)) (= f(G) when there is no projection): teaching mode only
    std::vector<double> releases;     // one per trial
    double noiseScale = 0;            // Laplace scale b of the first trial
    std::vector<double> noiseScales;  // per trial (they differ only for noisy-max-degree)
    double sensitivity = 0;           // the sensitivity (or smooth bound S) the scale is built from
    std::string sensitivityFormula;
    std::size_t removedEdges = 0;  // edges the projection removed
    std::optional<double> dEst;    // vertex LP distance estimate
    std::optional<double> smoothBound;
    std::optional<double> beta;
    double epsilon = 0, delta = 0;            // as requested
    double spentEpsilon = 0, spentDelta = 0;  // what one trial spends (the guarantee's parameters)
    std::string guarantee;                    // e.g. "(2 eps, delta) = (2, 1e-06) edge-DP"
    std::vector<std::string> warnings;
    bool dataDependentScale = false;  // the noise scale depends on the graph (hidden in release mode)
    bool truthsStripped = false;      // release mode: true/projected values, removed edges, d_est hidden
    dp::ReleaseReceipt receipt;
};

// The six (privacy, method) pairs: "edge-laplace", "edge-noisy-max-degree", "edge-restricted",
// "node-laplace", "node-restricted", "node-truncation", with names, citations, delta and k needs.
struct GraphMethodEntry {
    AlgorithmInfo info;
    Privacy privacy;
    Method method;
    bool needsK = false;
};
const std::vector<GraphMethodEntry>& graphMethodCatalogue();
Result<const GraphMethodEntry*> findGraphMethod(Privacy privacy, Method method);

// What a request spends in all (trials included): noisy-max-degree 2 eps and delta per trial,
// node restricted and truncation (eps, delta), the others eps. Errors: the request's.
Result<dp::PrivacySpend> releaseCost(const ReleaseRequest& request);

// Validates, charges the gate, then releases. Errors: InvalidArgument (bad epsilon / delta / k /
// trials, unsupported combination), the gate's (nothing is computed when it refuses), Cancelled,
// Internal (LP failure).
Result<ReleaseResult> releaseStatistic(dp::ReleaseGate& gate, const Graph& g, const ReleaseRequest& request,
                                       const RunContext& ctx);

// The smooth bound of the vertex LP release, maximised over real d >= dEst (closed form).
double lpSmoothBound(double dEst, double beta, double c, double rs);
// The beta-smooth bound for naive truncation at D (KNRS13): max_s e^{-beta s} (1 + s + C_s) rs,
// C_s = #{v : D - s <= deg v <= D + 1 + s}.
double truncationSmoothBound(const Graph& g, std::size_t D, double beta, double rs);

// Runs several (privacy, method) pairs on the same statistic for a side-by-side view; each entry
// is a full release (failures come back per entry as a warning-only result with no releases).
struct MethodChoice {
    Privacy privacy;
    Method method;
};
// Each method is a release of its own, charged through the gate.
std::vector<Result<ReleaseResult>> compareReleases(dp::ReleaseGate& gate, const Graph& g, const ReleaseRequest& base,
                                                   const std::vector<MethodChoice>& methods, const RunContext& ctx);

}  // namespace veil::graph
