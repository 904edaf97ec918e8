// Status, Result and the shared validators: messages name the parameter and the value.
#include "veil/common/status.h"
#include "veil/common/validate.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace veil;

class TestStatus : public QObject {
    Q_OBJECT
private slots:
    void resultHoldsValueOrStatus();
    void contextIsPrefixed();
    void epsilonValidation_data();
    void epsilonValidation();
    void orderedBounds();
    void locations();
};

void TestStatus::resultHoldsValueOrStatus() {
    Result<int> ok = 5;
    QVERIFY(ok.isOk());
    QCOMPARE(*ok, 5);
    QVERIFY(ok.status().isOk());
    Result<int> bad = Status::invalidArgument("nope");
    QVERIFY(!bad.isOk());
    QCOMPARE(bad.status().code(), StatusCode::InvalidArgument);
}

void TestStatus::contextIsPrefixed() {
    const Status s = Status::notFound("value '99' not covered").withContext("hierarchy 'age'");
    QCOMPARE(QString::fromStdString(s.message()), QString("hierarchy 'age': value '99' not covered"));
    QVERIFY(Status::ok().withContext("x").isOk());
    // A message that already starts with the context is not prefixed again ("method 'a': method
    // 'a' options.x: ..."); one that merely begins with the same letters is.
    const Status named = Status::invalidArgument("method 'a' options.x: bad");
    QCOMPARE(named.withContext("method 'a'").message(), std::string("method 'a' options.x: bad"));
    QCOMPARE(Status::invalidArgument("method 'a': bad").withContext("method 'a'").message(),
             std::string("method 'a': bad"));
    QCOMPARE(Status::invalidArgument("ages: bad").withContext("age").message(), std::string("age: ages: bad"));
    QCOMPARE(named.withContext("method 'ab'").message(), std::string("method 'ab': method 'a' options.x: bad"));
}

void TestStatus::epsilonValidation_data() {
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<QString>("message");  // empty = accepted
    QTest::newRow("positive") << 0.5 << "";
    QTest::newRow("zero") << 0.0 << "epsilon must be a positive finite number (got 0)";
    QTest::newRow("negative") << -1.0 << "epsilon must be a positive finite number (got -1)";
    QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN()
                         << "epsilon must be a positive finite number (got NaN)";
    QTest::newRow("infinite") << std::numeric_limits<double>::infinity()
                              << "epsilon must be a positive finite number (got inf)";
}

void TestStatus::epsilonValidation() {
    QFETCH(double, epsilon);
    QFETCH(QString, message);
    const Status s = requirePositiveFinite(epsilon, "epsilon");
    QCOMPARE(s.isOk(), message.isEmpty());
    QCOMPARE(QString::fromStdString(s.message()), message);
}

void TestStatus::orderedBounds() {
    QVERIFY(requireOrdered(0, 1, "lower", "upper").isOk());
    const Status s = requireOrdered(2, 1, "lower", "upper");
    QCOMPARE(QString::fromStdString(s.message()), QString("lower (2) must not exceed upper (1)"));
    QVERIFY(!requireHalfOpenProbability(1.0, "delta").isOk());
    QVERIFY(requireHalfOpenProbability(0.0, "delta").isOk());
}

void TestStatus::locations() {
    QCOMPARE(QString::fromStdString(formatLocation("a.csv", 12, 3)), QString("a.csv:12:3"));
    QCOMPARE(QString::fromStdString(formatLocation("a.csv", 12)), QString("a.csv:12"));
    QCOMPARE(QString::fromStdString(formatLocation("a.csv", 0)), QString("a.csv"));
}

QTEST_APPLESS_MAIN(TestStatus)
#include "tst_status.moc"
