// MST: differentially private synthetic tables from noisy 1-way marginals and the 2-way marginals
// of a maximum spanning tree chosen privately (McKenna, Miklau, Sheldon, "Winning the NIST
// Contest: A scalable and general approach to differentially private synthetic data", JPC 2021),
// under zCDP: rho = cdpRho(epsilon, delta), a third on the d 1-way marginals (Gaussian), a third
// on the d - 1 edge choices (exponential mechanism, bounded-range accounting), a third on the
// edges' 2-way marginals (Gaussian); Private-PGM estimation over the tree; sampling.
// Neighbouring: one row replaced (n public), as PrivBayes. Derivations: docs/algorithms/synthetic_data.md.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/dp/release_gate.h"
#include "veil/synth/discretization.h"
#include "veil/synth/graphical_model.h"
#include "veil/synth/privbayes.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace veil::synth {

inline constexpr const char* kMstCitation =
    "McKenna, Miklau, Sheldon: Winning the NIST Contest, Journal of Privacy and Confidentiality 2021";
inline constexpr double kMstDefaultDelta = 1e-9;

struct MstOptions {
    double epsilon = 0.0;
    double delta = kMstDefaultDelta;
    std::size_t rows = 0;                // rows to sample; 0: as many as the input (public under replace)
    std::size_t iterations = 1000;       // mirror-descent steps of the final estimate
    std::size_t selectIterations = 200;  // of the 1-way model that scores the edges
};

// Errors naming the field: epsilon outside [kMinEpsilon, kMaxEpsilon], delta not in [kMinDelta,
// 1), iterations 0 or above 10^6, rows above kMaxSyntheticRows.
Status validateOptions(const MstOptions& options);

// The budget split of one MST release (thirds of rho; with one column all of rho on its marginal).
struct MstBudget {
    double rho = 0.0, rhoOneWay = 0.0, rhoSelection = 0.0, rhoTwoWay = 0.0;
    double sigmaOneWay = 0.0, sigmaTwoWay = 0.0;  // per cell, counts (before lattice widening)
    double epsilonPerEdge = 0.0;                  // exponential mechanism, each of the d - 1 choices
};
// For d columns: sigma = sqrt(2 k) / sqrt(2 rho_part) for k marginals of L2 sensitivity sqrt(2)
// each (replace-one), epsilon per edge sqrt(8 rho_selection / (d - 1)) (eps-bounded range is
// eps^2/8-zCDP). Precondition: validated options, d >= 1.
MstBudget mstBudget(const MstOptions& options, std::size_t d);

// The edge scores of MST's selection: L1 distance between the true 2-way counts of (a, b) and the
// product of the estimated 1-way marginals (counts). Replace-one sensitivity 2. O(d^2 (n + cells)).
std::vector<std::pair<std::pair<std::size_t, std::size_t>, double>> mstEdgeScores(const DiscreteTable& data,
                                                                                  const GraphicalModel& oneWay);

// Chooses d - 1 edges, each by the exponential mechanism (epsilonPerEdge, sensitivity 2) among the
// pairs joining two components (Kruskal order); `scores` as mstEdgeScores. Errors: the mechanism's.
Result<std::vector<std::pair<std::size_t, std::size_t>>> selectTree(
    std::size_t d, const std::vector<std::pair<std::pair<std::size_t, std::size_t>, double>>& scores,
    double epsilonPerEdge, RandomSource& rng);

// Discretizes `table` with the declared `domains`, charges {epsilon, delta, rho} through `gate`
// (one release, neighbouring "replace"), measures, selects, estimates and samples. The result's
// `model` (PrivBayes's) is empty; plan["tree"] lists the chosen edges by column name.
// Errors: invalid options or domains (named), unknown columns, no rows, the gate's refusal
// (nothing is computed), cancellation. Complexity: O(d^2 (n + cells)) selection, O(iterations x
// cells) estimation, O(rows x d log cells) sampling.
Result<SyntheticRelease> releaseMst(dp::ReleaseGate& gate, const Table& table,
                                    const std::vector<AttributeDomain>& domains, const MstOptions& options,
                                    const RunContext& ctx = {});

}  // namespace veil::synth
