// Finding a released table and its suppressed token (released_table.h): a bundle folder, its
// manifest.json, or its data file; the token the manifest records (or "*" for an anonymization
// bundle written before Veil recorded it); a plain table outside any bundle; refusals. And the
// anonymization outcome records the token it wrote.
#include "veil/anonymity/risk.h"
#include "veil/release/released_table.h"
#include "veil/release/release_runner.h"

#include <QDir>
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

json manifest(const char* kind, const json& summary) {
    return {{"veil_manifest", 1},
            {"kind", kind},
            {"files", json::array({{{"name", "data.csv"}, {"media_type", "text/csv"}}})},
            {"summary", summary}};
}

}  // namespace

class TestReleasedTable : public QObject {
    Q_OBJECT
private slots:
    void findsTheBundle();
    void tokenOfOlderAndOtherBundles();
    void plainTablesAndRefusals();
};

void TestReleasedTable::findsTheBundle() {
    QTemporaryDir dir;
    QVERIFY(writeText(dir.filePath("data.csv"), "a,b\n1,2\n"));
    QVERIFY(writeText(
        dir.filePath("manifest.json"),
        QByteArray::fromStdString(
            manifest("anonymization", {{"suppressed_token", "#"}, {"quasi_identifiers", {"a", "b"}}}).dump())));
    for (const QString& path : {dir.path(), dir.filePath("manifest.json"), dir.filePath("data.csv")}) {
        auto found = release::findReleasedTable(path.toStdString());
        QVERIFY2(found, found.status().message().c_str());
        QVERIFY(found->has_value());
        QCOMPARE(QDir::cleanPath(QString::fromStdString((*found)->dataPath)),
                 QDir::cleanPath(dir.filePath("data.csv")));
        QCOMPARE((*found)->suppressedToken.value_or("none"), std::string("#"));
        QCOMPARE((*found)->quasiIdentifiers, (std::vector<std::string>{"a", "b"}));
    }
}

void TestReleasedTable::tokenOfOlderAndOtherBundles() {
    QTemporaryDir older, dp;
    QVERIFY(writeText(older.filePath("data.csv"), "a\n*\n"));
    QVERIFY(writeText(older.filePath("manifest.json"),
                      QByteArray::fromStdString(manifest("anonymization", json::object()).dump())));
    auto o = release::findReleasedTable(older.path().toStdString());
    QVERIFY(o && o->has_value());
    QCOMPARE((*o)->suppressedToken.value_or("none"), std::string(anonymity::kSuppressedToken));
    QVERIFY(writeText(dp.filePath("data.csv"), "label,value\n*,3\n"));
    QVERIFY(writeText(dp.filePath("manifest.json"),
                      QByteArray::fromStdString(manifest("dp-query", json::object()).dump())));
    auto d = release::findReleasedTable(dp.path().toStdString());
    QVERIFY(d && d->has_value());
    QVERIFY(!(*d)->suppressedToken);  // "*" is a value there
    // The anonymization outcome records what it wrote.
    anonymity::AnonymizationResult r;
    r.found = true;
    const auto out = release::anonymizationOutcome({json::object(), "in.csv", "", 0, ','}, {}, r);
    QCOMPARE(out.summary.value("suppressed_token", std::string()), std::string(anonymity::kSuppressedToken));
}

void TestReleasedTable::plainTablesAndRefusals() {
    QTemporaryDir dir;
    QVERIFY(writeText(dir.filePath("plain.csv"), "a\n1\n"));
    auto plain = release::findReleasedTable(dir.filePath("plain.csv").toStdString());
    QVERIFY(plain && !plain->has_value());
    // A manifest beside it that does not list it: still a plain table.
    QVERIFY(writeText(dir.filePath("manifest.json"),
                      QByteArray::fromStdString(manifest("anonymization", json::object()).dump())));
    auto other = release::findReleasedTable(dir.filePath("plain.csv").toStdString());
    QVERIFY(other && !other->has_value());
    QVERIFY(release::findReleasedTable("sqlite:db.sqlite?table=t").isOk());
    QTemporaryDir empty;
    auto folder = release::findReleasedTable(empty.path().toStdString());
    QVERIFY(!folder);
    QVERIFY2(folder.status().message().find("a folder, not a table") != std::string::npos,
             folder.status().message().c_str());
    QVERIFY(writeText(empty.filePath("manifest.json"), "{\"kind\": \"anonymization\", \"files\": []}"));
    auto noData = release::findReleasedTable(empty.path().toStdString());
    QVERIFY(!noData);
    QVERIFY2(noData.status().message().find("holds no table") != std::string::npos, noData.status().message().c_str());
}

QTEST_GUILESS_MAIN(TestReleasedTable)
#include "tst_released_table.moc"
