// AHP (Zhang et al., SDM 2014), EFPA and P-HPartition (Acs, Castelluccia, Chen, ICDM 2012): the
// FFT against a naive DFT, each data-dependent step on hand-made inputs (values derived by hand in
// the comments), exactness at a huge epsilon, and the law of each data-dependent step on
// neighbouring inputs (closed forms derived by hand, checked with seeded draws, their ratio within
// e^eps of the step). docs/algorithms/ahp.md, efpa.md, php.md.
#include "dp/detail/ahp_clustering.h"
#include "dp/detail/efpa.h"
#include "dp/detail/fourier.h"
#include "dp/detail/php_partition.h"

#include "veil/common/random.h"
#include "veil/dp/histogram_release.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>

using namespace veil;
using namespace veil::dp;
using namespace veil::dp::detail;

namespace {

Result<HistogramResult> release(const std::vector<double>& counts, const std::string& strategy, double eps,
                                std::uint64_t seed, nlohmann::json options = nlohmann::json::object()) {
    auto gate = ReleaseGate::teaching(seed);
    HistogramRequest request;
    request.strategy = strategy;
    request.epsilon = eps;
    request.options = std::move(options);
    return releaseHistogram(gate, counts, request, RunContext{});
}

void expectClose(const std::vector<double>& got, const std::vector<double>& want, double tol) {
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        QVERIFY2(std::abs(got[i] - want[i]) < tol,
                 qPrintable(QStringLiteral("bin %1: %2 vs %3").arg(i).arg(got[i]).arg(want[i])));
}

// Seeded frequency within 5 binomial standard errors of p.
void expectFrequency(int hits, int draws, double p, const char* what) {
    const double freq = double(hits) / draws, se = std::sqrt(p * (1 - p) / draws);
    QVERIFY2(std::abs(freq - p) < 5 * se, qPrintable(QStringLiteral("%1: %2, expected %3").arg(what).arg(freq).arg(p)));
}

// P(D > t) for D the difference of two independent Laplace(1): e^-t (2 + t) / 4 for t >= 0
// (integrating the density (1 + |s|) e^-|s| / 4); symmetric.
double differenceAbove(double t) { return t >= 0 ? std::exp(-t) * (2 + t) / 4 : 1.0 - differenceAbove(-t); }

QString groupsText(const std::vector<std::vector<std::size_t>>& groups) {
    QStringList parts;
    for (const auto& g : groups) {
        std::vector<std::size_t> sorted = g;
        std::sort(sorted.begin(), sorted.end());
        QStringList ids;
        for (std::size_t i : sorted) ids << QString::number(i);
        parts << ids.join(',');
    }
    return parts.join(' ');
}

QString bucketsText(const std::vector<PhpBucket>& b) {
    QStringList parts;
    for (const auto& x : b) parts << QStringLiteral("%1-%2").arg(x.lo).arg(x.hi - 1);
    return parts.join(' ');
}

}  // namespace

class TestDpbenchHistograms : public QObject {
    Q_OBJECT
private slots:
    // The FFT (radix-2 and Bluestein) against the O(n^2) definition, forward and inverse.
    void fftMatchesNaiveDft() {
        SeededRandom rng(3);
        for (std::size_t n : {1, 2, 3, 5, 8, 12, 17, 64, 100, 127, 256}) {
            std::vector<std::complex<double>> x(n);
            for (auto& v : x) v = {rng.uniform01() * 10 - 5, rng.uniform01() * 10 - 5};
            for (bool inverse : {false, true}) {
                const auto fast = discreteFourier(x, inverse);
                const double sign = inverse ? 1.0 : -1.0;
                for (std::size_t k = 0; k < n; ++k) {
                    std::complex<double> s(0, 0);
                    for (std::size_t t = 0; t < n; ++t)
                        s += x[t] * std::polar(1.0, sign * 2 * std::numbers::pi * double((k * t) % n) / double(n));
                    QVERIFY2(
                        std::abs(fast[k] - s) < 1e-9 * double(n),
                        qPrintable(QStringLiteral("n %1 k %2: |diff| %3").arg(n).arg(k).arg(std::abs(fast[k] - s))));
                }
            }
        }
    }

    // x = (4, 0, 0, 0): X = (4, 4, 4, 4), F = X / 2, so y = (2, sqrt(2) * 2, 0, 2): energy 16 kept;
    // the inverse gives x back, for odd and even n.
    void realCoordinates() {
        expectClose(realFourierCoordinates({4, 0, 0, 0}), {2, 2 * std::sqrt(2.0), 0, 2}, 1e-12);
        for (const std::vector<double>& x : {std::vector<double>{4, 0, 0, 0}, std::vector<double>{1, 7, 2, 9, 3},
                                             std::vector<double>{5}, std::vector<double>{3, 8}}) {
            const auto y = realFourierCoordinates(x);
            double ex = 0, ey = 0;
            for (double v : x) ex += v * v;
            for (double v : y) ey += v * v;
            QVERIFY(std::abs(ex - ey) < 1e-9);
            expectClose(fromRealFourierCoordinates(y), x, 1e-9);
        }
    }

    // x = (4, 0, 0, 0), eps2 = 1, candidates K = 1, 3, 4 (lambda_K = K / 2): dropped energies
    // 12, 4, 0; scores -(sqrt 12 + sqrt 2 / 2), -(2 + sqrt 6 * 3 / 2), -(sqrt 8 * 4 / 2).
    void efpaScoresByHand() {
        const auto c = efpaCandidates(realFourierCoordinates({4, 0, 0, 0}), 1.0);
        QCOMPARE(c.kept, (std::vector<std::size_t>{1, 3, 4}));
        expectClose(c.score,
                    {-(std::sqrt(12.0) + std::sqrt(2.0) / 2), -(2 + std::sqrt(6.0) * 1.5), -std::sqrt(8.0) * 2}, 1e-9);
        QCOMPARE(efpaCandidates(realFourierCoordinates({1, 2, 3, 4, 5}), 1.0).kept,
                 (std::vector<std::size_t>{1, 3, 5}));
    }

    // The choice of K on neighbours x = (4, 0, 0, 0) and (5, 0, 0, 0) (energies x 25/16: dropped
    // 18.75, 6.25, 0), eps = 2, ratio 0.5: eps1 = eps2 = 1, weights exp(score / 2). Each score
    // moves by <= 1 (0.866, 0.5, 0), so every probability ratio is <= e^eps1. 20,000 seeded
    // releases per side, 5 binomial standard errors.
    void efpaChoiceLawOnNeighbours() {
        const double s4[] = {-(std::sqrt(12.0) + std::sqrt(2.0) / 2), -(2 + std::sqrt(6.0) * 1.5), -std::sqrt(8.0) * 2};
        const double s5[] = {-(std::sqrt(18.75) + std::sqrt(2.0) / 2), -(2.5 + std::sqrt(6.0) * 1.5),
                             -std::sqrt(8.0) * 2};
        double p4[3], p5[3], z4 = 0, z5 = 0;
        for (int i = 0; i < 3; ++i) z4 += std::exp(s4[i] / 2), z5 += std::exp(s5[i] / 2);
        // The derivation's privacy claim: each p4[i] / p5[i] is within [1/e, e]; the draws below check
        // that the mechanism produces these probabilities on both neighbours.
        for (int i = 0; i < 3; ++i) {
            p4[i] = std::exp(s4[i] / 2) / z4;
            p5[i] = std::exp(s5[i] / 2) / z5;
        }
        const int draws = 20000;
        for (int side = 0; side < 2; ++side) {
            int hits[3] = {0, 0, 0};
            for (int t = 0; t < draws; ++t) {
                auto r = release({side == 0 ? 4.0 : 5.0, 0, 0, 0}, "efpa", 2.0, 7000 + std::uint64_t(t));
                QVERIFY2(r, r.status().message().c_str());
                const int k = std::stoi(r->description);
                ++hits[k == 1 ? 0 : k == 3 ? 1 : 2];
            }
            for (int i = 0; i < 3; ++i) expectFrequency(hits[i], draws, side == 0 ? p4[i] : p5[i], "P(K)");
        }
    }

    // eps = 1000: every coefficient kept reproduces the histogram (lambda = sqrt(n) / 1000); the DC
    // term alone gives the mean everywhere; a smooth histogram (10 + 5 cos(2 pi t / 16), all its
    // energy in K <= 3) is reproduced with K chosen privately.
    void efpaAtHugeEpsilon() {
        const std::vector<double> counts{5, 5, 5, 5, 0, 0, 12, 3, 3, 3, 3, 40, 1};
        auto all = release(counts, "efpa", 1000.0, 1, {{"coefficients", 13}});
        QVERIFY2(all, all.status().message().c_str());
        expectClose(all->estimate, counts, 0.05);
        auto dc = release(counts, "efpa", 1000.0, 2, {{"coefficients", 1}});
        QVERIFY2(dc, dc.status().message().c_str());
        expectClose(dc->estimate, std::vector<double>(13, 85.0 / 13.0), 0.01);
        std::vector<double> smooth(16);
        for (std::size_t t = 0; t < 16; ++t) smooth[t] = 10 + 5 * std::cos(2 * std::numbers::pi * double(t) / 16);
        auto chosen = release(smooth, "efpa", 1000.0, 3);
        QVERIFY2(chosen, chosen.status().message().c_str());
        QVERIFY(std::stoi(chosen->description) >= 3);
        expectClose(chosen->estimate, smooth, 0.05);
    }

    // Greedy clusters by hand (docs/algorithms/ahp.md works them through). (0, 0, 10, 10), c = 2:
    // {0,1} {2,3}. (0, 1, 10): at j = 1 err(0..1) = 0.5 + c/2 vs err(0) + err*(1) = c + 20.25 +
    // c/4: merged; at j = 2 err(0..2) = 60.667 + c/3 vs 0.5 + c/2 + c (err*(2) = c): c = 50 closes
    // (77.33 >= 75.5), c = 60 does not (80.67 < 90.5).
    void ahpClustersByHand_data() {
        QTest::addColumn<QString>("values");
        QTest::addColumn<double>("c");
        QTest::addColumn<QString>("expected");
        QTest::newRow("two flat pairs") << "0 0 10 10" << 2.0 << "0-2 2-4";
        QTest::newRow("c 50 splits") << "0 1 10" << 50.0 << "0-2 2-3";
        QTest::newRow("c 60 merges") << "0 1 10" << 60.0 << "0-3";
    }
    void ahpClustersByHand() {
        QFETCH(QString, values);
        QFETCH(double, c);
        QFETCH(QString, expected);
        std::vector<double> v;
        for (const auto& s : values.split(' ')) v.push_back(s.toDouble());
        QStringList parts;
        for (const auto& cl : ahpGreedyClusters(v, std::sqrt(2.0 / c)))
            parts << QStringLiteral("%1-%2").arg(cl.begin).arg(cl.end);
        QCOMPARE(parts.join(' '), expected);
    }

    // eps1 = 1000, eps2 = 1 (c = 2): equal counts cluster together (their noisy differences, about
    // 1e-3, cost about 1e-6 << c; docs/algorithms/ahp.md works the sorted 0 0 3 3 7 7 7 through: 3
    // after the zeros costs 6.67 >= 1 + 0.5, 7 after the 3s 11.33 >= 1 + 0.22), wherever they lie:
    // the zeros {1, 4}, the 3s {0, 3}, the 7s {2, 5, 6}; the release at eps 1000 reproduces them.
    void ahpAtHugeEpsilon() {
        const std::vector<double> counts{3, 0, 7, 3, 0, 7, 7};
        SeededRandom rng(5);
        auto g = ahpGroups(counts, 1000.0, 0.35, 1.0, rng);
        QVERIFY(g);
        QCOMPARE(groupsText(*g), QStringLiteral("1,4 0,3 2,5,6"));
        auto r = release(counts, "ahp", 1000.0, 6);
        QVERIFY2(r, r.status().message().c_str());
        expectClose(r->estimate, counts, 0.05);
    }

    // The clustering's law on neighbours x = (100, 103) and (100, 104), eps1 = 1, eta = 0 (cutoff
    // 0, never reached here), eps2 = sqrt(6) / 3: two values merge iff |v1 - v0| < sqrt(6) / eps2 =
    // 3 (err(0..1) < err(0) + err*(1): d^2 / 2 + c / 2 < 2 c, c = 2 / eps2^2). With D the difference
    // of two Laplace(1): P(merge) = P(-3 - d < D < 3 - d) = 1/2 - 2 e^-6 = 0.495042 (d = 3) and
    // 3/4 e^-1 - 9/4 e^-7 = 0.273858 (d = 4): ratio 1.81 <= e^eps1.
    void ahpClusteringLawOnNeighbours() {
        const double eps2 = std::sqrt(6.0) / 3;
        for (double x1 : {103.0, 104.0}) {
            const double d = x1 - 100, p = differenceAbove(-3 - d) - differenceAbove(3 - d);
            SeededRandom rng(40 + std::uint64_t(x1));
            const int draws = 20000;
            int merged = 0;
            for (int t = 0; t < draws; ++t) {
                auto g = ahpGroups({100, x1}, 1.0, 0.0, eps2, rng);
                QVERIFY(g);
                if (g->size() == 1) ++merged;
            }
            expectFrequency(merged, draws, p, "P(merge)");
        }
        const double p3 = 0.5 - 2 * std::exp(-6.0);
        QVERIFY(std::abs(differenceAbove(-6) - differenceAbove(0) - p3) < 1e-12);  // two derivations agree
        // The privacy claim of the derivation: p3 / p4 <= e with p4 = 0.75 e^-1 - 2.25 e^-7 (the
        // frequencies above check that the mechanism produces these probabilities).
    }

    // x = (0, 0, 0, 0, 9, 9, 9, 9), b = 0.5: keep -(36 + b); split before 1: right (0 0 0 9 9 9 9)
    // has mean 36/7 and dev 3 * 36/7 + 4 * 27/7 = 216/7; before 2: dev 12 + 12 = 24; before 4: 0.
    void phpSplitScoresByHand() {
        const std::vector<double> x{0, 0, 0, 0, 9, 9, 9, 9};
        const auto s = phpSplitScores(x, 0, 8, 0.5);
        QCOMPARE(s.size(), std::size_t(8));
        expectClose({s[0], s[1], s[2], s[4]}, {-36.5, -(216.0 / 7 + 1), -25.0, -1.0}, 1e-9);
        QCOMPARE(l1DeviationOf({0, 10, 10, 10}, 0, 4), 15.0);
        QCOMPARE(phpMaxDepth(8), std::size_t(3));
        QCOMPARE(phpMaxDepth(4096), std::size_t(12));
        QCOMPARE(phpMaxDepth(7), std::size_t(2));
        QCOMPARE(phpMaxDepth(2), std::size_t(1));
    }

    // A 2-step histogram at eps 1000: no bucket crosses the step (crossing costs >= 9 in deviation,
    // weight e^-1000 or less), and the release reproduces the counts.
    void phpAtHugeEpsilon() {
        const std::vector<double> x{0, 0, 0, 0, 9, 9, 9, 9};
        SeededRandom rng(8);
        for (int t = 0; t < 50; ++t) {
            auto p = phpPartition(x, 500.0, 1.0 / 500.0, 2000, rng, RunContext{});
            QVERIFY(p);
            for (const auto& b : *p) QVERIFY2(b.hi <= 4 || b.lo >= 4, qPrintable(bucketsText(*p)));
        }
        auto r = release(x, "php", 1000.0, 9);
        QVERIFY2(r, r.status().message().c_str());
        expectClose(r->estimate, x, 0.05);
    }

    // The partition's law on neighbours x = (10, 11) and (10, 12), eps_cluster = 4, b = 1/4
    // (depth 1): one split decision (eps 2, sensitivity 2: weights exp(score / 2)) between keep,
    // -(d + b), and split, -2 b; then the choice among the states reached (eps 2, same weights).
    // P({0}{1}) = p^2, p = 1 / (1 + e^((b - d) / 2)): 0.592667^2 = 0.351254 (d = 1),
    // 0.705785^2 = 0.498133 (d = 2); ratio 1.42 <= e^4.
    void phpPartitionLawOnNeighbours() {
        for (double x1 : {11.0, 12.0}) {
            const double d = x1 - 10, p = 1.0 / (1.0 + std::exp((0.25 - d) / 2));
            SeededRandom rng(60 + std::uint64_t(x1));
            const int draws = 20000;
            int split = 0;
            for (int t = 0; t < draws; ++t) {
                auto b = phpPartition({10, x1}, 4.0, 0.25, 2000, rng, RunContext{});
                QVERIFY(b);
                if (b->size() == 2) ++split;
            }
            expectFrequency(split, draws, p * p, "P(split)");
        }
        // The derivation's privacy claim: 0.498133 / 0.351254 <= e^4 (the frequencies above check
        // that the mechanism produces these probabilities).
    }

    // Each strategy is in the catalogue, data-dependent, refuses a 2-D grid and reaches the sweeps.
    void catalogue() {
        for (const char* id : {"ahp", "efpa", "php"}) {
            auto info = findHistogramStrategy(id);
            QVERIFY(info);
            QVERIFY((*info)->dataDependent);
            QVERIFY(!(*info)->citation.empty());
            auto gate = ReleaseGate::teaching(1);
            HistogramRequest request;
            request.strategy = id;
            request.rows = 2;
            request.columns = 2;
            QVERIFY(!releaseHistogram(gate, {1, 2, 3, 4}, request, RunContext{}));
        }
    }
};

QTEST_GUILESS_MAIN(TestDpbenchHistograms)
#include "tst_dpbench_histograms.moc"
