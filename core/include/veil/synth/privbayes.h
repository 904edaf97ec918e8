// PrivBayes: differentially private synthetic tables through a Bayesian network (Zhang, Cormode,
// Procopiuc, Srivastava, Xiao, "PrivBayes", SIGMOD 2014 / TODS 2017). Phase 1 spends beta * epsilon
// choosing a network of degree <= k greedily with the exponential mechanism (score: mutual
// information, sensitivity of Lemma 4.1); phase 2 spends the rest on Laplace noise over the joint
// counts of every attribute-parent pair, clipped and normalised into conditionals; phase 3 samples
// rows from the network (post-processing). Neighbouring as in the paper: one row replaced (n public).
// The derivations are in docs/algorithms/synthetic_data.md.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/dp/release_gate.h"
#include "veil/synth/discretization.h"
#include "veil/table/table.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace veil::synth {

inline constexpr const char* kPrivBayesCitation =
    "Zhang, Cormode, Procopiuc, Srivastava, Xiao: PrivBayes, SIGMOD 2014 / TODS 2017";
inline constexpr std::size_t kMaxSyntheticRows = 100'000'000;

struct PrivBayesOptions {
    double epsilon = 0.0;
    double beta = 0.3;          // share of epsilon for the network (the paper's default)
    std::size_t maxDegree = 3;  // k: at most this many parents per attribute
    double theta = 4.0;         // theta-usefulness: a pair's table has <= n eps2 / (2 d theta) cells
    std::size_t rows = 0;       // rows to sample; 0: as many as the input (public under replace)
    bool independent = false;   // baseline: no network, all of epsilon on the d 1-way marginals
};

// Errors naming the field: epsilon outside [kMinEpsilon, kMaxEpsilon], beta outside (0, 1),
// theta not positive finite, rows above kMaxSyntheticRows.
Status validateOptions(const PrivBayesOptions& options);

// An attribute-parent pair (X_i, Pi_i): column indices into a DiscreteTable.
struct ApPair {
    std::size_t child = 0;
    std::vector<std::size_t> parents;
};

// A conditional distribution Pr[X | Pi]: probability[config * childSize + x], where config is the
// parents' values in mixed radix (first parent most significant).
struct ConditionalTable {
    ApPair pair;
    std::size_t childSize = 0;
    std::size_t parentConfigs = 1;
    std::vector<double> probability;
};

// Counts of (Pi, X) laid out as ConditionalTable::probability. O(n x |parents|).
std::vector<double> jointCounts(const DiscreteTable& data, const ApPair& pair);
// Mutual information I(X; Pi) in bits of the empirical distribution (0 for no parents).
double mutualInformation(const DiscreteTable& data, const ApPair& pair);
// Lemma 4.1 (general domains): sensitivity of I under replacing one of n >= 2 rows, in bits.
double mutualInformationSensitivity(std::size_t n);
// Negative counts clipped to 0, each parent configuration normalised; a configuration with no
// mass left becomes uniform.
ConditionalTable conditionalFromCounts(const ApPair& pair, std::size_t childSize, std::vector<double> counts);
// Candidate parent sets of `child` among `chosen`: every subset of at most maxDegree attributes
// whose table (child and parents) has at most maxCells cells; always includes the empty set.
std::vector<std::vector<std::size_t>> candidateParentSets(const std::vector<std::size_t>& sizes, std::size_t child,
                                                          const std::vector<std::size_t>& chosen, std::size_t maxDegree,
                                                          double maxCells);

struct PrivBayesModel {
    std::vector<ApPair> network;                 // in sampling order
    std::vector<ConditionalTable> conditionals;  // one per pair, same order
    std::vector<std::size_t> sizes;
    nlohmann::json toJson(const DiscreteTable& names) const;
};

// Ancestral sampling of `rows` rows (post-processing), drawing only declared values: the last code
// of every attribute ("missing or other") is never drawn. The rows sharing a parent configuration
// get the child's values by controlled rounding of its conditional (see sampleModel in
// graphical_model.h). O(rows x d x k + conditional cells).
DiscreteTable sampleRows(const PrivBayesModel& model, const std::vector<std::string>& names, std::size_t rows,
                         RandomSource& random);

struct SyntheticRelease {
    Table table;          // decoded synthetic rows
    DiscreteTable codes;  // the same rows as codes (for utility measures)
    PrivBayesModel model;
    nlohmann::json plan;  // method, epsilon split, degree, domains: what a plan records
    dp::ReleaseReceipt receipt;
};

// Discretizes `table` with the declared `domains`, charges options.epsilon through `gate` (one
// release, neighbouring "replace"), then learns the network, noises the conditionals and samples.
// Errors: invalid options or domains (named), unknown columns, fewer than 2 usable rows, the
// gate's refusal (nothing is computed), cancellation. Complexity: O(d^2 C n) for the network with
// C candidate parent sets per attribute, O(d n) for the counts, O(rows d k) for sampling.
Result<SyntheticRelease> releasePrivBayes(dp::ReleaseGate& gate, const Table& table,
                                          const std::vector<AttributeDomain>& domains, const PrivBayesOptions& options,
                                          const RunContext& ctx = {});

}  // namespace veil::synth
