// Private-PGM estimation (McKenna, Sheldon, Miklau, ICML 2019, Algorithm 1): entropic mirror
// descent on the potentials, the marginals from belief propagation, with a backtracking step;
// optionally warm-started from an earlier model's potentials.
#include "veil/synth/graphical_model.h"

#include "veil/common/validate.h"

#include <cmath>

namespace veil::synth {

namespace {

// A measurement bound to the smallest clique holding it.
struct Bound {
    const NoisyMarginal* m = nullptr;
    std::size_t clique = 0;
    std::vector<std::size_t> index;  // clique cell -> measurement cell
};

Result<std::vector<Bound>> bind(const JunctionTree& tree, const std::vector<NoisyMarginal>& measurements) {
    std::vector<Bound> out;
    for (std::size_t i = 0; i < measurements.size(); ++i) {
        const auto& m = measurements[i];
        const std::string what = "measurement " + std::to_string(i);
        VEIL_RETURN_IF_ERROR(requirePositiveFinite(m.sigma, what + ": sigma"));
        const std::size_t c = tree.cliqueContaining(m.vars);
        if (c == JunctionTree::npos) return Status::invalidArgument(what + ": its attributes are in no clique");
        const Factor shape = zeroFactor(m.vars, tree.sizes);
        if (shape.values.size() != m.values.size())
            return Status::invalidArgument(what + ": " + std::to_string(m.values.size()) + " values for " +
                                           std::to_string(shape.values.size()) + " cells");
        const Factor clique = zeroFactor(tree.cliques[c], tree.sizes);
        out.push_back({&m, c, projectionIndex(clique.vars, clique.sizes, m.vars)});
    }
    return out;
}

// Loss sum |x_hat - y|^2 / (2 sigma^2) at the model's counts, and its gradient with respect to
// the clique counts (one table per clique).
double lossAndGradient(const GraphicalModel& model, const std::vector<Bound>& bound,
                       std::vector<std::vector<double>>& gradient) {
    gradient.resize(model.marginals.size());
    for (std::size_t c = 0; c < model.marginals.size(); ++c) gradient[c].assign(model.marginals[c].values.size(), 0.0);
    double loss = 0.0;
    std::vector<double> diff;
    for (const auto& b : bound) {
        const auto& mu = model.marginals[b.clique].values;
        diff.assign(b.m->values.size(), 0.0);
        for (std::size_t k = 0; k < mu.size(); ++k) diff[b.index[k]] += model.total * mu[k];
        const double w = 1.0 / (b.m->sigma * b.m->sigma);
        for (std::size_t s = 0; s < diff.size(); ++s) {
            diff[s] -= b.m->values[s];
            loss += 0.5 * w * diff[s] * diff[s];
        }
        auto& g = gradient[b.clique];
        for (std::size_t k = 0; k < g.size(); ++k) g[k] += w * diff[b.index[k]];
    }
    return loss;
}

// <gradient, counts(a) - counts(b)>
double gradientGap(const std::vector<std::vector<double>>& gradient, const GraphicalModel& a, const GraphicalModel& b) {
    double gap = 0.0;
    for (std::size_t c = 0; c < gradient.size(); ++c)
        for (std::size_t k = 0; k < gradient[c].size(); ++k)
            gap += gradient[c][k] * a.total * (a.marginals[c].values[k] - b.marginals[c].values[k]);
    return gap;
}

}  // namespace

Result<GraphicalModel> estimateModel(const JunctionTree& tree, const std::vector<NoisyMarginal>& measurements,
                                     double total, const EstimationOptions& options, const RunContext& ctx,
                                     EstimationReport* report) {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(total, "total"));
    auto bound = bind(tree, measurements);
    if (!bound) return bound.status();
    GraphicalModel model = uniformModel(tree, total);
    if (options.start) {
        auto warm = expandPotentials(*options.start, tree);
        if (!warm) return warm.status();
        model.potentials = std::move(*warm);
        calibrate(model);
    }
    std::vector<std::vector<double>> gradient, nextGradient;
    double loss = lossAndGradient(model, *bound, gradient);
    if (report) report->initialLoss = loss;
    // Step for the counts' gradient: 1 / (total x sum 1/sigma^2) is below 1 / (the loss's
    // smoothness in the L1 norm of the probabilities x total), so the first steps descend; the
    // backtracking rule then grows it while the loss keeps decreasing enough.
    double precision = 0.0;
    for (const auto& m : measurements) precision += 1.0 / (m.sigma * m.sigma);
    double alpha = precision > 0.0 ? 1.0 / (total * precision) : 1.0;
    GraphicalModel next = model;
    std::size_t it = 0;
    for (; it < options.iterations; ++it) {
        if (it % 64 == 0 && ctx.cancelled()) return Status::cancelled();
        for (std::size_t c = 0; c < gradient.size(); ++c)
            for (std::size_t k = 0; k < gradient[c].size(); ++k)
                next.potentials[c].values[k] = model.potentials[c].values[k] - alpha * gradient[c][k];
        calibrate(next);
        const double nextLoss = lossAndGradient(next, *bound, nextGradient);
        // Sufficient decrease along the mirror step (Armijo): accept and lengthen, or halve.
        if (loss - nextLoss >= 0.5 * gradientGap(gradient, model, next)) {
            std::swap(model, next);
            std::swap(gradient, nextGradient);
            loss = nextLoss;
            alpha *= 1.5;
        } else {
            alpha *= 0.5;
        }
    }
    if (report) {
        report->iterations = it;
        report->finalLoss = loss;
    }
    return model;
}

}  // namespace veil::synth
