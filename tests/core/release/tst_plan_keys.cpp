// Unknown keys in release plans and experiments: every plan kind (anonymization, dp-query,
// synthetic) and every nested object (the dataset, synthetic domains, strategy options, experiment
// datasets, epsilon grids, methods and workloads) refuses a key it does not read, naming the file,
// the key's path and the closest known key; a key of another plan kind says so. Every example plan
// and experiment under docs/examples still parses.
#include "veil/eval/experiment.h"
#include "veil/release/release_plan.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace veil;
using nlohmann::json;

namespace {

const QString kExamples = QStringLiteral(VEIL_SAMPLES_DIR "/../../docs/examples");

bool writeText(const QString& path, const QByteArray& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

}  // namespace

class TestPlanKeys : public QObject {
    Q_OBJECT

private slots:
    void init();
    void refusesUnknownKeys_data();
    void refusesUnknownKeys();
    void refusesUnknownExperimentKeys_data();
    void refusesUnknownExperimentKeys();
    void examplesParse();

private:
    // The message of the first refusal: at loading, or at reading the kind's view.
    std::string refusal(const json& j) const {
        auto plan = release::parseReleasePlan(j, m_dir->path().toStdString(), "plan.json");
        if (!plan) return plan.status().message();
        Status s = plan->kind == "anonymization" ? release::anonymizationPlan(*plan).status()
                   : plan->kind == "dp-query"    ? release::dpQueryPlan(*plan).status()
                                                 : release::syntheticPlan(*plan).status();
        return s.isOk() ? std::string("(accepted)") : s.message();
    }
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestPlanKeys::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(writeText(m_dir->filePath("people.csv"), "age;sex\n30;M\n31;M\n32;F\n33;F\n"));
    QVERIFY(writeText(m_dir->filePath("age.csv"), "30;30-31;*\n31;30-31;*\n32;32-33;*\n33;32-33;*\n"));
    QVERIFY(writeText(m_dir->filePath("sex.csv"), "M;*\nF;*\n"));
}

void TestPlanKeys::refusesUnknownKeys_data() {
    QTest::addColumn<QByteArray>("plan");
    QTest::addColumn<QString>("message");  // the whole message ("(accepted)" when the plan is fine)
    const QByteArray anon = R"("kind": "anonymization", "dataset": {"path": "people.csv", "delimiter": ";"},
        "quasi_identifiers": ["age", "sex"], "hierarchies": {"age": "age.csv", "sex": "sex.csv"}, "k": 2)";
    const QByteArray dp = R"("kind": "dp-query", "dataset": {"path": "people.csv", "delimiter": ";"}, "column": "age",
        "query": "count", "mechanism": "laplace", "epsilon": 0.5)";
    const QByteArray synth = R"("kind": "synthetic", "dataset": {"path": "people.csv", "delimiter": ";"},
        "method": "privbayes", "epsilon": 1, "rows": 4,
        "domains": [{"column": "age", "bounds": [30, 34], "bins": 2}, {"column": "sex", "categories": ["M", "F"]}])";
    auto row = [](const char* name, const QByteArray& base, const QByteArray& extra, const char* message) {
        QTest::newRow(name) << "{" + base + (extra.isEmpty() ? QByteArray() : ", " + extra) + "}" << QString(message);
    };
    row("anonymization as written", anon, "", "(accepted)");
    // The audit's case: both keys misspelt, and the plan released a plain 5-anonymity bundle.
    row("anonymization: misspelt suppression", anon, R"("supression": 0.04)",
        "plan.json: plan.supression: unknown key; did you mean 'suppression'?");
    row("anonymization: hyphen for underscore", anon, R"("local-suppression": "greedy")",
        "plan.json: plan.local-suppression: unknown key; did you mean 'local_suppression'?");
    row("anonymization: gs-factor", anon, R"("algorithm": "local-recoding", "gs-factor": 0.2)",
        "plan.json: plan.gs-factor: unknown key; did you mean 'gs_factor'?");
    row("anonymization: a dp-query key", anon, R"("epsilon": 1)",
        "plan.json: plan.epsilon: unknown key for anonymization plans (it belongs to dp-query and synthetic plans)");
    row("anonymization: dataset key", anon, R"("dataset": {"path": "people.csv", "delimter": ";"})",
        "plan.json: plan.dataset.delimter: unknown key; did you mean 'delimiter'?");
    row("anonymization: hierarchy of no QI", anon, R"("hierarchies": {"age": "age.csv", "sexx": "sex.csv"})",
        "plan.json: plan.hierarchies.sexx: names a column that is not a quasi-identifier; did you mean 'sex'?");
    row("dp-query as written", dp, "", "(accepted)");
    row("dp-query: misspelt epsilon", dp, R"("epsilom": 0.5)",
        "plan.json: plan.epsilom: unknown key; did you mean 'epsilon'?");
    row("dp-query: unrelated key", dp, R"("colour": "red")",
        "plan.json: plan.colour: unknown key (known: kind, name, description, dataset, dataset_key, column, query, "
        "mechanism, epsilon, delta, lower, upper, bins, categories, other, strategy, options, trials)");
    row("dp-query: a synthetic key", dp, R"("rows": 10)",
        "plan.json: plan.rows: unknown key for dp-query plans (it belongs to synthetic plans)");
    row("dp-query: strategy option", dp,
        R"("query": "histogram", "bins": 4, "lower": 30, "upper": 34, "strategy": "hierarchical",
           "options": {"brnaching": 2})",
        "plan.json: options.brnaching: 'hierarchical' has no option 'brnaching'; did you mean 'branching'?");
    row("synthetic as written", synth, "", "(accepted)");
    row("synthetic: misspelt max_degree", synth, R"("max_degre": 2)",
        "plan.json: plan.max_degre: unknown key; did you mean 'max_degree'?");
    row("synthetic: domain key", synth,
        R"("domains": [{"column": "age", "bounds": [30, 34], "bins": 2}, {"column": "sex", "categoris": ["M"]}])",
        "plan.json: plan.domains[1].categoris: unknown key; did you mean 'categories'?");
    row("misspelt kind", R"("kind": "anonymisation")", "",
        "plan.json: plan.kind: must be \"anonymization\", \"dp-query\" or \"synthetic\" (got \"anonymisation\"); did "
        "you mean 'anonymization'?");
}

void TestPlanKeys::refusesUnknownKeys() {
    QFETCH(QByteArray, plan);
    QFETCH(QString, message);
    const json j = json::parse(plan.toStdString());
    QCOMPARE(QString::fromStdString(refusal(j)), message);
}

void TestPlanKeys::refusesUnknownExperimentKeys_data() {
    QTest::addColumn<QByteArray>("experiment");
    QTest::addColumn<QString>("message");
    const QByteArray counts = R"("dataset": {"counts": [1, 2, 3, 4]}, "methods": ["histogram:identity"])";
    QTest::newRow("top level") << "{" + counts + R"(, "trails": 3})"
                               << "trails: unknown key; did you mean 'trials'?";
    QTest::newRow("dataset") << QByteArray(R"({"dataset": {"countz": [1, 2]}, "methods": ["histogram:identity"]})")
                             << "dataset.countz: unknown key; did you mean 'counts'?";
    QTest::newRow("epsilon grid") << "{" + counts + R"(, "epsilon": {"from": 0.1, "too": 1, "count": 3}})"
                                  << "epsilon.too: unknown key; did you mean 'to'?";
    QTest::newRow("method") << QByteArray(R"({"dataset": {"counts": [1, 2]},
                                           "methods": [{"id": "histogram:identity", "lable": "x"}]})")
                            << "methods[0].lable: unknown key; did you mean 'label'?";
    QTest::newRow("workload") << "{" + counts + R"(, "workload": {"generator": "prefix", "cuont": 3}})"
                              << "workload.cuont: unknown key; did you mean 'count'?";
    QTest::newRow("anonymity experiment")
        << QByteArray(R"({"kind": "anonymity", "dataset": {"table": "t.csv"}, "quasi_identifiers": ["a"],
                         "methods": ["mondrian"], "k": [2], "supression": 0.1})")
        << "supression: unknown key; did you mean 'suppression'?";
    // "kind": "differential" names the default kind and is read, not refused.
    QTest::newRow("differential kind") << "{" + counts + R"(, "kind": "differential"})"
                                       << "(accepted)";
}

void TestPlanKeys::refusesUnknownExperimentKeys() {
    QFETCH(QByteArray, experiment);
    QFETCH(QString, message);
    const auto e = eval::parseExperiment(json::parse(experiment.toStdString()));
    QCOMPARE(e.isOk() ? QString("(accepted)") : QString::fromStdString(e.status().message()), message);
}

void TestPlanKeys::examplesParse() {
    const QStringList files = QDir(kExamples).entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(files.size() >= 10);
    for (const QString& name : files) {
        const std::string path = QDir(kExamples).filePath(name).toStdString();
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json j = json::parse(f.readAll().toStdString());
        const std::string kind = j.value("kind", std::string());
        if (kind == "anonymization" || kind == "dp-query" || kind == "synthetic") {
            auto plan = release::loadReleasePlan(path);
            QVERIFY2(plan.isOk(), plan.status().message().c_str());
            const Status s = kind == "anonymization" ? release::anonymizationPlan(*plan).status()
                             : kind == "dp-query"    ? release::dpQueryPlan(*plan).status()
                                                     : release::syntheticPlan(*plan).status();
            QVERIFY2(s.isOk(), s.message().c_str());
        } else {
            auto e = eval::readExperimentFile(path);
            QVERIFY2(e.isOk(), e.status().message().c_str());
        }
    }
}

QTEST_GUILESS_MAIN(TestPlanKeys)
#include "tst_plan_keys.moc"
