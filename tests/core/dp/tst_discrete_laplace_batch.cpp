// The batched discrete Laplace sampler (discrete_laplace_batch.h): its vectorised logarithm
// against long double, each shortcut it takes from 32 bits against the full form on the same
// words (values near the decision boundaries included), and the law of its draws (fixed seeds;
// chi-square at alpha = 0.001, with a power check that a wrong scale is rejected).
#include "dp/detail/discrete_laplace_batch.h"
#include "dp/detail/exact_bernoulli.h"
#include "dp/detail/exact_geometric.h"
#include "dp/detail/neg_log_words.h"
#include "sanitizer_scale.h"
#include "stat_test_util.h"
#include "veil/common/random.h"
#include "veil/dp/stats.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

using namespace veil;
using namespace veil::dp::detail;
using veil::dp::testutil::chiSquarePValue;

namespace {
constexpr double kAlpha = 0.001;

// Words handed out from a script, then (so that a draw in progress can end) a constant.
struct Script {
    std::vector<std::uint64_t> words;
    std::size_t next = 0;
    std::uint64_t nextU64() { return next < words.size() ? words[next++] : (++next, 0x5555555555555555ULL); }
};

Script randomScript(SeededRandom& rng, int count) {
    Script s;
    for (int i = 0; i < count; ++i) s.words.push_back(rng.nextU64());
    return s;
}

// A from U's first 32 digits p as the batch decides it: inversionFloors, and when that leaves it
// open, the next 32 digits from `more`.
template <typename Bits>
std::uint64_t inversionFromPrefix(Bits& more, const GeometricScale& scale, std::uint64_t prefix) {
    const std::uint64_t word = prefix << 32;
    double k = 0.0;
    inversionFloors(&word, 1, scale.t, scale.errorAtLargeWords, &k);
    return std::isnan(k) ? geometricAfterPrefix(more, scale, prefix) : static_cast<std::uint64_t>(k);
}

// P(|y| >= e) for the discrete Laplace of scale t: 1 at 0, 2 a^e / (1 + a) above (a = exp(-1/t)).
double magnitudeTail(double e, double t) {
    return e <= 0.0 ? 1.0 : 2.0 * std::exp(-e / t) / (1.0 + std::exp(-1.0 / t));
}
}  // namespace

class TestDiscreteLaplaceBatch : public QObject {
    Q_OBJECT
private slots:
    void negLogWithinItsBound();
    void prefixDecidesAsTheFullInversion_data();
    void prefixDecidesAsTheFullInversion();
    void acceptanceFromPrefixAsTheFullWord_data();
    void acceptanceFromPrefixAsTheFullWord();
    void batchHasTheDiscreteLaplaceLaw_data();
    void batchHasTheDiscreteLaplaceLaw();
};

// Every word from 2^48 up (random bit widths, and the edges of the reduction: powers of two,
// sqrt(1/2)'s mantissa, 2^64 - 1) within 2^-49 of -ln((w + 1/2) 2^-64) in long double.
void TestDiscreteLaplaceBatch::negLogWithinItsBound() {
    SeededRandom rng(5);
    std::vector<std::uint64_t> words = {1ULL << 48, (1ULL << 48) + 1, ~0ULL, ~0ULL - 1, 1ULL << 63, (1ULL << 63) - 1};
    for (const std::uint64_t sqrtHalf : {0xB504F333F9DE6484ULL, 0xB504F333F9DE6484ULL >> 7})
        for (std::uint64_t d = 0; d < 8; ++d) words.insert(words.end(), {sqrtHalf - d, sqrtHalf + d});
    const int n = int(veil::test::repetitions(300000));
    for (int i = 0; i < n; ++i) {
        const int width = 49 + int(rng.uniformBelow(16));  // 49..64 bits
        std::uint64_t w = rng.nextU64() >> (64 - width);
        w |= std::uint64_t(1) << (width - 1);
        words.push_back(w);
    }
    std::vector<double> out(words.size());
    negLogOfWords(words.data(), out.data(), words.size());
    long double worst = 0.0L;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const long double exact = -logl((static_cast<long double>(words[i]) + 0.5L) * 0x1p-64L);
        worst = std::max(worst, fabsl(exact - static_cast<long double>(out[i])));
    }
    QVERIFY2(worst <= 0x1p-49L, qPrintable(QString("worst error 2^%1").arg(std::log2(double(worst)))));
}

void TestDiscreteLaplaceBatch::prefixDecidesAsTheFullInversion_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::newRow("s 2^20 + 3/4") << quint64((1ULL << 22) + 3) << quint64(4);
    QTest::newRow("s 10") << quint64(10) << quint64(1);
    QTest::newRow("s 2^21 - 1/3") << quint64((3ULL << 21) - 1) << quint64(3);
}

// A from U's first 32 digits equals the exact inversion of the same digits followed by the same
// stream, for random prefixes and for prefixes next to exp(-k/s) 2^32, where the interval around
// the estimate straddles an integer; both the shortcut and the fallback are taken.
void TestDiscreteLaplaceBatch::prefixDecidesAsTheFullInversion() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    const GeometricScale scale(num, den, 0);
    SeededRandom rng(11);
    std::vector<std::uint64_t> prefixes;
    for (int i = 0; i < 3000; ++i) prefixes.push_back(rng.nextU64() >> 32);
    for (int i = 0; i < 500; ++i) {
        const double k = std::floor(scale.t * 11.0 * rng.uniform01());  // exp(-k/s) >= 2^-16
        const auto edge =
            std::min(static_cast<std::uint64_t>(std::exp(-k / scale.t) * 0x1p32), std::uint64_t(0xFFFFFFFFU));
        for (std::uint64_t d = 0; d < 3; ++d)
            prefixes.insert(prefixes.end(), {edge - d, std::min(edge + d, std::uint64_t(0xFFFFFFFFU))});
    }
    int shortcuts = 0, fallbacks = 0;
    for (const std::uint64_t p : prefixes) {
        Script a = randomScript(rng, 4), b = a;
        BasicBitBuffer<Script> bitsA(a), bitsB(b);
        const std::uint64_t fast = inversionFromPrefix(bitsA, scale, p);
        const std::uint64_t direct = geometricByComparison(bitsB, scale, (p << 32) | bitsB.bits(32));
        if (fast != direct) QFAIL(qPrintable(QString("prefix %1: %2, exact %3").arg(p).arg(fast).arg(direct)));
        ++(a.next == 0 ? shortcuts : fallbacks);
    }
    QVERIFY(shortcuts > 1000);
    QVERIFY(fallbacks > 0);
}

void TestDiscreteLaplaceBatch::acceptanceFromPrefixAsTheFullWord_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::newRow("t 2^40: 20 low bits") << quint64(1ULL << 40) << quint64(1);
    QTest::newRow("t 3 2^20 + 1/8: 1 low bit") << quint64((3ULL << 23) + 1) << quint64(8);
    QTest::newRow("t 10^12 / 3: 18 low bits") << quint64(1000000000000ULL) << quint64(3);
    QTest::newRow("t 2^44 + 1: 24 low bits") << quint64((1ULL << 44) + 1) << quint64(1);
}

// B's acceptance from the first 31 - m bits of its word (accepted at once below lowAcceptWord's
// first bits) equals the exact test on the whole word: the prefix followed by the stream's bits.
void TestDiscreteLaplaceBatch::acceptanceFromPrefixAsTheFullWord() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    const DiscreteLaplaceScale scale(num, den);
    QVERIFY(!scale.isSmall() && scale.compactBits());
    const auto m = unsigned(std::clamp(std::ilogb(double(num) / double(den)) - 20, 0, 32));
    const unsigned prefixBits = 31 - m, restBits = 64 - prefixBits;
    const std::uint64_t top = lowAcceptWord(num, den, m) >> restBits;
    SeededRandom rng(12);
    int early = 0, completed = 0;
    for (int i = 0; i < 4000; ++i) {
        const std::uint64_t low = 1 + rng.uniformBelow((std::uint64_t(1) << m) - 1);  // m >= 1 here
        const std::uint64_t prefix =
            i % 2 == 0 ? rng.nextU64() >> restBits
                       : std::min(top - 2 + rng.uniformBelow(5), (std::uint64_t(1) << prefixBits) - 1);
        Script a = randomScript(rng, 4), b = a;
        BasicBitBuffer<Script> bitsA(a), bitsB(b);
        const bool fast = scale.acceptLowFromPrefix(bitsA, low, prefix, prefixBits);
        std::uint64_t word = prefix;
        for (unsigned left = restBits; left > 0;) {
            const unsigned n = std::min(left, 32U);
            word = (word << n) | bitsB.bits(int(n));
            left -= n;
        }
        const bool direct = bernoulliExpNegAtMostOneFrom(bitsB, word, low * den, num);
        if (fast != direct) QFAIL(qPrintable(QString("prefix %1 low %2: %3").arg(prefix).arg(low).arg(fast)));
        ++(a.next == 0 ? early : completed);
    }
    QVERIFY(early > 1000);
    QVERIFY(completed > 500);
}

void TestDiscreteLaplaceBatch::batchHasTheDiscreteLaplaceLaw_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::addColumn<int>("chunk");
    QTest::newRow("t 10, whole batches") << quint64(10) << quint64(1) << 256;
    QTest::newRow("t 5 2^21 + 1/2 (3 low bits), chunks of 100") << quint64((5ULL << 22) + 1) << quint64(2) << 100;
    QTest::newRow("t 2^40 (20 low bits)") << quint64(1ULL << 40) << quint64(1) << 256;
    QTest::newRow("t 2 (a small scale: CKS)") << quint64(2) << quint64(1) << 256;
    QTest::newRow("t 2^60 + 7 (32 low bits: one draw at a time)") << quint64((1ULL << 60) + 7) << quint64(1) << 77;
}

// |y| binned against the law of scale t, the sign three ways (-, 0, +), and for scales with low
// bits their top three bits near uniform; the same |y| against 1.05 t is rejected.
void TestDiscreteLaplaceBatch::batchHasTheDiscreteLaplaceLaw() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    QFETCH(int, chunk);
    const double t = double(num) / double(den);
    const DiscreteLaplaceScale scale(num, den);
    SeededRandom source(21);
    DiscreteLaplaceBatch batch(source, scale);
    const long long n = veil::test::repetitions(60000);
    std::vector<std::int64_t> draws;
    std::vector<std::int64_t> part(std::size_t(chunk), 0);
    while (static_cast<long long>(draws.size()) < n) {
        batch.draw(part);
        draws.insert(draws.end(), part.begin(), part.end());
    }
    std::vector<double> edges;
    for (double q = 0; q < 10; ++q) edges.push_back(std::floor(t * q * 0.4));
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    const auto cells = [&](double scaleT) {
        std::vector<double> p;
        for (std::size_t i = 0; i < edges.size(); ++i)
            p.push_back(magnitudeTail(edges[i], scaleT) -
                        (i + 1 < edges.size() ? magnitudeTail(edges[i + 1], scaleT) : 0.0));
        return p;
    };
    const auto m = unsigned(std::clamp(std::ilogb(t) - 20, 0, 32));
    std::vector<long long> observed(edges.size(), 0), signs(3, 0), lowBits(8, 0);
    for (const std::int64_t y : draws) {
        const auto magnitude = static_cast<std::uint64_t>(y < 0 ? -y : y);
        std::size_t i = 0;
        while (i + 1 < edges.size() && double(magnitude) >= edges[i + 1]) ++i;
        ++observed[i];
        ++signs[y < 0 ? 0 : (y == 0 ? 1 : 2)];
        if (m >= 3) ++lowBits[(magnitude >> (m - 3)) & 7U];
    }
    const auto total = static_cast<long long>(draws.size());
    const double zero = 1.0 - magnitudeTail(1.0, t);
    QVERIFY2(chiSquarePValue(observed, cells(t), total) >= kAlpha, "|y| against the law of scale t");
    if (zero > 1e-3) {
        QVERIFY(chiSquarePValue(signs, {(1.0 - zero) / 2, zero, (1.0 - zero) / 2}, total) >= kAlpha);
    } else {
        QVERIFY(chiSquarePValue({signs[0], signs[1] + signs[2]}, {0.5, 0.5}, total) >= kAlpha);
    }
    if (m >= 3) QVERIFY(chiSquarePValue(lowBits, std::vector<double>(8, 0.125), total) >= kAlpha);
    if (!veil::test::kSanitized)  // power, with the whole sample
        QVERIFY(chiSquarePValue(observed, cells(1.05 * t), total) < kAlpha);
}

QTEST_APPLESS_MAIN(TestDiscreteLaplaceBatch)
#include "tst_discrete_laplace_batch.moc"
