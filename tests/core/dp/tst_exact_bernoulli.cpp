// The O(1)-word exact samplers (exact_bernoulli.h, exact_geometric.h): the integer bounds of
// exp(-x) against digits computed outside the build (Python's decimal module at 120 digits), the
// lazy comparison on words scripted to fall on the boundary, and the laws of the exact fallback
// paths, forced by widening their margins (fixed seeds; chi-square at alpha = 0.001, with power
// checks that a wrong parameter is rejected).
#include "dp/detail/exact_bernoulli.h"
#include "dp/detail/exact_geometric.h"
#include "sanitizer_scale.h"
#include "stat_test_util.h"
#include "veil/common/random.h"
#include "veil/dp/stats.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using namespace veil;
using namespace veil::dp::detail;
using veil::dp::testutil::chiSquarePValue;

namespace {
constexpr double kAlpha = 0.001;

BigUInt fromHex(const char* hex) { return BigUInt(std::string("0x") + hex); }

// A word source that hands out a script, and records whether anyone asked for more.
struct ScriptedWords {
    std::vector<std::uint64_t> words;
    std::size_t next = 0;
    bool exhausted = false;
    std::uint64_t nextU64() {
        if (next == words.size()) {
            exhausted = true;
            return 0;
        }
        return words[next++];
    }
};

// Cells [edge_i, edge_{i+1}) of a geometric law with P(k >= a) = q^a (last cell open).
std::vector<double> geometricCells(const std::vector<double>& edges, double t) {
    std::vector<double> p;
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const double upper = i + 1 < edges.size() ? std::exp(-edges[i + 1] / t) : 0.0;
        p.push_back(std::exp(-edges[i] / t) - upper);
    }
    return p;
}

std::size_t cellOf(const std::vector<double>& edges, double k) {
    std::size_t i = 0;
    while (i + 1 < edges.size() && k >= edges[i + 1]) ++i;
    return i;
}

// Geometric draws of scale num/den (error bound overridden) binned by edges; the p-value against
// the law of scale t.
double geometricPValue(std::uint64_t num, std::uint64_t den, double errorBound, double t, std::uint64_t seed) {
    GeometricScale scale(num, den, 0);
    scale.errorAtLargeWords = errorBound;
    const double mean = scale.t;
    std::vector<double> edges;
    for (double q = 0; q < 12; ++q) edges.push_back(std::floor(mean * q * 0.5));
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    SeededRandom rng(seed);
    const long long n = veil::test::repetitions(40000);
    std::vector<long long> observed(edges.size(), 0);
    for (long long i = 0; i < n; ++i) ++observed[cellOf(edges, double(geometricExpNeg(rng, scale)))];
    return chiSquarePValue(observed, geometricCells(edges, t), n);
}
}  // namespace

class TestExactBernoulli : public QObject {
    Q_OBJECT
private slots:
    void seriesBoundsBracketTheDigits_data();
    void seriesBoundsBracketTheDigits();
    void lazyComparisonDecidesOnTheBoundary();
    void doubleBoundsHoldStdExp();
    void fallbackHasTheExactLaw_data();
    void fallbackHasTheExactLaw();
    void geometricLaw_data();
    void geometricLaw();
    void geometricDetectsWrongScale();
    void discreteLaplaceAtALargeScale();
    void wordToDoubleIsTheConversion();
    void lowAcceptWordIsBelowEveryExponent_data();
    void lowAcceptWordIsBelowEveryExponent();
    void discreteLaplaceDrawsAsTheDirectForm_data();
    void discreteLaplaceDrawsAsTheDirectForm();
    void discreteLaplaceDecidesNearOneAsTheDirectForm_data();
    void discreteLaplaceDecidesNearOneAsTheDirectForm();
};

void TestExactBernoulli::seriesBoundsBracketTheDigits_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::addColumn<uint>("bits");
    QTest::addColumn<QString>("digits");  // floor(exp(-num/den) 2^bits), by Python's decimal
    QTest::newRow("e^-1, 64 bits") << quint64(1) << quint64(1) << 64U << "5e2d58d8b3bcdf1a";
    QTest::newRow("e^-1, 192 bits") << quint64(1) << quint64(1) << 192U
                                    << "5e2d58d8b3bcdf1abadec7829054f90dda9805aab56c7733";
    QTest::newRow("e^-7/3, 128 bits") << quint64(7) << quint64(3) << 128U << "18d327a69b3be5a89091f41b3ea83993";
    QTest::newRow("e^-1/1000003") << quint64(1) << quint64(1000003) << 64U << "ffffef390c3872c6";
    QTest::newRow("e^-5/2") << quint64(5) << quint64(2) << 64U << "150385c094f424a7";
}

void TestExactBernoulli::seriesBoundsBracketTheDigits() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    QFETCH(uint, bits);
    QFETCH(QString, digits);
    BigUInt lo, hi;
    expNegBounds(BigUInt(num), BigUInt(den), bits, lo, hi);
    const BigUInt truth = fromHex(digits.toLatin1().constData());  // truth <= x 2^bits < truth + 1
    QVERIFY(lo <= truth);
    QVERIFY(hi > truth);
    QVERIFY2(hi - lo <= 4, "the bounds are a few units apart, not loose");
}

void TestExactBernoulli::lazyComparisonDecidesOnTheBoundary() {
    // exp(-1) = 0.5e2d58d8b3bcdf1a badec7829054f90d da9805aab56c7733... in hexadecimal. A first
    // word equal to its first digits lies inside the double margin, so the exact path decides,
    // with the next words: just below the digits means U < exp(-1), just above means U > exp(-1).
    const std::uint64_t w1 = 0x5e2d58d8b3bcdf1aULL, w2 = 0xbadec7829054f90dULL, w3 = 0xda9805aab56c7733ULL;
    ScriptedWords below{{w1, w2, w3 - 1, 0, 0}};
    QVERIFY(bernoulliExpNegAtMostOne(below, 1, 1));
    QVERIFY(below.next >= 3 && !below.exhausted);
    ScriptedWords above{{w1, w2, w3 + 1, 0, 0}};
    QVERIFY(!bernoulliExpNegAtMostOne(above, 1, 1));
    QVERIFY(above.next >= 3 && !above.exhausted);
    // Far from the boundary one word decides.
    ScriptedWords low{{0x1000000000000000ULL}}, high{{0xf000000000000000ULL}};
    QVERIFY(bernoulliExpNegAtMostOne(low, 1, 1));
    QVERIFY(!bernoulliExpNegAtMostOne(high, 1, 1));
    QCOMPARE(low.next + high.next, std::size_t(2));
}

void TestExactBernoulli::doubleBoundsHoldStdExp() {
    // The margin must dwarf the real error: the bounds hold expl(-gamma) with margin / 1024.
    for (int i = 0; i <= 4096; ++i) {
        const double gamma = i < 2048 ? std::ldexp(double(i), -23) : double(i - 2048) / 2048.0;
        double lo = 0.0, hi = 0.0;
        expNegDoubleBounds(gamma, kExpMargin / 1024.0, lo, hi);
        const long double truth = std::exp(-static_cast<long double>(gamma));
        QVERIFY2(static_cast<long double>(lo) <= truth && truth <= static_cast<long double>(hi),
                 qPrintable(QString("gamma %1").arg(gamma, 0, 'g', 17)));
    }
}

void TestExactBernoulli::fallbackHasTheExactLaw_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::addColumn<double>("margin");
    QTest::addColumn<double>("claimed");  // the law the chi-square is checked against
    QTest::addColumn<bool>("shouldPass");
    const double e13 = std::exp(-1.0 / 3.0);
    QTest::newRow("1/3, margin 0.2") << quint64(1) << quint64(3) << 0.2 << e13 << true;
    QTest::newRow("1/3, margin 1 (always exact)") << quint64(1) << quint64(3) << 1.0 << e13 << true;
    QTest::newRow("1, margin 0.3") << quint64(1) << quint64(1) << 0.3 << std::exp(-1.0) << true;
    QTest::newRow("tiny gamma, margin 1") << quint64(3) << quint64(1ULL << 40) << 1.0 << std::exp(-0x3p-40) << true;
    QTest::newRow("power: 1/3 against e^-0.34") << quint64(1) << quint64(3) << 1.0 << std::exp(-0.34) << false;
}

void TestExactBernoulli::fallbackHasTheExactLaw() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    QFETCH(double, margin);
    QFETCH(double, claimed);
    QFETCH(bool, shouldPass);
    if (!shouldPass) VEIL_RELEASE_ONLY("the power check needs its whole sample");
    SeededRandom rng(2026);
    const long long n = veil::test::repetitions(200000);
    long long hits = 0;
    for (long long i = 0; i < n; ++i) hits += bernoulliExpNegAtMostOne(rng, num, den, margin) ? 1 : 0;
    if (claimed > 1.0 - 1e-9) {  // tiny gamma: every draw is a hit
        QCOMPARE(hits, n);
        return;
    }
    const double p = chiSquarePValue({hits, n - hits}, {claimed, 1.0 - claimed}, n);
    QVERIFY2((p >= kAlpha) == shouldPass, qPrintable(QString("hits %1 p %2").arg(hits).arg(p)));
}

void TestExactBernoulli::geometricLaw_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::addColumn<double>("errorBound");
    QTest::newRow("t 3.5, certified bound") << quint64(7) << quint64(2) << 7.0 * 0x1p-45;
    QTest::newRow("t 3.5, bound 1 (often exact)") << quint64(7) << quint64(2) << 1.0;
    QTest::newRow("t 3.5, bound 2^38 (always exact)") << quint64(7) << quint64(2) << 0x1p38;
    QTest::newRow("t 2^20 + 3/4, bound 1") << quint64((1ULL << 22) + 3) << quint64(4) << 1.0;
    QTest::newRow("t 2^20 + 3/4, bound 2^20") << quint64((1ULL << 22) + 3) << quint64(4) << 0x1p20;
}

void TestExactBernoulli::geometricLaw() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    QFETCH(double, errorBound);
    const double p = geometricPValue(num, den, errorBound, double(num) / double(den), 31);
    QVERIFY2(p >= kAlpha, qPrintable(QString("p %1").arg(p)));
}

void TestExactBernoulli::geometricDetectsWrongScale() {
    VEIL_RELEASE_ONLY("the power check needs its whole sample");
    // Power: draws of scale 3.5 (exact path) checked against scale 3.7 are rejected.
    QVERIFY(geometricPValue(7, 2, 0x1p38, 3.7, 31) < kAlpha);
    QVERIFY(geometricPValue((1ULL << 22) + 3, 4, 0x1p20, 1.04 * 0x1p20, 31) < kAlpha);
}

void TestExactBernoulli::discreteLaplaceAtALargeScale() {
    // t = 2^30 + 1: |y| = 2^10 A + B. |y| binned against the geometric law of scale t, the sign
    // fair, and the low 10 bits near uniform (their law is exp(-b/t), flat to 1e-6).
    const std::uint64_t num = (1ULL << 30) + 1;
    const double t = double(num);
    const DiscreteLaplaceScale scale(num, 1);
    SeededRandom source(8);
    BitBuffer rng(source);
    std::vector<double> edges;
    for (double q = 0; q < 10; ++q) edges.push_back(std::floor(t * q * 0.4));
    const long long n = 40000;
    std::vector<long long> observed(edges.size(), 0), lowBits(8, 0);
    long long negative = 0;
    for (long long i = 0; i < n; ++i) {
        const std::int64_t y = scale.sample(rng);
        negative += y < 0 ? 1 : 0;
        const auto magnitude = static_cast<std::uint64_t>(y < 0 ? -y : y);
        ++observed[cellOf(edges, double(magnitude))];
        ++lowBits[(magnitude & 1023U) >> 7];
    }
    // P(y = 0) is 1e-9 here, so |y| has the geometric law of scale t to that accuracy.
    QVERIFY(chiSquarePValue(observed, geometricCells(edges, t), n) >= kAlpha);
    QVERIFY(chiSquarePValue({negative, n - negative}, {0.5, 0.5}, n) >= kAlpha);
    QVERIFY(chiSquarePValue(lowBits, std::vector<double>(8, 0.125), n) >= kAlpha);
    QVERIFY(chiSquarePValue(observed, geometricCells(edges, 1.05 * t), n) < kAlpha);  // power
}

void TestExactBernoulli::wordToDoubleIsTheConversion() {
    std::vector<std::uint64_t> words = {0,
                                        1,
                                        0xFFFFFFFFULL,
                                        1ULL << 32,
                                        (1ULL << 53) - 1,
                                        (1ULL << 53) + 1,
                                        (1ULL << 54) + 3,
                                        (1ULL << 63) - 1,
                                        1ULL << 63,
                                        (1ULL << 63) + 1,
                                        (1ULL << 63) + 1025,  // a tie at 2^63: rounds to even
                                        ~0ULL};
    SeededRandom rng(4);
    for (int i = 0; i < 100000; ++i) words.push_back(rng.nextU64() >> (i % 64));
    for (const std::uint64_t w : words) QVERIFY2(wordToDouble(w) == double(w), qPrintable(QString::number(w)));
}

// The word of the early acceptance is below every exponent's exp(-gamma), checked in integers:
// lowAcceptWord <= lo where lo / 2^64 <= exp(-gammaMax) (expNegBounds), and it still accepts all
// but a sliver of the words (so the fast path is the common one).
void TestExactBernoulli::lowAcceptWordIsBelowEveryExponent_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::newRow("t 2^40 (eps 1 on 2^-40 lattice): 20 low bits") << quint64(1ULL << 40) << quint64(1);
    QTest::newRow("t 3 2^20 + 1/8: 1 low bit") << quint64((3ULL << 23) + 1) << quint64(8);
    QTest::newRow("t 2^41 - 1: 20 low bits") << quint64((1ULL << 41) - 1) << quint64(1);
    QTest::newRow("t 2^60 + 7: 32 low bits") << quint64((1ULL << 60) + 7) << quint64(1);
    QTest::newRow("t 10^9 / 3: 8 low bits") << quint64(1000000000) << quint64(3);
}

void TestExactBernoulli::lowAcceptWordIsBelowEveryExponent() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    const auto bits = unsigned(std::clamp(std::ilogb(double(num) / double(den)) - 20, 0, 32));
    QVERIFY(bits > 0);
    const std::uint64_t w = lowAcceptWord(num, den, bits);
    BigUInt lo, hi;
    expNegBounds(BigUInt(den) << bits, BigUInt(num), 64, lo, hi);  // exp(-2^bits den / num)
    QVERIFY2(BigUInt(w) <= lo, qPrintable(QString("bits %1").arg(bits)));
    QVERIFY(double(w) >= (1.0 - 0x1p-18) * 0x1p64);
    QCOMPARE(lowAcceptWord(num, den, 0), std::uint64_t(0));
}

namespace {
// DiscreteLaplaceScale::sample in its direct form, without the fast paths: the word converted by
// the compiler, floors, and the exact Bernoulli test drawing its own word for every low part.
template <typename Bits>
std::int64_t directDiscreteLaplace(Bits& rng, std::uint64_t num, std::uint64_t den) {
    const auto lowBits = unsigned(std::clamp(std::ilogb(double(num) / double(den)) - 20, 0, 32));
    const GeometricScale high(num, den, lowBits);
    for (;;) {
        const std::uint64_t word = rng.nextU64();
        std::uint64_t a = 0;
        bool decided = false;
        if (word >= (std::uint64_t(1) << 48)) {
            const double x = -std::log((double(word) + 0.5) * 0x1p-64) * high.t;
            const double k = std::floor(x - high.errorAtLargeWords);
            decided = k >= 0.0 && k == std::floor(x + high.errorAtLargeWords);
            if (decided) a = static_cast<std::uint64_t>(k);
        }
        if (!decided) a = geometricByComparison(rng, high, word);
        std::uint64_t low = 0;
        if (lowBits > 0) {
            do low = rng.bits(int(lowBits));
            while (!bernoulliExpNegAtMostOne(rng, low * den, num));
        }
        if (a > (std::uint64_t(std::numeric_limits<std::int64_t>::max()) >> lowBits)) continue;
        const std::uint64_t magnitude = (a << lowBits) | low;
        const bool negative = rng.bit();
        if (negative && magnitude == 0) continue;
        return negative ? -std::int64_t(magnitude) : std::int64_t(magnitude);
    }
}
}  // namespace

// The fast paths (wordToDouble, truncation for floor, lowAcceptWord) decide every draw as the
// direct form does, from the same words: the same values, draw for draw.
void TestExactBernoulli::discreteLaplaceDrawsAsTheDirectForm_data() { lowAcceptWordIsBelowEveryExponent_data(); }

void TestExactBernoulli::discreteLaplaceDrawsAsTheDirectForm() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    const DiscreteLaplaceScale scale(num, den);
    SeededRandom a(21), b(21);
    WordCache wordsA(a), wordsB(b);
    BasicBitBuffer<WordCache> bitsA(wordsA), bitsB(wordsB);
    const long long n = veil::test::repetitions(200000);
    for (long long i = 0; i < n; ++i) {
        const std::int64_t fast = scale.sample(bitsA), direct = directDiscreteLaplace(bitsB, num, den);
        if (fast != direct) QFAIL(qPrintable(QString("draw %1: %2, direct %3").arg(i).arg(fast).arg(direct)));
    }
    QCOMPARE(a.nextU64(), b.nextU64());  // and the same words used
}

// Words at or above lowAcceptWord (U near 1, where the exact test decides: about 2^-20 of real
// draws) in every other place of the script: the same values as the direct form.
void TestExactBernoulli::discreteLaplaceDecidesNearOneAsTheDirectForm_data() {
    lowAcceptWordIsBelowEveryExponent_data();
}

void TestExactBernoulli::discreteLaplaceDecidesNearOneAsTheDirectForm() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    const DiscreteLaplaceScale scale(num, den);
    const auto bits = unsigned(std::clamp(std::ilogb(double(num) / double(den)) - 20, 0, 32));
    const std::uint64_t top = lowAcceptWord(num, den, bits);
    // The script, then (so that a draw in progress can end) a constant nonzero word.
    struct Script {
        std::vector<std::uint64_t> words;
        std::size_t next = 0;
        std::uint64_t nextU64() { return next < words.size() ? words[next++] : (++next, 0x5555555555555555ULL); }
    };
    SeededRandom rng(17);
    Script a, b;
    for (int i = 0; i < 30000; ++i) {
        const std::uint64_t w = rng.nextU64();
        a.words.push_back(rng.bit() ? top + w % (~top + 1) : w);  // top .. 2^64 - 1, or any word
    }
    b.words = a.words;
    BasicBitBuffer<Script> bitsA(a), bitsB(b);
    long long draws = 0;
    while (a.next < a.words.size()) {
        const std::int64_t fast = scale.sample(bitsA), direct = directDiscreteLaplace(bitsB, num, den);
        QCOMPARE(a.next, b.next);
        QCOMPARE(fast, direct);
        ++draws;
    }
    QVERIFY(draws > 3000);
}

QTEST_APPLESS_MAIN(TestExactBernoulli)
#include "tst_exact_bernoulli.moc"
