// ProjectStore: round trip, migrations from an older schema, refusal of damaged, foreign and
// newer files (left untouched), detection of changed or vanished datasets and relinking.
#include "veil/release/project_store.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace veil;
using namespace veil::release;

namespace {
std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
void spit(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}
}  // namespace

class TestProjectStore : public QObject {
    Q_OBJECT
private slots:
    void roundTrip();
    void opensOlderSchema();
    void refusesNewerSchema();
    void refusesDamagedFile_data();
    void refusesDamagedFile();
    void refusesForeignSqliteFile();
    void missingFileWithoutCreate();
    void detectsChangedAndMissingDatasets();
};

void TestProjectStore::roundTrip() {
    QTemporaryDir dir;
    const std::string project = dir.filePath("p.veil").toStdString();
    const std::string data = dir.filePath("d.csv").toStdString();
    spit(data, "a,b\n1,2\n");
    std::int64_t ds = 0, plan = 0;
    {
        auto store = ProjectStore::open(project, true);
        QVERIFY2(store.isOk(), store.status().message().c_str());
        auto id = (*store)->addDataset("d", data, "table");
        QVERIFY2(id.isOk(), id.status().message().c_str());
        ds = *id;
        QVERIFY((*store)->setDatasetSetting(ds, "roles", {{"a", "quasi-identifier"}}).isOk());
        auto p = (*store)->savePlan("k5", "anonymization", {{"k", 5}});
        QVERIFY(p.isOk());
        plan = *p;
        QVERIFY((*store)->updatePlan(plan, {{"k", 10}}).isOk());
        ReleaseRecord r;
        r.datasetId = ds;
        r.planId = plan;
        r.bundlePath = "/tmp/bundle";
        r.manifest = {{"kind", "anonymization"}};
        r.seedPolicy = "seeded";
        QVERIFY((*store)->insertRelease(r).isOk());
        QVERIFY((*store)->setUiState("window", {{"view", "anonymize"}}).isOk());
    }
    auto store = ProjectStore::open(project, false);
    QVERIFY2(store.isOk(), store.status().message().c_str());
    auto dsets = (*store)->datasets();
    QVERIFY(dsets.isOk());
    QCOMPARE(int(dsets->size()), 1);
    QCOMPARE(QString::fromStdString((*dsets)[0].name), QString("d"));
    // SHA-256 of "a,b\n1,2\n" computed with `printf 'a,b\n1,2\n' | sha256sum`.
    QCOMPARE(QString::fromStdString((*dsets)[0].sha256),
             QString("492d5ea496056f1a6a6592241032fab764c321596317930b4fa0e1e8bc3b7470"));
    auto roles = (*store)->datasetSetting(ds, "roles");
    QVERIFY(roles.isOk() && roles->has_value());
    QCOMPARE(QString::fromStdString((**roles)["a"].get<std::string>()), QString("quasi-identifier"));
    auto plans = (*store)->plans();
    QCOMPARE(int(plans->size()), 1);
    QCOMPARE((*plans)[0].plan["k"].get<int>(), 10);
    auto rels = (*store)->releases(ds);
    QCOMPARE(int(rels->size()), 1);
    QCOMPARE(QString::fromStdString((*rels)[0].seedPolicy), QString("seeded"));
    QCOMPARE(*(*rels)[0].planId, plan);
    auto ui = (*store)->uiState("window");
    QCOMPARE(QString::fromStdString((**ui)["view"].get<std::string>()), QString("anonymize"));
    QCOMPARE(*(*store)->database().userVersion(), kProjectSchemaVersion);
}

void TestProjectStore::opensOlderSchema() {
    // A project written with schema version 1 (the first layout), with one release.
    QTemporaryDir dir;
    const std::string project = dir.filePath("old.veil").toStdString();
    {
        auto db = SqliteDatabase::open(project, SqliteDatabase::OpenMode::CreateIfMissing);
        QVERIFY(db.isOk());
        std::ifstream in(VEIL_TEST_DATA_DIR "/projects/schema_v1.sql");
        std::stringstream sql;
        sql << in.rdbuf();
        QVERIFY2((*db)->exec(sql.str()).isOk(), "schema_v1.sql must run");
    }
    auto store = ProjectStore::open(project, false);
    QVERIFY2(store.isOk(), store.status().message().c_str());
    QCOMPARE(*(*store)->database().userVersion(), kProjectSchemaVersion);
    auto rels = (*store)->releases();
    QVERIFY(rels.isOk());
    QCOMPARE(int(rels->size()), 1);
    QCOMPARE(QString::fromStdString((*rels)[0].seedPolicy), QString("secure"));  // the v2 default
    QCOMPARE((*rels)[0].epsilon, 0.5);
}

void TestProjectStore::refusesNewerSchema() {
    QTemporaryDir dir;
    const std::string project = dir.filePath("new.veil").toStdString();
    {
        auto store = ProjectStore::open(project, true);
        QVERIFY(store.isOk());
        QVERIFY((*store)->database().setUserVersion(kProjectSchemaVersion + 1).isOk());
    }
    auto store = ProjectStore::open(project, false);
    QVERIFY(!store.isOk());
    QCOMPARE(store.status().code(), StatusCode::Unsupported);
    QVERIFY(QString::fromStdString(store.status().message()).contains("newer Veil"));
}

void TestProjectStore::refusesDamagedFile_data() {
    QTest::addColumn<QByteArray>("contents");
    QTest::newRow("text file") << QByteArray("this is not a project\n");
    QTest::newRow("truncated header") << QByteArray("SQLite form");
    QByteArray garbage("SQLite format 3");
    garbage.append('\0');
    garbage.append(QByteArray(4096, '\x5a'));
    QTest::newRow("garbage after header") << garbage;
}

void TestProjectStore::refusesDamagedFile() {
    QFETCH(QByteArray, contents);
    QTemporaryDir dir;
    const std::string project = dir.filePath("bad.veil").toStdString();
    spit(project, contents.toStdString());
    auto store = ProjectStore::open(project, true);
    QVERIFY(!store.isOk());
    QCOMPARE(store.status().code(), StatusCode::ParseError);
    QCOMPARE(QByteArray::fromStdString(slurp(project)), contents);  // never overwritten
}

void TestProjectStore::refusesForeignSqliteFile() {
    QTemporaryDir dir;
    const std::string project = dir.filePath("other.db").toStdString();
    {
        auto db = SqliteDatabase::open(project, SqliteDatabase::OpenMode::CreateIfMissing);
        QVERIFY((*db)->exec("CREATE TABLE t(x); INSERT INTO t VALUES(1);").isOk());
    }
    const std::string before = slurp(project);
    auto store = ProjectStore::open(project, true);
    QVERIFY(!store.isOk());
    QVERIFY(QString::fromStdString(store.status().message()).contains("not a Veil project"));
    QCOMPARE(slurp(project).size(), before.size());
}

void TestProjectStore::missingFileWithoutCreate() {
    auto store = ProjectStore::open("/nonexistent-veil/p.veil", false);
    QVERIFY(!store.isOk());
    QCOMPARE(store.status().code(), StatusCode::NotFound);
}

void TestProjectStore::detectsChangedAndMissingDatasets() {
    QTemporaryDir dir;
    const std::string data = dir.filePath("d.csv").toStdString();
    spit(data, "a\n1\n");
    auto store = ProjectStore::open(dir.filePath("p.veil").toStdString(), true);
    QVERIFY(store.isOk());
    const std::int64_t id = *(*store)->addDataset("d", data, "table");
    QCOMPARE(*(*store)->checkDataset(id), DatasetState::Unchanged);
    spit(data, "a\n2\n");
    QCOMPARE(*(*store)->checkDataset(id), DatasetState::Changed);
    const std::string moved = dir.filePath("moved.csv").toStdString();
    QVERIFY(QFile::rename(QString::fromStdString(data), QString::fromStdString(moved)));
    QCOMPARE(*(*store)->checkDataset(id), DatasetState::Missing);
    QVERIFY((*store)->relinkDataset(id, moved).isOk());
    QCOMPARE(*(*store)->checkDataset(id), DatasetState::Unchanged);
    QVERIFY(!(*store)->relinkDataset(id, dir.filePath("nothing.csv").toStdString()).isOk());
    QCOMPARE((*store)->dataset(999).status().code(), StatusCode::NotFound);
}

QTEST_APPLESS_MAIN(TestProjectStore)
#include "tst_project_store.moc"
