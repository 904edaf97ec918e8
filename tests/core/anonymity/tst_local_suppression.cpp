// Local suppression on tables small enough to solve by hand ('*' matches any value).
#include "veil/anonymity/local_suppression.h"

#include <QtTest>

using namespace veil::anonymity;

namespace {

constexpr std::uint32_t S = kSuppressedCell;
using Columns = std::vector<std::vector<std::uint32_t>>;

// Pairwise count, written independently of the pattern-based one: O(n^2).
std::vector<std::uint32_t> bruteCounts(const Columns& cols) {
    const std::size_t n = cols[0].size();
    std::vector<std::uint32_t> out(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            bool match = true;
            for (const auto& c : cols) match = match && (c[i] == S || c[j] == S || c[i] == c[j]);
            out[i] += match ? 1 : 0;
        }
    return out;
}

// Six records, three QIs (a/b/c, x/y/z, p/q/r coded 0/1/2):
//   1 a x p   2 a x q   3 a y p   4 b y p   5 b y q   6 c z r
// Record 6 differs from every other record in all three columns, so whichever record it is to
// match, one '*' is needed per column: at least 3 cells. Suppressing its 3 cells reaches k = 2
// (a record of '*' matches every record), so the minimum is 3.
// The greedy rule (columns tie on 3 values each, so A, B, C), traced by hand: sweep 1 suppresses
// 1.B, 2.C, 3.A, 4.A, 5.C, 6.A; then only 6 (*,z,r) still has one match and loses 6.B: 7 cells.
Columns sixRecords() { return {{0, 0, 0, 1, 1, 2}, {0, 0, 1, 1, 1, 2}, {0, 1, 0, 0, 1, 2}}; }

}  // namespace

class TestLocalSuppression : public QObject {
    Q_OBJECT
private slots:
    void matchCountsByHand() {
        // (a,*) (a,x) (b,x) (*,y): 3, 2, 1, 2 by hand.
        const Columns cols{{0, 0, 1, S}, {S, 0, 0, 1}};
        const std::vector<std::uint32_t> expected{3, 2, 1, 2};
        QCOMPARE(wildcardMatchCounts(cols), expected);
        QCOMPARE(bruteCounts(cols), expected);
    }

    void greedySixRecords() {
        LocalSuppressionOptions o;
        o.k = 2;
        auto r = localSuppression(sixRecords(), o);
        QVERIFY2(r.isOk(), r.isOk() ? "" : r.status().message().c_str());
        QCOMPARE(r->suppressedCells, std::size_t(7));
        const Columns expected{{0, 0, S, S, 1, S}, {S, 0, 1, 1, 1, S}, {0, S, 0, 0, S, 2}};
        QCOMPARE(r->columns, expected);
        for (auto c : bruteCounts(r->columns)) QVERIFY(c >= 2);
    }

    void optimalSixRecords() {
        LocalSuppressionOptions o;
        o.k = 2;
        o.method = LocalSuppressionMethod::Optimal;
        auto r = localSuppression(sixRecords(), o);
        QVERIFY2(r.isOk(), r.isOk() ? "" : r.status().message().c_str());
        QCOMPARE(r->method, LocalSuppressionMethod::Optimal);
        QVERIFY(r->provenOptimal);
        QCOMPARE(r->suppressedCells, std::size_t(3));
        for (auto c : bruteCounts(r->columns)) QVERIFY(c >= 2);
    }

    // Random small tables: optimal <= greedy, both k-anonymous by the brute-force count.
    void optimalNeverWorseThanGreedy() {
        std::uint32_t state = 12345;
        auto next = [&state](std::uint32_t mod) {
            state = state * 1103515245u + 12345u;
            return (state >> 16) % mod;
        };
        for (int trial = 0; trial < 8; ++trial) {
            Columns cols(3, std::vector<std::uint32_t>(12));
            for (auto& c : cols)
                for (auto& v : c) v = next(3);
            for (int k : {2, 3}) {
                LocalSuppressionOptions o;
                o.k = k;
                auto g = localSuppression(cols, o);
                o.method = LocalSuppressionMethod::Optimal;
                auto opt = localSuppression(cols, o);
                QVERIFY(g.isOk() && opt.isOk());
                QVERIFY(opt->provenOptimal);
                QVERIFY2(
                    opt->suppressedCells <= g->suppressedCells,
                    qPrintable(QString("optimal %1 > greedy %2").arg(opt->suppressedCells).arg(g->suppressedCells)));
                for (auto c : bruteCounts(g->columns)) QVERIFY(c >= std::uint32_t(k));
                for (auto c : bruteCounts(opt->columns)) QVERIFY(c >= std::uint32_t(k));
            }
        }
    }

    void optimalFallsBackBeyondTheLimit() {
        LocalSuppressionOptions o;
        o.k = 2;
        o.method = LocalSuppressionMethod::Optimal;
        o.maxRecords = 5;
        auto r = localSuppression(sixRecords(), o);
        QVERIFY(r.isOk());
        QCOMPARE(r->method, LocalSuppressionMethod::Greedy);
        QCOMPARE(r->suppressedCells, std::size_t(7));
        QVERIFY(r->message.find("limited to 5 records") != std::string::npos);
    }

    void refusesBadInput() {
        LocalSuppressionOptions o;
        o.k = 7;
        QVERIFY(!localSuppression(sixRecords(), o).isOk());
        o.k = 0;
        QVERIFY(!localSuppression(sixRecords(), o).isOk());
        o.k = 2;
        QVERIFY(!localSuppression(Columns{}, o).isOk());
        QVERIFY(!localSuppression(Columns{{0, 1}, {0}}, o).isOk());
    }
};

QTEST_APPLESS_MAIN(TestLocalSuppression)
#include "tst_local_suppression.moc"
