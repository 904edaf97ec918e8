// AIM: differentially private synthetic tables by adaptive, workload-aware selection of marginals
// (McKenna, Mullins, Sheldon, Miklau, "AIM: An Adaptive and Iterative Mechanism for
// Differentially Private Synthetic Data", VLDB 2022), under zCDP: rho = cdpRho(epsilon, delta);
// the workload is every 2-way (or 3-way) marginal; noisy 1-way marginals first, then rounds that
// each choose a marginal by the exponential mechanism (quality: weighted L1 error of the current
// model minus the noise it would get, among candidates that keep the model under a size limit),
// measure it with Gaussian noise and re-estimate with Private-PGM over the triangulated cliques;
// the per-round budget doubles its precision when a measurement hardly moved the model, and the
// last round takes what is left. Neighbouring: one row replaced (n public), as MST.
// Derivations: docs/algorithms/synthetic_data.md.
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

inline constexpr const char* kAimCitation =
    "McKenna, Mullins, Sheldon, Miklau: AIM: An Adaptive and Iterative Mechanism for Differentially Private "
    "Synthetic Data, VLDB 2022";
inline constexpr double kAimDefaultDelta = 1e-9;

struct AimOptions {
    double epsilon = 0.0;
    double delta = kAimDefaultDelta;
    std::size_t rows = 0;               // rows to sample; 0: as many as the input (public under replace)
    std::size_t degree = 2;             // workload: all marginals of this many columns (2 or 3)
    std::size_t rounds = 0;             // T of the budget schedule; 0: 16 d (the paper's)
    std::size_t iterations = 1000;      // mirror-descent steps of the final estimate
    std::size_t roundIterations = 100;  // of each round's (warm-started) estimate
    double maxModelCells = 10'000'000;  // model size limit (the paper's 80 MB of doubles)
};

// Errors naming the field: epsilon outside [kMinEpsilon, kMaxEpsilon], delta not in (0, 1),
// degree not 2 or 3, rounds above 10^4, iterations or round_iterations 0 or above 10^6,
// max_model_cells below 1 or above 10^8, rows above kMaxSyntheticRows.
Status validateOptions(const AimOptions& options);

// One round's shares: the exponential mechanism's epsilon (bounded range, eps^2/8 zCDP) and the
// Gaussian noise sigma of one marginal (replace-one L2 sensitivity sqrt 2: 1/sigma^2 zCDP).
struct AimRound {
    double epsilon = 0.0, sigma = 0.0, rho = 0.0;  // rho = epsilon^2/8 + 1/sigma^2
    bool last = false;
};

// AIM's budget schedule (VLDB 2022, Algorithm 1 and Section 5), written for replace-one
// sensitivities: with T rounds, sigma = sqrt(T / (0.9 rho)) and epsilon = sqrt(0.8 rho / T); the d
// 1-way marginals first cost d / sigma^2; a round whose cost would leave less than itself takes the
// whole remainder (0.9 to the Gaussian, 0.1 to the selection) and is the last; anneal() halves
// sigma and doubles epsilon. The spent total never exceeds rho (up to rounding: the last round
// spends exactly rho - used).
class AimAccountant {
public:
    // Precondition: rho > 0, d >= 1, rounds >= 1.
    AimAccountant(double rho, std::size_t d, std::size_t rounds);
    double initialSigma() const { return m_initialSigma; }  // of the 1-way marginals
    double used() const { return m_used; }
    double rho() const { return m_rho; }
    // The next round's shares, charged to used(). Precondition: the last round not yet taken.
    AimRound next();
    void anneal();

private:
    double m_rho, m_used, m_sigma, m_epsilon, m_initialSigma;
};

// A candidate marginal and its workload weight: sum over workload sets W of |C intersect W|.
struct AimCandidate {
    std::vector<std::size_t> vars;
    double weight = 0.0;
};
// The downward closure of the `degree`-way workload over d columns (every set of 1..degree
// columns), weighted as the paper; with d <= degree the workload is the one set of all columns.
std::vector<AimCandidate> aimCandidates(std::size_t d, std::size_t degree);

// Discretizes `table` with the declared `domains`, charges {epsilon, delta, rho} through `gate`
// (one release, neighbouring "replace"), measures the 1-way marginals, runs the rounds, estimates
// and samples. plan["measured"] lists the measured marginals by column name in order, plan["rounds"]
// the number of rounds after the 1-way marginals. The result's PrivBayes `model` is empty.
// Errors: invalid options or domains (named), unknown columns, no rows, the gate's refusal
// (nothing is computed), cancellation. Complexity: per round O(candidates x (model cells + d^4))
// for the scores and O(round_iterations x model cells) for the estimate.
Result<SyntheticRelease> releaseAim(dp::ReleaseGate& gate, const Table& table,
                                    const std::vector<AttributeDomain>& domains, const AimOptions& options,
                                    const RunContext& ctx = {});

}  // namespace veil::synth
