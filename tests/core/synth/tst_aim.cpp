// AIM (McKenna, Mullins, Sheldon, Miklau, VLDB 2022): the budget schedule by hand (two small
// cases) and its invariant (the rounds never spend more than rho, whatever the annealing); the
// workload candidates and weights by hand; the choice at a huge epsilon is the worst-approximated
// candidate; the charge {epsilon, delta, rho} goes through the gate; at a huge epsilon the
// synthetic 2-way marginals are the data's within the sampling error.
#include "synth/detail/aim_selection.h"
#include "veil/dp/zcdp_gaussian.h"
#include "veil/synth/aim.h"

#include <QtTest/QtTest>

#include <cmath>
#include <numbers>

using namespace veil;
using namespace veil::synth;

namespace {

// Rows (a, b, c, d): a = b most of the time, c = d most of the time (as tst_mst's hand table).
Table handTable(std::size_t repeat = 1) {
    const int rows[8][4] = {{0, 0, 1, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 1},
                            {1, 1, 0, 0}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 0, 1, 1}};
    std::vector<std::shared_ptr<const Column>> cols;
    for (int j = 0; j < 4; ++j) {
        Column::Builder b(std::string(1, static_cast<char>('a' + j)), ColumnType::Categorical, 8 * repeat);
        for (std::size_t k = 0; k < repeat; ++k)
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

bool near(double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b)); }

}  // namespace

class TestAim : public QObject {
    Q_OBJECT

private slots:
    // rho 1, d 2, T 4: sigma^2 = 4 / 0.9, so a marginal costs 1 / sigma^2 = 0.225 and a choice
    // eps^2 / 8 = (0.8 / 4) / 8 = 0.025: a round 0.25. The 1-way marginals 0.45; round 1 leaves
    // 0.55 >= 2 x 0.25 and spends 0.25; round 2 finds 0.3 < 0.5 and takes it all: sigma^2 =
    // 1 / (0.9 x 0.3), eps^2 = 0.8 x 0.3.
    void scheduleByHand() {
        AimAccountant a(1.0, 2, 4);
        QVERIFY(near(a.initialSigma(), std::sqrt(4.0 / 0.9)));
        QVERIFY(near(a.used(), 0.45));
        AimRound r1 = a.next();
        QVERIFY(!r1.last);
        QVERIFY(near(r1.rho, 0.25));
        QVERIFY(near(r1.epsilon, std::sqrt(0.2)));
        QVERIFY(near(a.used(), 0.7));
        AimRound r2 = a.next();
        QVERIFY(r2.last);
        QVERIFY(near(r2.sigma, std::sqrt(1.0 / 0.27)));
        QVERIFY(near(r2.epsilon, std::sqrt(0.24)));
        QVERIFY(near(a.used(), 1.0));
        // rho 1, d 1, T 8: rounds of 0.1125 + 0.0125 = 0.125 after 0.1125; the remainders before
        // rounds 1..7 are 0.8875, 0.7625, 0.6375, 0.5125, 0.3875, 0.2625 (all >= 0.25) and 0.1375
        // (< 0.25): seven rounds, the last taking 0.1375.
        AimAccountant b(1.0, 1, 8);
        for (int i = 0; i < 6; ++i) {
            const AimRound r = b.next();
            QVERIFY(!r.last);
            QVERIFY(near(r.rho, 0.125));
        }
        const AimRound last = b.next();
        QVERIFY(last.last);
        QVERIFY(near(last.rho, 0.1375));
        QVERIFY(near(b.used(), 1.0));
        // Annealing: sigma halves and epsilon doubles, so a round costs four times as much. rho 1,
        // d 1, T 100: rounds of 0.009 + 0.001 = 0.01, annealed 0.04 (0.991 left: not the last).
        AimAccountant c(1.0, 1, 100);
        c.anneal();
        const AimRound r = c.next();
        QVERIFY(!r.last);
        QVERIFY(near(r.rho, 0.04));
        QVERIFY(near(r.sigma, std::sqrt(100.0 / 0.9) / 2.0));
        // In the d 1, T 8 case an annealed round (0.5) finds 0.8875 < 2 x 0.5: the last, all of it.
        AimAccountant e(1.0, 1, 8);
        e.anneal();
        const AimRound all = e.next();
        QVERIFY(all.last);
        QVERIFY(near(all.rho, 0.8875));
    }
    // Whatever the pattern of annealing, the sum of the rounds' rho plus the 1-way marginals never
    // exceeds rho and the last round ends exactly on it (up to rounding).
    void budgetIsNeverExceeded() {
        for (double rho : {0.0149730576736, 1.0, 753.0})
            for (std::size_t d : {std::size_t(1), std::size_t(2), std::size_t(9), std::size_t(30)})
                for (std::size_t t : {std::size_t(1), std::size_t(5), 16 * d, std::size_t(400)})
                    for (unsigned pattern : {0u, 1u, 5u, 0xffffu}) {
                        AimAccountant a(rho, d, t);
                        double spent = static_cast<double>(d) / (a.initialSigma() * a.initialSigma());
                        QVERIFY(spent < rho);
                        bool last = false;
                        for (unsigned round = 0; !last; ++round) {
                            QVERIFY(round < 100000);
                            const AimRound r = a.next();
                            last = r.last;
                            QVERIFY(r.rho > 0.0);
                            QVERIFY(near(r.rho, r.epsilon * r.epsilon / 8.0 + 1.0 / (r.sigma * r.sigma)));
                            spent += r.rho;
                            QVERIFY2(spent <= rho * (1.0 + 1e-12), qPrintable(QString("%1 > %2").arg(spent).arg(rho)));
                            if ((pattern >> (round % 16)) & 1u) a.anneal();
                        }
                        QVERIFY(near(spent, rho));
                        QVERIFY(near(a.used(), rho));
                    }
    }
    // d 3, degree 2: workload {01, 02, 12}; a column meets two workload pairs once (weight 2), a
    // pair itself (2) and the two others once each (4). d 4, degree 3: a column is in 3 of the 4
    // triples (3); a pair: 2 + 2 + 1 + 1 = 6; a triple: 3 + 2 + 2 + 2 = 9.
    void candidatesByHand() {
        const auto c3 = aimCandidates(3, 2);
        QCOMPARE(c3.size(), std::size_t(6));
        QCOMPARE(c3[0].vars, (std::vector<std::size_t>{0}));
        QCOMPARE(c3[3].vars, (std::vector<std::size_t>{0, 1}));
        QCOMPARE(c3[5].vars, (std::vector<std::size_t>{1, 2}));
        for (std::size_t i = 0; i < 6; ++i) QCOMPARE(c3[i].weight, i < 3 ? 2.0 : 4.0);
        const auto c4 = aimCandidates(4, 3);
        QCOMPARE(c4.size(), std::size_t(4 + 6 + 4));
        for (const auto& c : c4) QCOMPARE(c.weight, c.vars.size() == 1 ? 3.0 : c.vars.size() == 2 ? 6.0 : 9.0);
        QCOMPARE(c4.back().vars, (std::vector<std::size_t>{1, 2, 3}));
        // One column: the workload is that column.
        const auto c1 = aimCandidates(1, 2);
        QCOMPARE(c1.size(), std::size_t(1));
        QCOMPARE(c1[0].weight, 1.0);
    }
    // Uniform model over 2 binary columns, 8 rows, true counts a: (6, 2), b: (4, 4), ab: (3, 3, 1,
    // 1); scores by hand: weight x (L1 - sqrt(2 / pi) sigma cells) with sigma 0.5. Model counts
    // are 4 per 1-way cell and 2 per 2-way cell. a: L1 4, bias 0.7979 -> 1 x 3.2021; b: L1 0 ->
    // -0.7979; ab: L1 |3-2| + |3-2| + |1-2| + |1-2| = 4, bias 1.5958 -> 2 x 2.4042 = 4.8084. At
    // epsilon 1000 (sensitivity 2 x weight 2 = 4) the exponential mechanism picks ab: its weight
    // over a's is exp(1000 x 1.606 / (2 x 4)) = e^200.
    void scoresByHand() {
        const std::vector<AimCandidate> cands{{{0}, 1.0}, {{1}, 1.0}, {{0, 1}, 2.0}};
        const std::vector<std::vector<double>> answers{{6, 2}, {4, 4}, {3, 3, 1, 1}};
        auto tree = junctionTree({{0}, {1}}, {2, 2});
        QVERIFY(tree);
        const GraphicalModel model = uniformModel(*tree, 8.0);
        auto scored = detail::scoreCandidates(cands, answers, model, 1e9, 0.5);
        QVERIFY2(scored, scored.status().message().c_str());
        QCOMPARE(scored->size(), std::size_t(3));
        const double bias = std::sqrt(2.0 / std::numbers::pi) * 0.5;
        QVERIFY(near((*scored)[0].quality, 4.0 - 2.0 * bias));
        QVERIFY(near((*scored)[1].quality, -2.0 * bias));
        QVERIFY(near((*scored)[2].quality, 2.0 * (4.0 - 4.0 * bias)));
        QCOMPARE((*scored)[2].estimate, (std::vector<double>{2, 2, 2, 2}));
        SeededRandom rng(3);
        auto pick = detail::chooseCandidate(cands, *scored, 1000.0, rng);
        QVERIFY(pick);
        QCOMPARE(*pick, std::size_t(2));
        // A size limit of 3 cells: the pair would make a 4-cell model and is left out; the 1-way
        // candidates are inside the model and always kept.
        auto small = detail::scoreCandidates(cands, answers, model, 3.0, 0.5);
        QVERIFY(small);
        QCOMPARE(small->size(), std::size_t(2));
    }
    void chargeGoesThroughTheGate() {
        RecordingSink sink;
        dp::ReleaseGate::Options go;
        go.ledger = &sink;
        go.seed = 4;
        dp::ReleaseGate gate(go);
        AimOptions o;
        o.epsilon = 1.0;
        o.iterations = 50;
        o.roundIterations = 20;
        o.rows = 100;
        auto rel = releaseAim(gate, handTable(), binaryDomains(4), o);
        QVERIFY2(rel, rel.status().message().c_str());
        QCOMPARE(sink.charges.size(), std::size_t(1));
        const auto& c = sink.charges.front();
        QCOMPARE(c.mechanism, std::string("aim"));
        QCOMPARE(c.neighbouring, std::string("replace"));
        QCOMPARE(c.cost.epsilon, 1.0);
        QCOMPARE(c.cost.delta, kAimDefaultDelta);
        QVERIFY(std::abs(c.cost.rho - 0.0149730576736) < 1e-12);  // tst_mst's reference figure
        QCOMPARE(rel->plan["method"].get<std::string>(), std::string("aim"));
        QVERIFY(rel->plan["rho_used"].get<double>() <= c.cost.rho * (1.0 + 1e-12));
        QVERIFY(rel->plan["rho_used"].get<double>() >= c.cost.rho * (1.0 - 1e-12));
        QCOMPARE(rel->plan["measured"].size(), std::size_t(4) + rel->plan["rounds_run"].get<std::size_t>());
        QCOMPARE(rel->codes.rowCount(), std::size_t(100));
        dp::ReleaseGate::Options tight;
        tight.budget = dp::PrivacySpend{0.5, 1e-6, 0.0};
        dp::ReleaseGate small(tight);
        QVERIFY(!releaseAim(small, handTable(), binaryDomains(4), o));
        QCOMPARE(small.receipts().size(), std::size_t(0));
    }
    void badOptionsNameTheField_data() {
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<double>("delta");
        QTest::addColumn<int>("degree");
        QTest::addColumn<QString>("field");
        QTest::newRow("epsilon 0") << 0.0 << 1e-9 << 2 << "epsilon";
        QTest::newRow("delta 0") << 1.0 << 0.0 << 2 << "delta";
        QTest::newRow("degree 4") << 1.0 << 1e-9 << 4 << "degree";
    }
    void badOptionsNameTheField() {
        QFETCH(double, epsilon);
        QFETCH(double, delta);
        QFETCH(int, degree);
        QFETCH(QString, field);
        AimOptions o;
        o.epsilon = epsilon;
        o.delta = delta;
        o.degree = static_cast<std::size_t>(degree);
        RecordingSink sink;
        dp::ReleaseGate::Options go;
        go.ledger = &sink;
        dp::ReleaseGate gate(go);
        auto rel = releaseAim(gate, handTable(), binaryDomains(4), o);
        QVERIFY(!rel);
        QVERIFY2(QString::fromStdString(rel.status().message()).contains(field), rel.status().message().c_str());
        QVERIFY(sink.charges.empty());
    }
    // 2000 rows (the hand table repeated): at epsilon 1000 every 2-way marginal of the synthetic
    // rows is the data's within the sampling error of 20000 rows, 1/2 sqrt(m / N) + t with m = 4
    // cells and t = 0.015 (McDiarmid, failure 1e-4 per pair; docs/algorithms/synthetic_data.md),
    // plus 0.01 for the estimate (sigma is about 0.3 counts per cell of 2000 rows).
    void hugeEpsilonSynthesisIsClose() {
        const Table big = handTable(250);
        auto gate = dp::ReleaseGate::teaching(9);
        AimOptions o;
        o.epsilon = 1000.0;
        o.rows = 20000;
        auto rel = releaseAim(gate, big, binaryDomains(4), o);
        QVERIFY2(rel, rel.status().message().c_str());
        auto real = discretize(big, binaryDomains(4));
        QVERIFY(real);
        for (std::size_t a = 0; a < 4; ++a)
            for (std::size_t b = a + 1; b < 4; ++b) {
                const auto truth = countMarginal(real->table, {a, b}).values;
                const auto got = countMarginal(rel->codes, {a, b}).values;
                double tvd = 0.0;
                for (std::size_t k = 0; k < truth.size(); ++k)
                    tvd += 0.5 * std::abs(truth[k] / 2000.0 - got[k] / 20000.0);
                QVERIFY2(tvd < 0.5 * std::sqrt(4.0 / 20000.0) + 0.015 + 0.01,
                         qPrintable(QString("%1%2: %3").arg(a).arg(b).arg(tvd)));
            }
    }
};

QTEST_GUILESS_MAIN(TestAim)
#include "tst_aim.moc"
