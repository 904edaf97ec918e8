// RandomSource: seeded streams repeat, secure streams differ, uniformBelow is unbiased.
// Statistical checks use fixed seeds and chi-square critical values stated below.
#include "veil/common/random.h"

#include <QtTest>

#include <set>

using namespace veil;

class TestRandom : public QObject {
    Q_OBJECT
private slots:
    void seededRepeats();
    void differentSeedsDiffer();
    void secureStreamsDiffer();
    void descriptionsSayWhatTheyAre();
    void uniformBelowInRange_data();
    void uniformBelowInRange();
    void uniformBelowIsUniform();
    void uniform01InUnitInterval();
    void derivedSeedsAreDistinct();
};

void TestRandom::seededRepeats() {
    SeededRandom a(42), b(42);
    for (int i = 0; i < 1000; ++i) QCOMPARE(a.nextU64(), b.nextU64());
    std::uint8_t x[100], y[100];
    a.fill(x);
    b.fill(y);
    QVERIFY(std::equal(std::begin(x), std::end(x), std::begin(y)));
}

void TestRandom::differentSeedsDiffer() {
    SeededRandom a(1), b(2);
    int same = 0;
    for (int i = 0; i < 100; ++i) same += a.nextU64() == b.nextU64();
    QCOMPARE(same, 0);
}

void TestRandom::secureStreamsDiffer() {
    SecureRandom a, b;
    QVERIFY(a.isSecure());
    QVERIFY(a.nextU64() != b.nextU64() || a.nextU64() != b.nextU64());
}

void TestRandom::descriptionsSayWhatTheyAre() {
    SeededRandom s(7);
    QVERIFY(!s.isSecure());
    QVERIFY(QString::fromStdString(s.description()).contains("not for releases"));
    SecureRandom r;
    QVERIFY(QString::fromStdString(r.description()).startsWith("secure"));
    std::uint64_t seed = 7;
    QVERIFY(!makeRandomSource(&seed)->isSecure());
    QVERIFY(makeRandomSource(nullptr)->isSecure());
}

void TestRandom::uniformBelowInRange_data() {
    QTest::addColumn<quint64>("bound");
    QTest::newRow("1") << quint64(1);
    QTest::newRow("3") << quint64(3);
    QTest::newRow("2^63+1") << (quint64(1) << 63) + 1;
    QTest::newRow("max") << ~quint64(0);
}

void TestRandom::uniformBelowInRange() {
    QFETCH(quint64, bound);
    SeededRandom r(3);
    for (int i = 0; i < 10000; ++i) QVERIFY(r.uniformBelow(bound) < bound);
}

void TestRandom::uniformBelowIsUniform() {
    // 60,000 draws in 6 cells: chi-square with 5 degrees of freedom; the 0.999 quantile is 20.52.
    SeededRandom r(2024);
    const int k = 6, n = 60000;
    std::vector<int> counts(k, 0);
    for (int i = 0; i < n; ++i) ++counts[r.uniformBelow(k)];
    double chi2 = 0;
    for (int c : counts) chi2 += (c - n / double(k)) * (c - n / double(k)) / (n / double(k));
    QVERIFY2(chi2 < 20.52, qPrintable(QString("chi2 = %1").arg(chi2)));
}

void TestRandom::uniform01InUnitInterval() {
    SeededRandom r(9);
    double sum = 0;
    const int n = 100000;
    for (int i = 0; i < n; ++i) {
        const double u = r.uniform01();
        QVERIFY(u >= 0.0 && u < 1.0);
        sum += u;
    }
    // Mean of U(0,1) is 1/2 with standard error sqrt(1/12/n) = 0.00091; allow 5 standard errors.
    QVERIFY(std::abs(sum / n - 0.5) < 5 * 0.00091);
}

void TestRandom::derivedSeedsAreDistinct() {
    std::set<std::uint64_t> seeds;
    for (std::uint64_t i = 0; i < 1000; ++i) seeds.insert(SeededRandom::deriveSeed(5, i));
    QCOMPARE(int(seeds.size()), 1000);
}

QTEST_APPLESS_MAIN(TestRandom)
#include "tst_random.moc"
