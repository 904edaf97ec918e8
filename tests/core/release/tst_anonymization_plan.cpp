// Anonymization release plans: the optional "transformation" (a lattice node
// chosen by hand, as the Anonymize view's plan.json records it) is applied
// instead of the search, a wrong length is refused naming the field, and the
// outcome (anonymizationOutcome, shared with the window) carries k, the models
// and a deterministic randomness note. A 4-record table written here:
//   age;sex = 30;M 31;M 32;F 33;F, hierarchies age: 30,31 -> 30-31, 32,33 ->
//   32-33 -> *; sex: value -> *.
#include "veil/common/random.h"
#include "veil/release/release_bundle.h"
#include "veil/release/release_plan.h"
#include "veil/release/release_runner.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace veil;
using nlohmann::json;

namespace {

bool writeText(const QString& path, const QByteArray& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

}  // namespace

class TestAnonymizationPlan : public QObject {
    Q_OBJECT

private slots:
    void init();
    void appliesTransformation_data();
    void appliesTransformation();
    void refusesTransformationOfWrongLength();
    void refusesNoneWithoutLocalSuppression();
    void guaranteePerReleaseKind();
    void warningsReachManifestAndReport();

private:
    json basePlan() const {
        return {{"kind", "anonymization"},
                {"dataset", {{"path", "people.csv"}, {"delimiter", ";"}}},
                {"quasi_identifiers", {"age", "sex"}},
                {"hierarchies", {{"age", "age.csv"}, {"sex", "sex.csv"}}},
                {"k", 2}};
    }
    Result<release::ReleaseOutcome> run(const json& j) const {
        auto plan = release::parseReleasePlan(j, m_dir->path().toStdString(), "plan.json");
        if (!plan) return plan.status();
        auto gate = dp::ReleaseGate::teaching(1);  // a syntactic plan charges nothing
        return release::runReleasePlan(*plan, gate);
    }
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestAnonymizationPlan::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(writeText(m_dir->filePath("people.csv"), "age;sex\n30;M\n31;M\n32;F\n33;F\n"));
    QVERIFY(writeText(m_dir->filePath("age.csv"), "30;30-31;*\n31;30-31;*\n32;32-33;*\n33;32-33;*\n"));
    QVERIFY(writeText(m_dir->filePath("sex.csv"), "M;*\nF;*\n"));
}

void TestAnonymizationPlan::appliesTransformation_data() {
    QTest::addColumn<QVariantList>("levels");  // empty: search
    QTest::addColumn<QString>("firstRow");
    QTest::addColumn<int>("ageLevel");
    QTest::addColumn<int>("sexLevel");
    // Search with k = 2: [age 1, sex 0] gives classes (30-31,M) and (32-33,F) of
    // 2 each; [0,1] leaves singletons (30,*); every other node satisfying k
    // generalizes more, so the search finds [1,0] (by hand).
    QTest::newRow("searched") << QVariantList{} << QStringLiteral("30-31;M") << 1 << 0;
    // The top node [2,1] by hand: everything "*", one class of 4.
    QTest::newRow("top-node") << QVariantList{2, 1} << QStringLiteral("*;*") << 2 << 1;
}

void TestAnonymizationPlan::appliesTransformation() {
    QFETCH(QVariantList, levels);
    QFETCH(QString, firstRow);
    QFETCH(int, ageLevel);
    QFETCH(int, sexLevel);
    json j = basePlan();
    if (!levels.isEmpty()) j["transformation"] = {levels[0].toInt(), levels[1].toInt()};
    auto plan = release::parseReleasePlan(j, m_dir->path().toStdString(), "plan.json");
    QVERIFY2(plan.isOk(), plan.status().message().c_str());
    auto random = dp::ReleaseGate::teaching(1);  // a syntactic plan charges nothing
    auto out = release::runReleasePlan(*plan, random);
    QVERIFY2(out.isOk(), out.status().message().c_str());
    QCOMPARE(out->files.front().fileName, std::string("people-anonymized.csv"));
    const std::string csv = out->files.front().contents;
    QVERIFY2(csv.find("age;sex\n" + firstRow.toStdString() + "\n") == 0, csv.c_str());
    QCOMPARE(out->summary["transformation"]["age"].get<int>(), ageLevel);
    QCOMPARE(out->summary["transformation"]["sex"].get<int>(), sexLevel);
    QCOMPARE(out->summary["k"].get<int>(), 2);
    QCOMPARE(out->summary["models"].get<std::string>(), std::string("2-anonymity"));
    QCOMPARE(out->epsilon, 0.0);
    QVERIFY(out->neighbouring.empty());
    QCOMPARE(out->randomness, std::string("not used (deterministic release)"));
}

void TestAnonymizationPlan::refusesTransformationOfWrongLength() {
    json j = basePlan();
    j["transformation"] = {1};
    auto plan = release::parseReleasePlan(j, m_dir->path().toStdString(), "plan.json");
    QVERIFY(plan.isOk());
    auto ap = release::anonymizationPlan(*plan);
    QVERIFY(!ap.isOk());
    QVERIFY2(ap.status().message().find("plan.transformation: expected a list of 2 levels") != std::string::npos,
             ap.status().message().c_str());
}

// Released as they are, the four records are unique: a bundle saying "at least 2" would be false.
void TestAnonymizationPlan::refusesNoneWithoutLocalSuppression() {
    json j = basePlan();
    j["algorithm"] = "none";
    auto plan = release::parseReleasePlan(j, m_dir->path().toStdString(), "plan.json");
    QVERIFY(plan.isOk());
    auto ap = release::anonymizationPlan(*plan);
    QVERIFY(!ap.isOk());
    QVERIFY2(ap.status().message().find("plan.local_suppression: is required by algorithm none") != std::string::npos,
             ap.status().message().c_str());
}

// Generalization (the searched node [1,0], classes of 2): classes of identical released records.
// Cell suppression (algorithm none, greedy, k = 2; age has more distinct values so is suppressed
// first): 30,M loses its age and matches 31,M; 32,F loses its age and matches 33,F; so every
// record matches 2 records ('*' = any value) while no two released rows are identical: the text
// must not claim that combinations occur at least 2 times (before the fix it did, then patched).
void TestAnonymizationPlan::guaranteePerReleaseKind() {
    auto generalized = run(basePlan());
    QVERIFY2(generalized.isOk(), generalized.status().message().c_str());
    const std::string g = generalized->guarantee;
    QVERIFY2(g.find("Every combination of the quasi-identifiers (2 columns) shared by the released records occurs at "
                    "least 2 times") != std::string::npos,
             g.c_str());
    QVERIFY(g.find("'*'") == std::string::npos);
    QVERIFY(g.find("0 records were suppressed.") != std::string::npos);
    QVERIFY(g.find("syntactic guarantee") != std::string::npos);
    json j = basePlan();
    j["algorithm"] = "none";
    j["local_suppression"] = "greedy";
    auto cells = run(j);
    QVERIFY2(cells.isOk(), cells.status().message().c_str());
    const std::string c = cells->guarantee;
    QVERIFY2(c.find("occurs at least") == std::string::npos, c.c_str());
    QVERIFY2(c.find("every released record matches at least 2 records (k = 2)") != std::string::npos, c.c_str());
    QVERIFY(c.find("may be fewer than 2") != std::string::npos);
    QVERIFY(c.find("syntactic guarantee") != std::string::npos);
    QCOMPARE(cells->summary["local_suppression_cells"].get<int>(), 2);
    QCOMPARE(cells->summary["algorithm"].get<std::string>(), std::string("none"));
    const std::string csv = cells->files.front().contents;
    QVERIFY2(csv == "age;sex\n*;M\n31;M\n*;F\n33;F\n", csv.c_str());
}

// The optimal local suppression limited to 1 record falls back to the greedy rule with a message:
// a warning of the run, which the manifest and the report must carry (before: lost).
void TestAnonymizationPlan::warningsReachManifestAndReport() {
    json j = basePlan();
    j["algorithm"] = "none";
    j["local_suppression"] = "optimal";
    j["local_suppression_max_records"] = 1;
    auto out = run(j);
    QVERIFY2(out.isOk(), out.status().message().c_str());
    QCOMPARE(out->warnings.size(), std::size_t(1));
    QVERIFY2(out->warnings[0].find("local suppression: ") == 0, out->warnings[0].c_str());
    const json manifest = release::buildManifest(*out, "2024-01-01T00:00:00Z");
    QVERIFY(manifest.contains("warnings"));
    QCOMPARE(manifest["warnings"][0].get<std::string>(), out->warnings[0]);
    const std::string html = release::renderReportHtml(*out, manifest);
    QVERIFY(html.find("<h2>Warnings</h2>") != std::string::npos);
    auto plain = run(basePlan());
    QVERIFY(plain.isOk() && plain->warnings.empty());
    QVERIFY(!release::buildManifest(*plain, "2024-01-01T00:00:00Z").contains("warnings"));
}

QTEST_GUILESS_MAIN(TestAnonymizationPlan)
#include "tst_anonymization_plan.moc"
