// MST (McKenna, Miklau, Sheldon, JPC 2021): the (epsilon, delta) -> rho conversion against the
// reference implementation's cdp_rho (run outside the build: mst_reference.py); the budget split
// by hand; at a huge epsilon the private tree is the maximum spanning tree derived by hand; the
// charge {epsilon, delta, rho} goes through the gate; the audit of one Gaussian measurement step.
#include "veil/dp/accountant.h"
#include "veil/dp/zcdp_gaussian.h"
#include "veil/synth/mst.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>

using namespace veil;
using namespace veil::synth;

namespace {

// Rows (a, b, c, d), as in mst_reference.py.
Table handTable() {
    const int rows[8][4] = {{0, 0, 1, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 1},
                            {1, 1, 0, 0}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 0, 1, 1}};
    std::vector<std::shared_ptr<const Column>> cols;
    for (int j = 0; j < 4; ++j) {
        Column::Builder b(std::string(1, static_cast<char>('a' + j)), ColumnType::Categorical, 8);
        for (const auto& r : rows) b.appendCategory(r[j] ? "1" : "0");
        cols.push_back(b.finish());
    }
    return Table(std::move(cols));
}

std::vector<AttributeDomain> binaryDomains(int d) {
    std::vector<AttributeDomain> out;
    for (int j = 0; j < d; ++j)
        out.push_back({std::string(1, static_cast<char>('a' + j)),
                       AttributeDomain::Kind::Categories,
                       0,
                       0,
                       0,
                       {"0", "1"},
                       "declared",
                       false});
    return out;
}

class RecordingSink final : public dp::ChargeSink {
public:
    std::vector<dp::Charge> charges;
    Result<std::int64_t> charge(const std::string&, const dp::Charge& c) override {
        charges.push_back(c);
        return static_cast<std::int64_t>(charges.size());
    }
    Status check(const std::string&, const dp::PrivacySpend&) override { return Status::ok(); }
};

}  // namespace

class TestMst : public QObject {
    Q_OBJECT

private slots:
    void rhoMatchesTheReference_data() {
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<double>("delta");
        QTest::addColumn<double>("rho");
        // python3 tests/core/synth/mst_reference.py private-pgm/mechanisms/cdp2adp.py
        QTest::newRow("eps 1, delta 1e-9") << 1.0 << 1e-9 << 0.0149730576736;
        QTest::newRow("eps 0.1, delta 1e-6") << 0.1 << 1e-6 << 0.000321047690346;
        QTest::newRow("eps 10, delta 1e-9") << 10.0 << 1e-9 << 1.0907857044;
        QTest::newRow("eps 1000, delta 1e-9") << 1000.0 << 1e-9 << 753.034261522;
    }
    void rhoMatchesTheReference() {
        QFETCH(double, epsilon);
        QFETCH(double, delta);
        QFETCH(double, rho);
        const double got = dp::cdpRho(epsilon, delta);
        QVERIFY2(std::abs(got - rho) < 1e-9 * rho, qPrintable(QString("%1 vs %2").arg(got, 0, 'g', 12).arg(rho)));
        // Never below the closed form of Bun & Steinke Prop. 1.3: (sqrt(eps + L) - sqrt(L))^2.
        const double l = std::log(1.0 / delta);
        const double closed = std::pow(std::sqrt(epsilon + l) - std::sqrt(l), 2.0);
        QVERIFY(got >= closed);
        // The accountant converts it back to epsilon at delta.
        QVERIFY(std::abs(dp::zcdpEpsilon(got, delta) - epsilon) < 1e-6 * epsilon);
    }
    void budgetSplitByHand() {
        MstOptions o;
        o.epsilon = 1.0;
        o.delta = 1e-9;
        const MstBudget b = mstBudget(o, 9);
        const double rho = 0.0149730576736;
        QVERIFY(std::abs(b.rho - rho) < 1e-9 * rho);
        QVERIFY(std::abs(b.rhoOneWay + b.rhoSelection + b.rhoTwoWay - b.rho) < 1e-15);
        // 9 one-way marginals, L2 sensitivity sqrt(2) each: sqrt(18) / sqrt(2 rho/3) = sqrt(27 / rho).
        QVERIFY(std::abs(b.sigmaOneWay - std::sqrt(27.0 / rho)) < 1e-6 * b.sigmaOneWay);
        // 8 edges: sqrt(16) / sqrt(2 rho/3) = sqrt(24 / rho); 8 choices: sqrt(8 (rho/3) / 8) = sqrt(rho/3).
        QVERIFY(std::abs(b.sigmaTwoWay - std::sqrt(24.0 / rho)) < 1e-6 * b.sigmaTwoWay);
        QVERIFY(std::abs(b.epsilonPerEdge - std::sqrt(rho / 3.0)) < 1e-9);
        // One column: all of rho on its marginal.
        const MstBudget one = mstBudget(o, 1);
        QCOMPARE(one.rhoOneWay, one.rho);
        QCOMPARE(one.rhoSelection, 0.0);
    }
    // Scores (mst_reference.py, and by hand: e.g. a has 4 ones, b 3; x_ab = [[4, 0], [1, 3]]
    // against n p_a p_b = [[2.5, 1.5], [2.5, 1.5]]: L1 = 6): ab 6, ac 4, ad 2, bc 2, bd 0.5, cd 6.
    // Maximum spanning tree: ab and cd (6 each), then the heaviest edge joining {a, b} and
    // {c, d} is ac (4): {ab, cd, ac}, weight 16, unique.
    void scoresByHand() {
        auto disc = discretize(handTable(), binaryDomains(4));
        QVERIFY(disc);
        // The exact 1-way model (no noise): marginals of the data. The "other" cells have count 0,
        // which the entropic model only approaches (potentials -> -infinity): tolerance 1e-2.
        std::vector<NoisyMarginal> ms;
        for (std::size_t a = 0; a < 4; ++a) ms.push_back({{a}, countMarginal(disc->table, {a}).values, 1.0});
        auto forest = junctionTree({{0}, {1}, {2}, {3}}, disc->table.sizes);
        QVERIFY(forest);
        EstimationOptions eo;
        eo.iterations = 2000;
        auto model = estimateModel(*forest, ms, 8.0, eo);
        QVERIFY(model);
        const double expected[] = {6, 4, 2, 2, 0.5, 6};
        const auto scores = mstEdgeScores(disc->table, *model);
        QCOMPARE(scores.size(), std::size_t(6));
        for (std::size_t i = 0; i < 6; ++i)
            QVERIFY2(std::abs(scores[i].second - expected[i]) < 1e-2,
                     qPrintable(QString("edge %1: %2 vs %3").arg(i).arg(scores[i].second).arg(expected[i])));
    }
    void hugeEpsilonPicksTheMaximumSpanningTree() {
        for (std::uint64_t seed : {1u, 2u, 3u}) {
            auto gate = dp::ReleaseGate::teaching(seed);
            MstOptions o;
            o.epsilon = 1000.0;
            auto rel = releaseMst(gate, handTable(), binaryDomains(4), o);
            QVERIFY2(rel, rel.status().message().c_str());
            std::vector<std::string> edges;
            for (const auto& e : rel->plan["tree"]) edges.push_back(e[0].get<std::string>() + e[1].get<std::string>());
            std::sort(edges.begin(), edges.end());
            QCOMPARE(edges, (std::vector<std::string>{"ab", "ac", "cd"}));
            QCOMPARE(rel->codes.rowCount(), std::size_t(8));
        }
    }
    void chargeGoesThroughTheGate() {
        RecordingSink sink;
        dp::ReleaseGate::Options go;
        go.ledger = &sink;
        go.seed = 4;
        dp::ReleaseGate gate(go);
        MstOptions o;
        o.epsilon = 1.0;
        o.iterations = 50;
        o.rows = 100;
        auto rel = releaseMst(gate, handTable(), binaryDomains(4), o);
        QVERIFY2(rel, rel.status().message().c_str());
        QCOMPARE(sink.charges.size(), std::size_t(1));
        const auto& c = sink.charges.front();
        QCOMPARE(c.mechanism, std::string("mst"));
        QCOMPARE(c.neighbouring, std::string("replace"));
        QCOMPARE(c.cost.epsilon, 1.0);
        QCOMPARE(c.cost.delta, kMstDefaultDelta);
        QVERIFY(std::abs(c.cost.rho - 0.0149730576736) < 1e-12);
        QCOMPARE(rel->plan["method"].get<std::string>(), std::string("mst"));
        QCOMPARE(rel->plan["tree"].size(), std::size_t(3));
        QCOMPARE(rel->codes.rowCount(), std::size_t(100));
        // Refused by the budget: nothing is charged, nothing computed.
        dp::ReleaseGate::Options tight;
        tight.budget = dp::PrivacySpend{0.5, 1e-6, 0.0};
        dp::ReleaseGate small(tight);
        QVERIFY(!releaseMst(small, handTable(), binaryDomains(4), o));
        QCOMPARE(small.receipts().size(), std::size_t(0));
    }
    void badOptionsNameTheField_data() {
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<double>("delta");
        QTest::addColumn<int>("iterations");
        QTest::addColumn<QString>("field");
        QTest::newRow("epsilon 0") << 0.0 << 1e-9 << 10 << "epsilon";
        QTest::newRow("epsilon NaN") << std::nan("") << 1e-9 << 10 << "epsilon";
        QTest::newRow("delta 0") << 1.0 << 0.0 << 10 << "delta";
        QTest::newRow("delta 1") << 1.0 << 1.0 << 10 << "delta";
        QTest::newRow("iterations 0") << 1.0 << 1e-9 << 0 << "iterations";
    }
    void badOptionsNameTheField() {
        QFETCH(double, epsilon);
        QFETCH(double, delta);
        QFETCH(int, iterations);
        QFETCH(QString, field);
        MstOptions o;
        o.epsilon = epsilon;
        o.delta = delta;
        o.iterations = static_cast<std::size_t>(iterations);
        RecordingSink sink;
        dp::ReleaseGate::Options go;
        go.ledger = &sink;
        dp::ReleaseGate gate(go);
        auto rel = releaseMst(gate, handTable(), binaryDomains(4), o);
        QVERIFY(!rel);
        QVERIFY2(QString::fromStdString(rel.status().message()).contains(field), rel.status().message().c_str());
        QVERIFY(sink.charges.empty());
    }
    // Statistical audit of one measurement step (MST's 1-way share on 9 columns at epsilon 1):
    // N = 20000 releases of 0. The sample mean has sd sigma / sqrt(N) and the sample variance
    // s^2 has sd sigma^2 sqrt(2 / (N - 1)); 5 sd each (two-sided failure < 1.2e-6 per check).
    void gaussianMeasurementAudit() {
        MstOptions o;
        o.epsilon = 1.0;
        const MstBudget b = mstBudget(o, 9);
        auto g = dp::ZcdpGaussianMechanism::create(b.rhoOneWay, std::sqrt(18.0), dp::Neighbouring::Replace);
        QVERIFY(g);
        QVERIFY(std::abs(g->sigma() - b.sigmaOneWay) < 1e-6 * b.sigmaOneWay);
        SeededRandom rng(2024);
        const int n = 20000;
        double sum = 0.0, sq = 0.0;
        for (int i = 0; i < n; ++i) {
            auto v = g->release(rng, 0.0);
            QVERIFY(v);
            sum += *v;
            sq += *v * *v;
        }
        const double mean = sum / n, var = (sq - n * mean * mean) / (n - 1);
        const double s = g->sigma();
        QVERIFY2(std::abs(mean) < 5.0 * s / std::sqrt(double(n)), qPrintable(QString::number(mean)));
        QVERIFY2(std::abs(var / (s * s) - 1.0) < 5.0 * std::sqrt(2.0 / (n - 1)),
                 qPrintable(QString("%1 vs %2").arg(var).arg(s * s)));
    }
    // 2000 rows (the hand table repeated): at epsilon 1000 the synthetic 2-way marginals of the
    // tree edges are the data's within the sampling error of 20000 rows, 1/2 sqrt(m / N) + t with
    // m = 9 cells, t = 0.015 (McDiarmid, failure 1e-4; see tst_graphical_model).
    void hugeEpsilonSynthesisIsClose() {
        std::vector<std::shared_ptr<const Column>> cols;
        const Table base = handTable();
        for (std::size_t j = 0; j < 4; ++j) {
            Column::Builder b(base.column(j).name(), ColumnType::Categorical, 2000);
            for (std::size_t r = 0; r < 2000; ++r) b.appendCategory(base.column(j).toString(r % 8));
            cols.push_back(b.finish());
        }
        const Table big(std::move(cols));
        auto gate = dp::ReleaseGate::teaching(9);
        MstOptions o;
        o.epsilon = 1000.0;
        o.rows = 20000;
        auto rel = releaseMst(gate, big, binaryDomains(4), o);
        QVERIFY2(rel, rel.status().message().c_str());
        auto real = discretize(big, binaryDomains(4));
        QVERIFY(real);
        // The tree is {ab, ac, cd} (as above).
        for (std::vector<std::size_t> vars : {std::vector<std::size_t>{0, 1}, {0, 2}, {2, 3}}) {
            const auto truth = countMarginal(real->table, vars).values;
            const auto got = countMarginal(rel->codes, vars).values;
            double tvd = 0.0;
            for (std::size_t k = 0; k < truth.size(); ++k) tvd += 0.5 * std::abs(truth[k] / 2000.0 - got[k] / 20000.0);
            QVERIFY2(tvd < 0.5 * std::sqrt(9.0 / 20000.0) + 0.015, qPrintable(QString::number(tvd)));
        }
    }
};

QTEST_GUILESS_MAIN(TestMst)
#include "tst_mst.moc"
