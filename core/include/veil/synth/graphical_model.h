// Private-PGM (McKenna, Sheldon, Miklau, "Graphical-model based estimation and inference for
// differential privacy", ICML 2019): from noisy measurements of marginals (vectors with a known
// Gaussian noise scale) find the graphical model over a junction tree whose clique marginals best
// fit them in weighted L2, by entropic mirror descent with log-space belief propagation; then
// sample rows from it. Written once for MST and AIM: the caller gives the cliques, chordal ones
// directly (junctionTree) or any set through a min-fill triangulation (triangulatedTree); the
// junction tree is the maximum-weight spanning tree of their intersection graph.
#pragma once

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/synth/discretization.h"

#include <cstddef>
#include <string>
#include <vector>

namespace veil::synth {

// A table over attributes `vars` (ascending indices into a domain): values[cell], cell in mixed
// radix over vars (first most significant), sizes[i] = domain size of vars[i].
struct Factor {
    std::vector<std::size_t> vars;
    std::vector<std::size_t> sizes;
    std::vector<double> values;
};

// A zero factor over `vars` (sorted, distinct) with the domain's sizes.
Factor zeroFactor(const std::vector<std::size_t>& vars, const std::vector<std::size_t>& domainSizes);
// For every cell of a table over `vars`/`sizes`, the cell of its projection onto `sub` (a subset
// of vars, ascending). O(cells x |vars|).
std::vector<std::size_t> projectionIndex(const std::vector<std::size_t>& vars, const std::vector<std::size_t>& sizes,
                                         const std::vector<std::size_t>& sub);
// Counts of the rows of `data` over `vars` (ascending). O(rows x |vars|).
Factor countMarginal(const DiscreteTable& data, const std::vector<std::size_t>& vars);

// A noisy measurement y = x + N(0, sigma^2 I) of the count marginal x over `vars` (ascending).
struct NoisyMarginal {
    std::vector<std::size_t> vars;
    std::vector<double> values;
    double sigma = 1.0;
};

// Cliques connected into a forest with the running-intersection property; the cliques are kept in
// breadth-first order from each component's root, parent[root] == npos.
struct JunctionTree {
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    std::vector<std::size_t> sizes;                           // domain size of every attribute
    std::vector<std::vector<std::size_t>> cliques;            // ascending attribute indices
    std::vector<std::size_t> parent;                          // clique index or npos
    std::vector<std::vector<std::size_t>> separator;          // with the parent (empty for roots)
    std::vector<std::vector<std::size_t>> toSeparator;        // clique cell -> separator cell
    std::vector<std::vector<std::size_t>> parentToSeparator;  // parent's cell -> separator cell
    // Index of a clique holding all of `vars` (the smallest), or npos.
    std::size_t cliqueContaining(const std::vector<std::size_t>& vars) const;
};

// Keeps the maximal cliques of `cliques` (each sorted and made distinct), adds a singleton for
// every attribute in none, and joins them by a maximum-weight spanning forest of the clique graph
// (weight: |intersection|), which is a junction tree whenever one exists (Jensen & Jensen, UAI 1994).
// Errors: an attribute index >= sizes.size(), a domain size 0, a clique table above 10^7 cells,
// no junction tree over these cliques (running intersection fails: triangulate first).
// Complexity: O(c^2 d + cells) for c cliques.
Result<JunctionTree> junctionTree(std::vector<std::vector<std::size_t>> cliques, const std::vector<std::size_t>& sizes);

// A model p(x) proportional to prod_C exp(potentials[C](x_C)) over a junction tree, with its
// clique marginals (probabilities, each summing to 1) once calibrated.
struct GraphicalModel {
    JunctionTree tree;
    std::vector<Factor> potentials;  // log-potentials, one per clique
    std::vector<Factor> marginals;   // calibrated clique marginals
    double total = 1.0;              // the rows the model stands for (counts = total x marginals)
    // Probabilities over `vars` (ascending) inside one clique. Errors: no clique holds them.
    Result<Factor> marginal(const std::vector<std::size_t>& vars) const;
};

// The maximal cliques of a chordal graph holding every clique of `cliques` (each attribute
// adjacent to the others of its cliques): min-fill elimination (Kjaerulff 1990), ties to the
// smaller eliminated clique (cells), then the lower attribute index; every attribute of `sizes`
// is a vertex. Deterministic. Precondition: attribute indices < sizes.size().
// Complexity: O(d^4) for d attributes.
std::vector<std::vector<std::size_t>> triangulate(const std::vector<std::vector<std::size_t>>& cliques,
                                                  const std::vector<std::size_t>& sizes);
// junctionTree(triangulate(cliques, sizes), sizes): any clique set. Errors: junctionTree's.
Result<JunctionTree> triangulatedTree(const std::vector<std::vector<std::size_t>>& cliques,
                                      const std::vector<std::size_t>& sizes);
// Total cells of the tree's cliques (the model's size in doubles).
double treeCells(const JunctionTree& tree);

// A model with zero potentials (uniform) over `tree`, calibrated.
GraphicalModel uniformModel(JunctionTree tree, double total);
// Sum-product belief propagation in log space: marginals from potentials (exact on a junction
// tree). O(sum of clique cells).
void calibrate(GraphicalModel& model);

// Potentials of `from` carried onto `to` (each added to the smallest clique of `to` holding its
// clique): the same distribution over a larger tree. Errors: a clique of `from` fits in none of `to`.
Result<std::vector<Factor>> expandPotentials(const GraphicalModel& from, const JunctionTree& to);

// Probabilities over any `vars` (ascending) under the model: read off a clique holding them, else
// by belief propagation over a triangulated tree with `vars` added as a clique (potentials
// carried over). Errors: an attribute outside the domain, the tree's errors. Complexity:
// O(model cells) when no clique holds vars (plus the triangulation's O(d^4)).
Result<Factor> projectModel(const GraphicalModel& model, const std::vector<std::size_t>& vars);

struct EstimationOptions {
    std::size_t iterations = 1000;  // mirror-descent steps
    // Warm start (AIM's rounds): the potentials of this model, carried onto the tree, instead of
    // zeros. Its cliques must each fit in a clique of the tree. Not owned.
    const GraphicalModel* start = nullptr;
};

struct EstimationReport {
    std::size_t iterations = 0;
    double initialLoss = 0.0;  // sum over measurements of |x_hat - y|^2 / (2 sigma^2), counts
    double finalLoss = 0.0;
};

// Mirror descent (ICML 2019, Algorithm 1, with a backtracking step size) on the weighted L2 loss
// over `tree`, every measurement's attributes inside one clique, `total` the (public) row count.
// Errors: a measurement outside every clique or of the wrong length, sigma not positive finite,
// total not positive finite, a warm start that does not fit the tree, cancellation. Complexity: O(iterations x (clique
// cells + measured cells)).
Result<GraphicalModel> estimateModel(const JunctionTree& tree, const std::vector<NoisyMarginal>& measurements,
                                     double total, const EstimationOptions& options = {}, const RunContext& ctx = {},
                                     EstimationReport* report = nullptr);

// `rows` rows drawn from the model (ancestral sampling over the junction tree; post-processing).
// Within each clique the rows sharing a separator configuration get the clique's new attributes
// by controlled rounding (as Private-PGM's synthetic_data, method "round"): each cell's count is
// its expected count rounded up or down, so a clique's sampled marginal is within one row per cell
// of the model's, far closer than independent draws; groups with fewer than a quarter row per
// cell are drawn row by row. declaredOnly: the last code of every attribute ("missing or other",
// AttributeDomain::otherCode) is never drawn, its mass left out and the rest renormalised (as
// PrivBayes's sampler). O(rows x cliques x log cells + cells) after O(cells) tables.
DiscreteTable sampleModel(const GraphicalModel& model, const std::vector<std::string>& names, std::size_t rows,
                          RandomSource& random, bool declaredOnly = true);

}  // namespace veil::synth
