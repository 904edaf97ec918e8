// Private-PGM on general clique sets (McKenna, Sheldon, Miklau, ICML 2019): the min-fill
// triangulation of a 4-cycle derived by hand; a 4-cycle of exact 2-way measurements (not a tree,
// not chordal) is recovered by the estimator over the triangulated tree; marginals of attribute
// sets no clique holds equal brute-force enumeration; a warm start keeps the distribution.
#include "veil/synth/graphical_model.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace veil;
using namespace veil::synth;

namespace {

using Cliques = std::vector<std::vector<std::size_t>>;

// Deterministic potentials in [-1.5, 1.5].
void fillPotentials(GraphicalModel& m) {
    std::size_t k = 0;
    for (auto& f : m.potentials)
        for (auto& v : f.values) v = std::sin(0.9 * static_cast<double>(++k) + 0.2) * 1.5;
}

// Brute force over every joint configuration: p(x) proportional to exp(sum theta_C(x_C)), summed
// onto `vars`.
std::vector<double> bruteMarginal(const GraphicalModel& m, const std::vector<std::size_t>& vars) {
    const auto& sizes = m.tree.sizes;
    std::size_t total = 1, out = 1;
    for (auto s : sizes) total *= s;
    for (auto v : vars) out *= sizes[v];
    std::vector<std::size_t> x(sizes.size(), 0);
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

// n rows over a 4-cycle a - b - c - d - a: each attribute copies its predecessor on the cycle
// most of the time, so every pair of neighbours is dependent and no tree expresses the joint.
DiscreteTable cycleTable(std::size_t n) {
    DiscreteTable t;
    t.names = {"a", "b", "c", "d"};
    t.sizes = {2, 3, 2, 3};
    t.codes.assign(4, {});
    for (std::size_t r = 0; r < n; ++r) {
        const auto a = static_cast<std::int32_t>(r % 2);
        const auto b = static_cast<std::int32_t>((a + (r % 3 == 0 ? 1 : 0) + (r % 7 == 0 ? 1 : 0)) % 3);
        const auto c = static_cast<std::int32_t>((b == 0) != (r % 5 == 0) ? 1 : 0);
        const auto d = static_cast<std::int32_t>((c + a + (r % 4 == 0 ? 2 : 0)) % 3);
        for (auto [j, v] : {std::pair<int, std::int32_t>{0, a}, {1, b}, {2, c}, {3, d}})
            t.codes[static_cast<std::size_t>(j)].push_back(v);
    }
    return t;
}

}  // namespace

class TestPgmTriangulation : public QObject {
    Q_OBJECT

private slots:
    // Equal sizes: every vertex of the cycle has fill 1 and 8 cells; ties to the lowest index, so
    // 0 goes first ({0, 1, 3}, fill edge 1-3), then the triangle 1-2-3 has no fill: {1, 2, 3}.
    void fourCycleByHand() {
        const Cliques cycle{{0, 1}, {1, 2}, {2, 3}, {0, 3}};
        QCOMPARE(triangulate(cycle, {2, 2, 2, 2}), (Cliques{{0, 1, 3}, {1, 2, 3}}));
        // Sizes 2, 3, 4, 5: fill 1 everywhere; eliminated cells 0: 2*3*5 = 30, 1: 3*2*4 = 24,
        // 2: 4*3*5 = 60, 3: 5*4*2 = 40, so 1 goes first ({0, 1, 2}, fill 0-2); then 0, 2, 3 form a
        // triangle with 40 cells each: 0 ({0, 2, 3}).
        QCOMPARE(triangulate(cycle, {2, 3, 4, 5}), (Cliques{{0, 1, 2}, {0, 2, 3}}));
        // Chordal input comes back as its maximal cliques; an isolated attribute is a singleton,
        // eliminated first (no fill, 2 cells), then 0 ({0, 1}: 4 cells, before 2's {1, 2} by index).
        QCOMPARE(triangulate({{0, 1}, {1, 2}}, {2, 2, 2, 2}), (Cliques{{3}, {0, 1}, {1, 2}}));
        QVERIFY(!junctionTree(cycle, {2, 2, 2, 2}));
        auto tree = triangulatedTree(cycle, {2, 2, 2, 2});
        QVERIFY2(tree, tree.status().message().c_str());
        QCOMPARE(tree->cliques.size(), std::size_t(2));
        QCOMPARE(treeCells(*tree), 16.0);
        QVERIFY(!triangulatedTree({{0, 4}}, {2, 2, 2, 2}));  // attribute outside the domain
    }
    // A 5-cycle plus a chord and a pendant: whatever the triangulation, the junction tree exists
    // and belief propagation matches brute force on it.
    void triangulatedTreeSupportsBeliefPropagation() {
        const std::vector<std::size_t> sizes{2, 3, 2, 2, 3, 2};
        auto tree = triangulatedTree({{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 4}, {1, 3}, {4, 5}}, sizes);
        QVERIFY2(tree, tree.status().message().c_str());
        GraphicalModel m = uniformModel(*tree, 1.0);
        fillPotentials(m);
        calibrate(m);
        for (std::size_t c = 0; c < m.tree.cliques.size(); ++c) {
            const auto brute = bruteMarginal(m, m.tree.cliques[c]);
            for (std::size_t k = 0; k < brute.size(); ++k)
                QVERIFY(std::abs(m.marginals[c].values[k] - brute[k]) < 1e-12);
        }
    }
    // Marginals over pairs that no clique of a chain holds, against brute force; the warm start
    // (potentials carried onto a wider tree) leaves every marginal unchanged.
    void projectionOutsideTheCliques() {
        const std::vector<std::size_t> sizes{2, 3, 2, 3};
        auto tree = junctionTree({{0, 1}, {1, 2}, {2, 3}}, sizes);
        QVERIFY(tree);
        GraphicalModel m = uniformModel(*tree, 1.0);
        fillPotentials(m);
        calibrate(m);
        for (std::vector<std::size_t> vars : {std::vector<std::size_t>{0, 3}, {0, 2}, {1, 3}, {0, 1, 3}}) {
            auto p = projectModel(m, vars);
            QVERIFY2(p, p.status().message().c_str());
            const auto brute = bruteMarginal(m, vars);
            QCOMPARE(p->values.size(), brute.size());
            for (std::size_t k = 0; k < brute.size(); ++k) QVERIFY(std::abs(p->values[k] - brute[k]) < 1e-12);
        }
        auto wider = triangulatedTree({{0, 1}, {1, 2}, {2, 3}, {0, 3}}, sizes);
        QVERIFY(wider);
        auto carried = expandPotentials(m, *wider);
        QVERIFY(carried);
        GraphicalModel w;
        w.tree = *wider;
        w.potentials = *carried;
        calibrate(w);
        auto p = w.marginal({0, 3});
        QVERIFY(p);
        const auto brute = bruteMarginal(m, {0, 3});
        for (std::size_t k = 0; k < brute.size(); ++k) QVERIFY(std::abs(p->values[k] - brute[k]) < 1e-12);
        // The other way round: a 3-clique fits in no clique of the chain.
        QVERIFY(!expandPotentials(w, *tree));
    }
    // Zero noise on a non-tree clique set: the exact 2-way counts of the 4-cycle (sigma 1, no
    // noise added) are consistent, so the minimum of the loss is 0 and the fitted model's cycle
    // marginals are the data's; a warm-started re-estimate stays there.
    void exactCycleMeasurementsAreRecovered() {
        const DiscreteTable data = cycleTable(840);
        const double n = 840.0;
        const Cliques cycle{{0, 1}, {1, 2}, {2, 3}, {0, 3}};
        std::vector<NoisyMarginal> ms;
        for (const auto& vars : cycle) ms.push_back({vars, countMarginal(data, vars).values, 1.0});
        auto tree = triangulatedTree(cycle, data.sizes);
        QVERIFY2(tree, tree.status().message().c_str());
        EstimationOptions o;
        o.iterations = 5000;
        EstimationReport report;
        auto model = estimateModel(*tree, ms, n, o, {}, &report);
        QVERIFY2(model, model.status().message().c_str());
        QVERIFY2(report.finalLoss < 1e-6 * report.initialLoss,
                 qPrintable(QString("loss %1 -> %2").arg(report.initialLoss).arg(report.finalLoss)));
        for (const auto& vars : cycle) {
            auto est = model->marginal(vars);
            QVERIFY(est);
            const auto truth = countMarginal(data, vars).values;
            for (std::size_t k = 0; k < truth.size(); ++k)
                QVERIFY2(std::abs(est->values[k] - truth[k] / n) < 1e-4,
                         qPrintable(QString("cell %1: %2 vs %3").arg(k).arg(est->values[k]).arg(truth[k] / n)));
        }
        o.iterations = 10;
        o.start = &*model;
        EstimationReport again;
        auto warm = estimateModel(*tree, ms, n, o, {}, &again);
        QVERIFY(warm);
        QVERIFY2(again.initialLoss <= report.finalLoss * (1.0 + 1e-9) + 1e-12,
                 qPrintable(QString("%1 vs %2").arg(again.initialLoss).arg(report.finalLoss)));
    }
};

QTEST_GUILESS_MAIN(TestPgmTriangulation)
#include "tst_pgm_triangulation.moc"
