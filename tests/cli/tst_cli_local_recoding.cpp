// veil-cli with local recoding and local suppression: anonymize --algorithm local-recoding on adult
// (the released file's classes, counted here from its text, all hold at least k records, and fewer
// records are suppressed than by the global optimum), --local-suppression greedy on a hand table
// (every record then matches at least k records with '*' matching anything, counted pairwise
// here), the same with '*' as a value (classes counted from the text), a release plan with both round trip to a bundle,
// bad plan fields name the field, and plan-sql refuses both with a reason.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

namespace {

const QString kSamples = QStringLiteral(VEIL_SAMPLES_DIR);
const QStringList kQis = {"age", "sex", "race", "marital-status", "education"};

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
}

QStringList adultArgs() {
    QStringList args{"anonymize", kSamples + "/adult.csv", "--qi", kQis.join(','), "--k", "5", "--suppression", "0.04"};
    for (const QString& q : kQis) args << "--hierarchy" << q + "=" + kSamples + "/adult_hierarchy_" + q + ".csv";
    return args;
}

// Rows of a ';' or ',' separated file, split (no quoting in these files).
std::vector<QStringList> readRows(const QString& path, QChar sep) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    std::vector<QStringList> rows;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (!line.isEmpty()) rows.push_back(QString::fromUtf8(line).split(sep));
    return rows;
}

// Six records, three QIs, every record unique: k = 2 needs suppression.
const QByteArray kSmall = "a,b,c\n1,x,p\n1,x,q\n2,y,p\n2,z,p\n3,y,q\n4,w,r\n";

QByteArray planJson(const QString& data, const QByteArray& extra) {
    return "{\"kind\": \"anonymization\", \"dataset\": {\"path\": \"" + data.toUtf8() +
           "\"}, \"quasi_identifiers\": [\"a\", \"b\", \"c\"], \"k\": 2, " + extra + "}";
}

// `veil-cli release PLAN` into dir/BUNDLE (ledger dir/l.db): the bundle's manifest, or an empty
// object (stderr logged) when the release failed.
QJsonObject releaseManifest(const QTemporaryDir& dir, const QString& plan, const QString& bundle) {
    const CliRun r = runCli({"release", plan, "--output", dir.filePath(bundle), "--ledger", dir.filePath("l.db")});
    if (r.exitCode != 0) {
        qWarning("release failed: %s", r.err.constData());
        return {};
    }
    QFile manifest(dir.filePath(bundle + "/manifest.json"));
    if (!manifest.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(manifest.readAll()).object();
}

}  // namespace

class TestCliLocalRecoding : public QObject {
    Q_OBJECT
private slots:
    void localRecodingOnAdult();
    void greedyLocalSuppression();
    void valueSemanticsLocalSuppression();
    void plansRoundTripAndRefusals();
    void refusesOptionsOfOtherAlgorithms();
};

void TestCliLocalRecoding::localRecodingOnAdult() {
    QTemporaryDir dir;
    const QString out = dir.filePath("out.csv");
    const CliRun global = runCli(adultArgs() << "--json");
    QVERIFY2(global.exitCode == 0, global.err.constData());
    const CliRun local = runCli(adultArgs() << "--algorithm"
                                            << "local-recoding"
                                            << "--json"
                                            << "--output" << out);
    QVERIFY2(local.exitCode == 0, local.err.constData());
    const QJsonObject g = global.json().object(), l = local.json().object();
    QCOMPARE(l["algorithm"].toString(), QStringLiteral("local-recoding"));
    QVERIFY(l["passes"].toArray().size() >= 2);
    QCOMPARE(l["passes"].toArray()[0].toObject()["transformation"], g["transformation"]);  // pass 0 = the optimum
    QVERIFY(l["suppressed"].toInt() < g["suppressed"].toInt());
    // The released file: classes over the QIs' released text, all of at least 5 records.
    const auto rows = readRows(out, ';');
    QCOMPARE(rows.size(), std::size_t(30162 + 1));
    std::vector<int> cols;
    for (const QString& q : kQis) cols.push_back(int(rows[0].indexOf(q)));
    std::map<QStringList, int> classes;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        QStringList key;
        for (int c : cols) key << rows[r][c];
        ++classes[key];
    }
    for (const auto& [key, n] : classes) QVERIFY2(n >= 5, qPrintable(key.join(',')));
    QCOMPARE(int(classes.size()), l["classes"].toInt());
}

void TestCliLocalRecoding::greedyLocalSuppression() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "small.csv", kSmall), out = dir.filePath("out.csv");
    const CliRun r = runCli({"anonymize", data, "--qi", "a,b,c", "--k", "2", "--algorithm", "none",
                             "--local-suppression", "greedy", "--json", "--output", out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject ls = r.json().object()["local_suppression"].toObject();
    QVERIFY(ls["cells"].toInt() > 0);
    QVERIFY(ls["min_matches"].toInt() >= 2);
    const auto rows = readRows(out, ',');
    QCOMPARE(rows.size(), std::size_t(7));
    int starred = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        int matches = 0;
        for (std::size_t j = 1; j < rows.size(); ++j) {
            bool same = true;
            for (int c = 0; c < 3; ++c) {
                const QString &x = rows[i][c], &y = rows[j][c];
                if (x != QStringLiteral("*") && y != QStringLiteral("*") && x != y) same = false;
            }
            matches += same ? 1 : 0;
        }
        QVERIFY2(matches >= 2, qPrintable(rows[i].join(',')));
        for (int c = 0; c < 3; ++c) starred += rows[i][c] == QStringLiteral("*") ? 1 : 0;
    }
    QCOMPARE(starred, ls["cells"].toInt());
}

// '*' as a value: every released combination, '*' included, occurs at least twice, counted here
// from the file's text. kSmall's optimum is 10 cells (every one of the 8^6 suppression patterns
// tried by a Python script outside the build: record 4,w,r shares no value, so it and a partner
// lose all 3 cells and the other four pair up with one '*' each). A plan says the same.
void TestCliLocalRecoding::valueSemanticsLocalSuppression() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "small.csv", kSmall), out = dir.filePath("out.csv");
    const CliRun r = runCli({"anonymize", data, "--qi", "a,b,c", "--k", "2", "--algorithm", "none",
                             "--local-suppression", "optimal", "--ls-semantics", "value", "--json", "--output", out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject ls = r.json().object()["local_suppression"].toObject();
    QCOMPARE(ls["semantics"].toString(), QStringLiteral("value"));
    QCOMPARE(ls["method"].toString(), QStringLiteral("optimal"));
    QVERIFY(ls["proven_optimal"].toBool());
    QCOMPARE(ls["cells"].toInt(), 10);
    QCOMPARE(ls["min_matches"].toInt(), 2);
    const auto rows = readRows(out, ',');
    QCOMPARE(rows.size(), std::size_t(7));
    std::map<QStringList, int> classes;
    int starred = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        ++classes[rows[i].mid(0, 3)];
        starred += int(rows[i].mid(0, 3).count(QStringLiteral("*")));
    }
    for (const auto& [key, n] : classes) QVERIFY2(n >= 2, qPrintable(key.join(',')));
    QCOMPARE(starred, 10);

    const QString plan = writeFile(dir, "value.json",
                                   planJson(data,
                                            "\"algorithm\": \"none\", \"local_suppression\": \"greedy\", "
                                            "\"local_suppression_semantics\": \"value\""));
    const QJsonObject m = releaseManifest(dir, plan, "bundle");
    QVERIFY2(m["guarantee"].toString().contains("a value of its own"), qPrintable(m["guarantee"].toString()));
    QVERIFY(m["summary"].toObject()["min_class_size"].toInt() >= 2);

    const QString bad = writeFile(dir, "bad.json",
                                  planJson(data,
                                           "\"algorithm\": \"none\", \"local_suppression\": \"greedy\", "
                                           "\"local_suppression_semantics\": \"star\""));
    const CliRun refused = runCli({"release", bad, "--output", dir.filePath("b2"), "--ledger", dir.filePath("l.db")});
    QVERIFY2(refused.exitCode != 0 && refused.err.contains("plan.local_suppression_semantics"),
             refused.err.constData());
    const CliRun unknown = runCli({"anonymize", data, "--qi", "a,b,c", "--k", "2", "--algorithm", "none",
                                   "--local-suppression", "greedy", "--ls-semantics", "star"});
    QVERIFY2(unknown.exitCode == 1 && unknown.err.contains("unknown --ls-semantics 'star'"), unknown.err.constData());
    const CliRun alone = runCli(adultArgs() << "--ls-semantics"
                                            << "value");
    QVERIFY2(alone.exitCode == 1 && alone.err.contains("--ls-semantics applies with --local-suppression"),
             alone.err.constData());
}

void TestCliLocalRecoding::plansRoundTripAndRefusals() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "small.csv", kSmall);
    const QString plan =
        writeFile(dir, "plan.json", planJson(data, "\"algorithm\": \"none\", \"local_suppression\": \"greedy\""));
    const CliRun r = runCli({"release", plan, "--output", dir.filePath("bundle"), "--ledger", dir.filePath("l.db")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QFile::exists(dir.filePath("bundle/manifest.json")));
    QByteArray hierarchies = "\"hierarchies\": {";
    const char* values[3] = {"1;*\n2;*\n3;*\n4;*\n", "x;*\ny;*\nz;*\nw;*\n", "p;*\nq;*\nr;*\n"};
    for (int c = 0; c < 3; ++c) {
        const QString name = QString(QChar('a' + c));
        const QString file = writeFile(dir, "h_" + name + ".csv", values[c]);
        hierarchies += (c ? ", \"" : "\"") + name.toUtf8() + "\": \"" + file.toUtf8() + "\"";
    }
    hierarchies += "}, \"suppression\": 0.5, \"algorithm\": \"local-recoding\"";
    const QString recoding = writeFile(dir, "recoding.json", planJson(data, hierarchies));
    const QJsonObject summary = releaseManifest(dir, recoding, "bundle2")["summary"].toObject();
    QCOMPARE(summary["algorithm"].toString(), QStringLiteral("local-recoding"));
    QVERIFY(summary["passes"].toArray().size() >= 1);
    QVERIFY(!summary.contains("partitions"));
    // Each with its own reason: local recoding's passes, local suppression's choice of cells.
    for (const auto& [p, reason] : {std::pair{plan, QByteArray("local suppression cannot be exported as SQL: which "
                                                               "cells become '*' is chosen record by record")},
                                    std::pair{recoding, QByteArray("local recoding cannot be exported as SQL")}}) {
        const CliRun sql = runCli({"plan-sql", p});
        QVERIFY(sql.exitCode != 0);
        QVERIFY2(sql.err.contains(reason), sql.err.constData());
        QVERIFY2(sql.err.contains("pass after pass") == (p == recoding), sql.err.constData());
    }
    const QString bad = writeFile(dir, "bad.json", planJson(data, "\"algorithm\": \"optimal\", \"gs_factor\": 0.2"));
    const CliRun refused = runCli({"release", bad, "--output", dir.filePath("b2"), "--ledger", dir.filePath("l.db")});
    QVERIFY(refused.exitCode != 0);
    QVERIFY2(refused.err.contains("gs_factor"), refused.err.constData());
    const QString badLs = writeFile(dir, "bad2.json", planJson(data, "\"local_suppression\": \"best\""));
    const CliRun refused2 =
        runCli({"release", badLs, "--output", dir.filePath("b3"), "--ledger", dir.filePath("l.db")});
    QVERIFY2(refused2.exitCode != 0 && refused2.err.contains("local_suppression"), refused2.err.constData());
}

// Every kSmall record is unique: --algorithm none alone would release a table that is not
// 2-anonymous (before: exit 0 with a warning). The local-recoding options with another algorithm
// were ignored (before: exit 0); plans refuse both, naming the field.
void TestCliLocalRecoding::refusesOptionsOfOtherAlgorithms() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "small.csv", kSmall), out = dir.filePath("out.csv");
    const CliRun none = runCli({"anonymize", data, "--qi", "a,b,c", "--k", "2", "--algorithm", "none", "-o", out});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains("--algorithm none needs --local-suppression"), none.err.constData());
    QVERIFY(!QFile::exists(out));
    const QStringList recodingOptions{"--gs-factor", "--iterations", "--adaption"};
    for (const QString& option : recodingOptions) {
        const CliRun r = runCli(adultArgs() << option << (option == "--iterations" ? "3" : "0.2"));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("--gs-factor, --iterations and --adaption apply to --algorithm local-recoding"),
                 r.err.constData());
    }
    const CliRun mondrian =
        runCli({"anonymize", data, "--qi", "a,b,c", "--k", "2", "--algorithm", "mondrian", "--gs-factor", "0.5"});
    QCOMPARE(mondrian.exitCode, 1);
    const CliRun ls = runCli(
        {"anonymize", data, "--qi", "a,b,c", "--k", "2", "--algorithm", "mondrian", "--local-suppression", "greedy"});
    QCOMPARE(ls.exitCode, 1);
    QVERIFY2(ls.err.contains("--local-suppression applies to --algorithm optimal or none"), ls.err.constData());
    const QString plan = writeFile(dir, "none.json", planJson(data, "\"algorithm\": \"none\""));
    const CliRun release =
        runCli({"release", plan, "--output", dir.filePath("bundle"), "--ledger", dir.filePath("l.db")});
    QCOMPARE(release.exitCode, 1);
    QVERIFY2(release.err.contains("plan.local_suppression: is required by algorithm none"), release.err.constData());
    QVERIFY(!QFile::exists(dir.filePath("bundle")));
    // A warning of the run (the optimal suppression limited to 1 record falls back) in the manifest.
    const QString fallback = writeFile(dir, "fallback.json",
                                       planJson(data,
                                                "\"algorithm\": \"none\", \"local_suppression\": \"optimal\", "
                                                "\"local_suppression_max_records\": 1"));
    const QJsonArray warnings = releaseManifest(dir, fallback, "bundle2")["warnings"].toArray();
    QCOMPARE(warnings.size(), 1);
    QVERIFY(warnings[0].toString().startsWith(QStringLiteral("local suppression: ")));
}

QTEST_GUILESS_MAIN(TestCliLocalRecoding)
#include "tst_cli_local_recoding.moc"
