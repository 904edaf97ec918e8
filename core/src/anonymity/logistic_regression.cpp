// Multinomial logistic regression (Hastie, Tibshirani & Friedman, The Elements of Statistical Learning, 2nd ed. 2009,
// §4.4) fitted by Newton's method or L-BFGS (Nocedal & Wright, Numerical Optimization, 2nd ed. 2006, §3.1 and
// Alg. 7.4/7.5).
#include "veil/anonymity/logistic_regression.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <limits>
#include <string>
#include <unordered_map>

namespace veil::anonymity {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// The training rows merged by their codes: each distinct row's active columns and class counts.
struct Patterns {
    std::size_t width = 0;             // active columns per pattern: the intercept and one per attribute
    std::vector<std::size_t> columns;  // patterns x width
    MatrixXd counts;                   // classes x patterns
    double rows = 0;
};

Patterns mergeRows(const CategoricalData& data, const std::vector<std::size_t>& offsets,
                   const std::vector<std::size_t>& rows) {
    const std::size_t attributes = data.features.size();
    Patterns p;
    p.width = attributes + 1;
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::vector<double>> counts;
    std::string key(attributes * sizeof(std::uint32_t), '\0');
    for (std::size_t r : rows) {
        for (std::size_t f = 0; f < attributes; ++f)
            std::memcpy(&key[f * sizeof(std::uint32_t)], &data.features[f][r], sizeof(std::uint32_t));
        auto [it, added] = index.try_emplace(key, counts.size());
        if (added) {
            counts.emplace_back(data.classes, 0.0);
            p.columns.push_back(0);
            for (std::size_t f = 0; f < attributes; ++f) p.columns.push_back(offsets[f] + data.features[f][r]);
        }
        counts[it->second][data.target[r]] += 1;
    }
    p.counts.resize(Eigen::Index(data.classes), Eigen::Index(counts.size()));
    for (std::size_t i = 0; i < counts.size(); ++i)
        for (std::size_t k = 0; k < data.classes; ++k) p.counts(Eigen::Index(k), Eigen::Index(i)) = counts[i][k];
    p.rows = double(rows.size());
    return p;
}

// The mean penalized log-loss at `theta` (classes x dims) and its gradient.
double objective(const Patterns& p, const MatrixXd& theta, double l2, MatrixXd& gradient) {
    const Eigen::Index classes = theta.rows();
    gradient.setZero(theta.rows(), theta.cols());
    VectorXd eta(classes), g(classes);
    double loss = 0;
    for (Eigen::Index i = 0; i < p.counts.cols(); ++i) {
        const std::size_t* cols = &p.columns[std::size_t(i) * p.width];
        eta.setZero();
        for (std::size_t c = 0; c < p.width; ++c) eta += theta.col(Eigen::Index(cols[c]));
        const double top = eta.maxCoeff();
        const double lse = top + std::log((eta.array() - top).exp().sum());
        const auto counts = p.counts.col(i);
        const double total = counts.sum();
        loss += total * lse - counts.dot(eta);
        g = total * (eta.array() - lse).exp().matrix() - counts;
        for (std::size_t c = 0; c < p.width; ++c) gradient.col(Eigen::Index(cols[c])) += g;
    }
    const auto weights = theta.rightCols(theta.cols() - 1);
    loss += 0.5 * l2 * weights.squaredNorm();
    gradient.rightCols(theta.cols() - 1) += l2 * weights;
    gradient /= p.rows;
    return loss / p.rows;
}

Status checkData(const CategoricalData& data, const std::vector<std::size_t>& rows, double l2) {
    if (data.classes == 0) return Status::invalidArgument("logistic regression: no classes");
    if (data.features.size() != data.cardinality.size())
        return Status::invalidArgument("logistic regression: one cardinality per attribute expected");
    if (!(l2 >= 0)) return Status::invalidArgument("logistic regression: the L2 penalty must be >= 0");
    for (std::size_t f = 0; f < data.features.size(); ++f) {
        if (data.features[f].size() != data.target.size())
            return Status::invalidArgument("logistic regression: attributes and target differ in length");
    }
    for (std::size_t r : rows) {
        if (r >= data.target.size() || data.target[r] >= data.classes)
            return Status::invalidArgument("logistic regression: a row or class out of range");
        for (std::size_t f = 0; f < data.features.size(); ++f)
            if (data.features[f][r] >= data.cardinality[f])
                return Status::invalidArgument("logistic regression: a code beyond its attribute's cardinality");
    }
    return Status::ok();
}

// L-BFGS two-loop recursion: the quasi-Newton direction -H g.
VectorXd lbfgsDirection(const VectorXd& g, const std::deque<VectorXd>& s, const std::deque<VectorXd>& y) {
    VectorXd q = -g;
    std::vector<double> alpha(s.size());
    for (std::size_t i = s.size(); i-- > 0;) {
        alpha[i] = s[i].dot(q) / y[i].dot(s[i]);
        q -= alpha[i] * y[i];
    }
    if (!s.empty()) q *= s.back().dot(y.back()) / y.back().squaredNorm();
    for (std::size_t i = 0; i < s.size(); ++i) {
        const double beta = y[i].dot(q) / y[i].dot(s[i]);
        q += (alpha[i] - beta) * s[i];
    }
    return q;
}

// Newton's direction -H^-1 g, H the mean objective's Hessian: per row, x x' (kron) (diag(p) - p p'),
// plus the penalty. A ridge of 1e-10 makes it invertible along the directions the objective is flat
// in (the same shift of every class's weights), where the gradient is 0 anyway.
VectorXd newtonDirection(const Patterns& p, const MatrixXd& theta, double l2, const VectorXd& g) {
    const Eigen::Index k = theta.rows(), d = theta.cols();
    MatrixXd h = MatrixXd::Zero(k * d, k * d), w(k, k);
    VectorXd eta(k);
    for (Eigen::Index i = 0; i < p.counts.cols(); ++i) {
        const std::size_t* cols = &p.columns[std::size_t(i) * p.width];
        eta.setZero();
        for (std::size_t c = 0; c < p.width; ++c) eta += theta.col(Eigen::Index(cols[c]));
        const VectorXd prob = (eta.array() - eta.maxCoeff()).exp().matrix();
        const VectorXd q = prob / prob.sum();
        w = p.counts.col(i).sum() * (MatrixXd(q.asDiagonal()) - q * q.transpose());
        for (std::size_t a = 0; a < p.width; ++a)
            for (std::size_t b = 0; b < p.width; ++b)
                h.block(Eigen::Index(cols[a]) * k, Eigen::Index(cols[b]) * k, k, k) += w;
    }
    h.diagonal().tail(k * (d - 1)).array() += l2;
    h /= p.rows;
    h.diagonal().array() += 1e-10 * std::max(1.0, h.diagonal().maxCoeff());
    return h.ldlt().solve(-g);
}

// Weights, the mean objective there and its gradient.
struct Iterate {
    MatrixXd theta, gradient;
    double f = 0;
};

// Backtracking line search along `direction` to Armijo's sufficient decrease. Near the optimum the
// decrease falls below the rounding of f: a step within that noise is taken when it shrinks the
// gradient. False when no step helps (the optimum as closely as doubles allow).
bool lineSearch(const Patterns& p, double l2, const VectorXd& direction, Iterate& at) {
    const double slope = Eigen::Map<const VectorXd>(at.gradient.data(), at.gradient.size()).dot(direction);
    const double noise = 16 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(at.f));
    const auto move = Eigen::Map<const MatrixXd>(direction.data(), at.theta.rows(), at.theta.cols());
    Iterate next;
    for (double step = 1; step >= 1e-12; step *= 0.5) {
        next.theta = at.theta + step * move;
        next.f = objective(p, next.theta, l2, next.gradient);
        const bool sufficient = next.f <= at.f + 1e-4 * step * slope;
        if (sufficient || (next.f <= at.f + noise && next.gradient.norm() < at.gradient.norm())) {
            at = std::move(next);
            return true;
        }
    }
    return false;
}

// Centres each attribute's block of weights (per class) by moving its mean into the intercept. Every
// row has one value of each attribute, so no logit changes: the loss and its gradient stay, the
// penalty can only fall, and the optimum (where sum_v w_kv = lambda^-1 dLoss/db_k = 0) is kept. This
// removes the nearly flat directions that otherwise hold L-BFGS back for hundreds of iterations.
void centreBlocks(const std::vector<std::size_t>& offsets, double l2, double rows, Iterate& at) {
    const MatrixXd before = at.theta.rightCols(at.theta.cols() - 1);
    for (std::size_t f = 0; f < offsets.size(); ++f) {
        const auto start = Eigen::Index(offsets[f]);
        const auto end = f + 1 < offsets.size() ? Eigen::Index(offsets[f + 1]) : at.theta.cols();
        if (end <= start) continue;
        const VectorXd mean = at.theta.middleCols(start, end - start).rowwise().mean();
        at.theta.middleCols(start, end - start).colwise() -= mean;
        at.theta.col(0) += mean;
    }
    const auto after = at.theta.rightCols(at.theta.cols() - 1);
    at.gradient.rightCols(at.theta.cols() - 1) += (l2 / rows) * (after - before);
    at.f += 0.5 * l2 / rows * (after.squaredNorm() - before.squaredNorm());
}

constexpr Eigen::Index kNewtonLimit = 1000;  // weights up to which the Hessian is formed and solved

// Minimizes from `at`: Newton's method for up to kNewtonLimit weights, L-BFGS beyond.
Status minimize(const Patterns& p, const std::vector<std::size_t>& offsets, const LogisticRegressionOptions& options,
                const RunContext& ctx, Iterate& at, std::size_t& iterations, bool& converged) {
    const bool newton = at.theta.size() <= kNewtonLimit;
    bool flat = false;  // L-BFGS: the objective stopped decreasing
    std::deque<VectorXd> s, y;
    for (iterations = 0; iterations < options.maxIterations; ++iterations) {
        if (at.gradient.lpNorm<Eigen::Infinity>() <= options.gradientTolerance) break;
        if (ctx.cancelled()) return Status::cancelled();
        const VectorXd g = Eigen::Map<const VectorXd>(at.gradient.data(), at.gradient.size());
        VectorXd direction = newton ? newtonDirection(p, at.theta, options.l2, g) : lbfgsDirection(g, s, y);
        if (!(g.dot(direction) < 0)) {  // not a descent direction: restart from steepest descent
            s.clear(), y.clear();
            direction = -g;
        }
        const MatrixXd before = at.theta;
        const double fBefore = at.f;
        if (!lineSearch(p, options.l2, direction, at)) break;
        if (newton) continue;
        centreBlocks(offsets, options.l2, p.rows, at);
        if (fBefore - at.f <= options.objectiveTolerance * std::max(1.0, std::abs(at.f))) {
            flat = true;
            break;
        }
        const MatrixXd moved = at.theta - before;
        s.emplace_back(Eigen::Map<const VectorXd>(moved.data(), moved.size()));
        y.emplace_back(Eigen::Map<const VectorXd>(at.gradient.data(), at.gradient.size()) - g);
        if (s.back().dot(y.back()) <= 1e-16 * s.back().squaredNorm()) s.pop_back(), y.pop_back();
        if (s.size() > options.memory) s.pop_front(), y.pop_front();
    }
    converged = flat || at.gradient.lpNorm<Eigen::Infinity>() <= options.gradientTolerance;
    return Status::ok();
}

}  // namespace

Result<LogisticRegression> LogisticRegression::fit(const CategoricalData& data, const std::vector<std::size_t>& rowsIn,
                                                   const LogisticRegressionOptions& options, const RunContext& ctx) {
    std::vector<std::size_t> rows = rowsIn;
    if (rows.empty())
        for (std::size_t r = 0; r < data.target.size(); ++r) rows.push_back(r);
    VEIL_RETURN_IF_ERROR(checkData(data, rows, options.l2));
    LogisticRegression model;
    model.m_classes = data.classes;
    model.m_dims = 1;
    for (std::size_t card : data.cardinality) {
        model.m_offsets.push_back(model.m_dims);
        model.m_dims += card;
    }
    const Patterns patterns = mergeRows(data, model.m_offsets, rows);
    const auto k = Eigen::Index(data.classes), d = Eigen::Index(model.m_dims);
    Iterate at;
    at.theta = MatrixXd::Zero(k, d);
    if (options.start.size() == std::size_t(k * d))
        for (Eigen::Index c = 0; c < k; ++c)
            for (Eigen::Index j = 0; j < d; ++j) at.theta(c, j) = options.start[std::size_t(c * d + j)];
    at.f = objective(patterns, at.theta, options.l2, at.gradient);
    VEIL_RETURN_IF_ERROR(minimize(patterns, model.m_offsets, options, ctx, at, model.m_iterations, model.m_converged));
    model.m_weights.resize(std::size_t(at.theta.size()));
    for (Eigen::Index c = 0; c < k; ++c)
        for (Eigen::Index j = 0; j < d; ++j) model.m_weights[std::size_t(c * d + j)] = at.theta(c, j);
    return model;
}

std::vector<double> LogisticRegression::logits(const CategoricalData& data, std::size_t r) const {
    std::vector<double> eta(m_classes);
    for (std::size_t c = 0; c < m_classes; ++c) {
        double v = weight(c, 0);
        for (std::size_t f = 0; f < m_offsets.size() && f < data.features.size(); ++f) {
            const std::uint32_t code = data.features[f][r];
            const std::size_t end = f + 1 < m_offsets.size() ? m_offsets[f + 1] : m_dims;
            if (m_offsets[f] + code < end) v += weight(c, m_offsets[f] + code);  // unseen values weigh nothing
        }
        eta[c] = v;
    }
    return eta;
}

std::vector<double> LogisticRegression::probabilities(const CategoricalData& data, std::size_t r) const {
    std::vector<double> p = logits(data, r);
    const double top = *std::max_element(p.begin(), p.end());
    double sum = 0;
    for (double& v : p) sum += (v = std::exp(v - top));
    for (double& v : p) v /= sum;
    return p;
}

std::uint32_t LogisticRegression::predict(const CategoricalData& data, std::size_t r) const {
    const std::vector<double> eta = logits(data, r);
    return std::uint32_t(std::max_element(eta.begin(), eta.end()) - eta.begin());
}

std::uint32_t LogisticRegression::predict(const WeightedRow& row) const {
    std::vector<double> eta(m_classes);
    for (std::size_t c = 0; c < m_classes; ++c) {
        double v = weight(c, 0);
        for (std::size_t f = 0; f < m_offsets.size() && f < row.size(); ++f) {
            const std::size_t end = f + 1 < m_offsets.size() ? m_offsets[f + 1] : m_dims;
            for (const auto& [code, share] : *row[f])
                if (m_offsets[f] + code < end) v += share * weight(c, m_offsets[f] + code);
        }
        eta[c] = v;
    }
    return std::uint32_t(std::max_element(eta.begin(), eta.end()) - eta.begin());
}

Result<double> logisticRegressionAccuracy(const CategoricalData& data, std::size_t folds,
                                          const LogisticRegressionOptions& options, const RunContext& ctx) {
    const std::size_t n = data.target.size();
    if (folds < 2 || n < folds)
        return Status::invalidArgument("logistic regression: need at least as many rows as folds (>= 2)");
    const RunContext quiet{nullptr, ctx.cancel, nullptr};
    // Each fold starts from the fit on all rows, near its own optimum (it lacks a tenth of them).
    ctx.report(0.0, "Logistic regression: all rows");
    auto all = LogisticRegression::fit(data, {}, options, quiet);
    if (!all) return all.status();
    LogisticRegressionOptions warm = options;
    warm.start = all->weights();
    std::size_t correct = 0;
    for (std::size_t fold = 0; fold < folds; ++fold) {
        ctx.report(double(fold + 1) / double(folds + 1),
                   "Logistic regression: fold " + std::to_string(fold + 1) + " of " + std::to_string(folds));
        std::vector<std::size_t> train;
        train.reserve(n);
        for (std::size_t r = 0; r < n; ++r)
            if (r % folds != fold) train.push_back(r);
        auto model = LogisticRegression::fit(data, train, warm, quiet);
        if (!model) return model.status();
        for (std::size_t r = fold; r < n; r += folds)
            if (model->predict(data, r) == data.target[r]) ++correct;
    }
    ctx.report(1.0, "Logistic regression done");
    return double(correct) / double(n);
}

}  // namespace veil::anonymity
