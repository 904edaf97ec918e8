// Randomized response through the gate (privacy review, wave 2): every row is a respondent. Rows
// whose value is missing or outside the declared categories answer uniformly at random, so the
// number of respondents is the table's rows, not the count of the values the steward listed.
#include "veil/common/random.h"
#include "veil/dp/randomized_response.h"
#include "veil/dp/release_gate.h"
#include "veil/table/column.h"

#include <QtTest>

#include <memory>
#include <string>
#include <vector>

using namespace veil;

namespace {
std::shared_ptr<const Column> textColumn(const std::vector<std::string>& values, std::size_t missing = 0) {
    Column::Builder b("diagnosis", ColumnType::Categorical);
    for (const auto& v : values) b.appendCategory(v);
    for (std::size_t i = 0; i < missing; ++i) b.appendMissing();
    return b.finish();
}
}  // namespace

class TestRrRelease : public QObject {
    Q_OBJECT
private slots:
    void respondentsAreTheRows();
    void outOfDomainAnswersUniformly();
    void teachingTruthIsTheEstimand();
};

void TestRrRelease::respondentsAreTheRows() {
    // 7 of 30 rows are "HIV+": listing only it and a bogus category must not release 7.
    std::vector<std::string> values(7, "HIV+");
    values.insert(values.end(), 20, "HIV-");
    dp::RrRequest request;
    request.epsilon = 1.0;
    request.categories = {"HIV+", "zzz"};
    dp::ReleaseGate::Options options;
    options.seed = 4;
    dp::ReleaseGate gate(options);
    auto r = dp::releaseRandomizedResponse(gate, *textColumn(values, 3), request, RunContext{});
    QVERIFY2(r, r.status().message().c_str());
    QCOMPARE(r->respondents, std::size_t(30));
    // A binary --value counts every row too, missing ones included.
    dp::RrRequest binary;
    binary.epsilon = 1.0;
    binary.value = "HIV+";
    auto b = dp::releaseRandomizedResponse(gate, *textColumn(values, 3), binary, RunContext{});
    QVERIFY2(b, b.status().message().c_str());
    QCOMPARE(b->respondents, std::size_t(30));
}

void TestRrRelease::outOfDomainAnswersUniformly() {
    // k = 3: a truth outside [0, 3) reports each category with probability 1/3. 30,000 draws: each
    // count is Binomial(30000, 1/3), sd 81.6; 5 sd = 408.
    auto rr = dp::RandomizedResponse::create(1.0, 3).value();
    SeededRandom rng(12);
    std::vector<int> counts(3, 0);
    for (int i = 0; i < 30000; ++i) ++counts[rr.respond(rng, 3)];
    for (int c : counts) QVERIFY2(std::abs(c - 10000) < 408, qPrintable(QString::number(c)));
}

void TestRrRelease::teachingTruthIsTheEstimand() {
    // 2 "a", 1 "b", 1 outside the domain: a = 2/4 + 1/8, b = 1/4 + 1/8.
    dp::RrRequest request;
    request.epsilon = 1.0;
    request.categories = {"a", "b"};
    auto gate = dp::ReleaseGate::teaching(2);
    auto r = dp::releaseRandomizedResponse(gate, *textColumn({"a", "a", "b", "x"}), request, RunContext{});
    QVERIFY2(r, r.status().message().c_str());
    QCOMPARE(r->trueFractions.size(), std::size_t(2));
    QCOMPARE(r->trueFractions[0], 0.625);
    QCOMPARE(r->trueFractions[1], 0.375);
}

QTEST_APPLESS_MAIN(TestRrRelease)
#include "tst_rr_release.moc"
