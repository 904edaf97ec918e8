// Private-PGM (McKenna, Sheldon, Miklau, ICML 2019): projections by hand; belief-propagation
// marginals equal the brute-force marginals of the model on a tiny domain (a tree and a junction
// tree of 3-cliques); a non-chordal clique set is refused; exact measurements are recovered by
// the estimator; sampling from the fitted model reproduces its marginals within the sampling error.
#include "veil/synth/graphical_model.h"
#include "veil/synth/marginal_distance.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace veil;
using namespace veil::synth;

namespace {

// Deterministic potentials in [-1.5, 1.5] (no randomness needed: any values will do).
void fillPotentials(GraphicalModel& m) {
    std::size_t k = 0;
    for (auto& f : m.potentials)
        for (auto& v : f.values) v = std::sin(0.7 * static_cast<double>(++k) + 0.3) * 1.5;
}

// Brute force: enumerate every joint configuration, p(x) proportional to exp(sum_C theta_C(x_C)),
// and sum it onto `vars`.
std::vector<double> bruteMarginal(const GraphicalModel& m, const std::vector<std::size_t>& vars) {
    const auto& sizes = m.tree.sizes;
    std::size_t total = 1;
    for (auto s : sizes) total *= s;
    std::vector<std::size_t> x(sizes.size(), 0);
    std::size_t out = 1;
    for (auto v : vars) out *= sizes[v];
    std::vector<double> p(out, 0.0);
    double z = 0.0;
    for (std::size_t cell = 0; cell < total; ++cell) {
        std::size_t rest = cell;
        for (std::size_t i = sizes.size(); i-- > 0;) {
            x[i] = rest % sizes[i];
            rest /= sizes[i];
        }
        double logp = 0.0;
        for (const auto& f : m.potentials) {
            std::size_t c = 0;
            for (std::size_t i = 0; i < f.vars.size(); ++i) c = c * f.sizes[i] + x[f.vars[i]];
            logp += f.values[c];
        }
        std::size_t target = 0;
        for (auto v : vars) target = target * sizes[v] + x[v];
        p[target] += std::exp(logp);
        z += std::exp(logp);
    }
    for (auto& v : p) v /= z;
    return p;
}

void compareWithBruteForce(const std::vector<std::vector<std::size_t>>& cliques,
                           const std::vector<std::size_t>& sizes) {
    auto tree = junctionTree(cliques, sizes);
    QVERIFY2(tree, tree.status().message().c_str());
    GraphicalModel m = uniformModel(*tree, 1.0);
    fillPotentials(m);
    calibrate(m);
    for (std::size_t c = 0; c < m.tree.cliques.size(); ++c) {
        const auto brute = bruteMarginal(m, m.tree.cliques[c]);
        const auto& bp = m.marginals[c].values;
        QCOMPARE(bp.size(), brute.size());
        for (std::size_t k = 0; k < bp.size(); ++k)
            QVERIFY2(std::abs(bp[k] - brute[k]) < 1e-12,
                     qPrintable(QString("clique %1 cell %2: BP %3, brute %4").arg(c).arg(k).arg(bp[k]).arg(brute[k])));
    }
}

// n rows over a (3 values), b (2), c (3): c depends on b, b on a; every cell of each 2-way
// marginal is non-empty.
DiscreteTable chainTable(std::size_t n) {
    DiscreteTable t;
    t.names = {"a", "b", "c"};
    t.sizes = {3, 2, 3};
    t.codes.assign(3, {});
    for (std::size_t r = 0; r < n; ++r) {
        const auto a = static_cast<std::int32_t>((r * 7) % 3);
        const auto b = static_cast<std::int32_t>((a == 0) != (r % 5 == 0) ? 1 : 0);
        const auto c = static_cast<std::int32_t>((b + (r % 4 == 0 ? 1 : 0) + (r % 11 == 0 ? 1 : 0)) % 3);
        t.codes[0].push_back(a);
        t.codes[1].push_back(b);
        t.codes[2].push_back(c);
    }
    return t;
}

// The model estimated from the exact 2-way marginals {a,b} and {b,c} of a chain table.
Result<GraphicalModel> exactChainModel(const DiscreteTable& data, std::size_t iterations) {
    std::vector<NoisyMarginal> ms;
    for (std::vector<std::size_t> vars : {std::vector<std::size_t>{0, 1}, {1, 2}})
        ms.push_back({vars, countMarginal(data, vars).values, 1.0});
    auto tree = junctionTree({{0, 1}, {1, 2}}, data.sizes);
    if (!tree) return tree.status();
    EstimationOptions o;
    o.iterations = iterations;
    return estimateModel(*tree, ms, double(data.rowCount()), o);
}

}  // namespace

class TestGraphicalModel : public QObject {
    Q_OBJECT

private slots:
    void projectionByHand() {
        // vars {1, 4} sizes {2, 3}: cells (0,0) (0,1) (0,2) (1,0) (1,1) (1,2).
        QCOMPARE(projectionIndex({1, 4}, {2, 3}, {4}), (std::vector<std::size_t>{0, 1, 2, 0, 1, 2}));
        QCOMPARE(projectionIndex({1, 4}, {2, 3}, {1}), (std::vector<std::size_t>{0, 0, 0, 1, 1, 1}));
        QCOMPARE(projectionIndex({1, 4}, {2, 3}, {}), (std::vector<std::size_t>(6, 0)));
        QCOMPARE(projectionIndex({1, 4}, {2, 3}, {1, 4}), (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));
    }
    void beliefPropagationMatchesBruteForceOnATree() {
        compareWithBruteForce({{0, 1}, {1, 2}, {1, 3}, {3, 4}}, {2, 3, 2, 2, 3});
    }
    void beliefPropagationMatchesBruteForceOnCliquesOfThree() {
        // A triangulated 5-cycle: {0,1,2} {0,2,3} {0,3,4}, separators of size 2.
        compareWithBruteForce({{0, 1, 2}, {0, 2, 3}, {0, 3, 4}}, {2, 3, 2, 2, 3});
    }
    void beliefPropagationOnAForest() {
        // Attribute 3 is in no clique: it gets its own singleton component.
        compareWithBruteForce({{0, 1}, {1, 2}}, {2, 3, 2, 3});
    }
    void junctionTreeRefusesACycle() {
        auto t = junctionTree({{0, 1}, {1, 2}, {2, 3}, {0, 3}}, {2, 2, 2, 2});
        QVERIFY(!t);
        QVERIFY2(t.status().message().find("triangulate") != std::string::npos, t.status().message().c_str());
        QVERIFY(!junctionTree({{0, 5}}, {2, 2}));  // attribute outside the domain
    }
    void subsetCliquesAreMerged() {
        auto t = junctionTree({{1}, {0, 1}, {1, 0}}, {2, 2});
        QVERIFY(t);
        QCOMPARE(t->cliques.size(), std::size_t(1));
        QCOMPARE(t->cliqueContaining({1}), std::size_t(0));
    }
    // Exact measurements (the true counts, any sigma): the loss reaches 0 only at the true clique
    // marginals, which a tree model can always express.
    void exactMeasurementsAreRecovered() {
        const DiscreteTable data = chainTable(600);
        const double n = 600.0;
        std::vector<NoisyMarginal> ms;
        for (std::vector<std::size_t> vars : {std::vector<std::size_t>{0}, {1}, {2}, {0, 1}, {1, 2}})
            ms.push_back({vars, countMarginal(data, vars).values, 1.0});
        auto tree = junctionTree({{0, 1}, {1, 2}}, data.sizes);
        QVERIFY(tree);
        EstimationOptions o;
        o.iterations = 3000;
        EstimationReport report;
        auto model = estimateModel(*tree, ms, n, o, {}, &report);
        QVERIFY2(model, model.status().message().c_str());
        QVERIFY2(report.finalLoss < 1e-6 * report.initialLoss,
                 qPrintable(QString("loss %1 -> %2").arg(report.initialLoss).arg(report.finalLoss)));
        for (std::vector<std::size_t> vars : {std::vector<std::size_t>{0, 1}, {1, 2}, {2}}) {
            auto est = model->marginal(vars);
            QVERIFY(est);
            const auto truth = countMarginal(data, vars).values;
            for (std::size_t k = 0; k < truth.size(); ++k)
                QVERIFY2(std::abs(est->values[k] - truth[k] / n) < 1e-4,
                         qPrintable(QString("cell %1: %2 vs %3").arg(k).arg(est->values[k]).arg(truth[k] / n)));
        }
        QVERIFY(!model->marginal({0, 2}));  // not in one clique
    }
    void badMeasurementsNameTheProblem() {
        auto tree = junctionTree({{0, 1}}, {2, 2});
        QVERIFY(tree);
        QVERIFY(!estimateModel(*tree, {{{0}, {1.0, 2.0}, 0.0}}, 3.0));       // sigma 0
        QVERIFY(!estimateModel(*tree, {{{0}, {1.0, 2.0, 3.0}, 1.0}}, 3.0));  // wrong length
        QVERIFY(!estimateModel(*tree, {{{0}, {1.0, 2.0}, 1.0}}, 0.0));       // total 0
    }
    // Sampling N rows from the model of the exact chain marginals: each 2-way marginal of the
    // sample is N i.i.d. draws from the model's, whose 2-way marginals are the data's on the tree
    // edges. E[TVD] <= 1/2 sqrt(m / N) (m = 9 cells at most) and McDiarmid adds t with failure
    // probability exp(-2 N t^2): N = 20000, t = 0.015 gives 1e-4 (docs/algorithms/synthetic_data.md).
    void samplesFollowTheModel() {
        const DiscreteTable data = chainTable(600);
        auto model = exactChainModel(data, 3000);
        QVERIFY(model);
        SeededRandom rng(5);
        const std::size_t rows = 20000;
        const DiscreteTable s = sampleModel(*model, data.names, rows, rng, false);
        QCOMPARE(s.rowCount(), rows);
        const double bound = 0.5 * std::sqrt(9.0 / static_cast<double>(rows)) + 0.015;
        for (std::vector<std::size_t> vars : {std::vector<std::size_t>{0, 1}, {1, 2}}) {
            const auto truth = countMarginal(data, vars).values;
            const auto got = countMarginal(s, vars).values;
            double tvd = 0.0;
            for (std::size_t k = 0; k < truth.size(); ++k)
                tvd += 0.5 * std::abs(truth[k] / 600.0 - got[k] / static_cast<double>(rows));
            QVERIFY2(tvd < bound, qPrintable(QString("TVD %1, bound %2").arg(tvd).arg(bound)));
        }
        // declaredOnly: the last code of every attribute is never drawn.
        const DiscreteTable declared = sampleModel(*model, data.names, 3000, rng, true);
        for (std::size_t j = 0; j < 3; ++j)
            for (auto code : declared.codes[j]) QVERIFY(static_cast<std::size_t>(code) + 1 < data.sizes[j]);
    }

    // Controlled rounding (Private-PGM's "round"): a root clique's sampled counts are its expected
    // counts rounded, so within 1 row per cell; a child clique's groups (rows sharing the separator)
    // are within the root's rounding (< 1 per root cell, 3 root cells per value of b), each cell
    // of a group within 1 more: under 1 + 3 = 4 rows. Independent draws would miss by about
    // sqrt(20000 x 1/9) = 47 rows per cell.
    void samplesRoundTheModelCounts() {
        const DiscreteTable data = chainTable(600);
        auto model = exactChainModel(data, EstimationOptions{}.iterations);
        QVERIFY(model);
        SeededRandom rng(9);
        const std::size_t rows = 20000;
        const DiscreteTable s = sampleModel(*model, data.names, rows, rng, false);
        for (std::size_t c = 0; c < model->tree.cliques.size(); ++c) {
            const Factor& m = model->marginals[c];
            double mass = 0.0;
            for (double v : m.values) mass += v;
            const auto got = countMarginal(s, m.vars).values;
            const double bound = model->tree.separator[c].empty() ? 1.0 : 4.0;
            for (std::size_t k = 0; k < got.size(); ++k) {
                const double expected = static_cast<double>(rows) * m.values[k] / mass;
                QVERIFY2(
                    std::abs(got[k] - expected) < bound,
                    qPrintable(
                        QString("clique %1 cell %2: %3 rows, expected %4").arg(c).arg(k).arg(got[k]).arg(expected)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestGraphicalModel)
#include "tst_graphical_model.moc"
