// `veil-cli release PLAN --engine URI` against real servers started for the test: PostgreSQL
// (a private instance) and ClickHouse as a two-shard cluster (two servers, a Distributed table over
// the shards' tables). The adult 5-anonymity plan run in each engine must give exactly Veil's own
// release as a multiset of rows (and the same class figures); a DP histogram and a mean must be
// released from exactly the aggregates counted here from the CSV; a refused connection spends
// nothing and shows no password; the ClickHouse dialect of plan-sql.
#include "cli_runner.h"
#include "clickhouse_cluster.h"
#include "pg_server.h"
#include "server_guard.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <map>

namespace {

const QString kExamples = QStringLiteral(VEIL_SAMPLES_DIR "/../../docs/examples/");
const QStringList kColumns = {"sex",       "age",        "race",        "marital-status", "education", "native-country",
                              "workclass", "occupation", "salary-class"};

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The adult sample's data lines (no header, no CR).
QStringList adultLines() {
    QString text = QString::fromUtf8(readAll(QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv")));
    text.remove(QLatin1Char('\r'));
    QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    lines.removeFirst();
    return lines;
}

QStringList sorted(QStringList rows) {
    rows.sort();
    return rows;
}

}  // namespace

class TestCliEngine : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QStringList m_expectedRows;  // Veil's own release, sorted
    QJsonObject m_expectedSummary;
    std::map<QString, qint64> m_workclass;  // counted here from the CSV
    double m_clampedAgeSum = 0;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    CliRun release(const QString& plan, const QString& engine, const QString& bundle) {
        return runCli({QStringLiteral("release"), kExamples + plan, QStringLiteral("--engine"), engine,
                       QStringLiteral("--output"), path(bundle), QStringLiteral("--ledger"), path("ledger.sqlite"),
                       QStringLiteral("--json")});
    }

    // The manifest of an anonymization run on an engine, compared with Veil's own release.
    void checkAnonymization(const CliRun& r, const QString& kind) {
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject m = r.json().object();
        const QJsonObject engine = m[QStringLiteral("engine")].toObject();
        QCOMPARE(engine[QStringLiteral("kind")].toString(), kind);
        QCOMPARE(engine[QStringLiteral("data_left_engine")].toBool(true), false);
        QCOMPARE(engine[QStringLiteral("output_table")].toString(), QStringLiteral("veil_release"));
        const QJsonObject s = m[QStringLiteral("summary")].toObject();
        for (const char* key : {"records", "classes", "min_class_size", "suppressed", "transformation"})
            QVERIFY2(s[QLatin1String(key)] == m_expectedSummary[QLatin1String(key)], key);
        QCOMPARE(m[QStringLiteral("files")].toArray().at(0).toObject()[QStringLiteral("name")].toString(),
                 QStringLiteral("release.sql"));
    }

    // veil_aggregates as read back from an engine ("index;label;n" lines) against the CSV's counts.
    void checkWorkclass(const QStringList& lines) {
        QCOMPARE(lines.size(), 8);
        for (const QString& line : lines) {
            const QStringList f = line.split(QLatin1Char(';'));
            QCOMPARE(f.size(), 3);
            QCOMPARE(f[2].toLongLong(), m_workclass[f[1]]);
        }
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const auto r =
            runCli({QStringLiteral("release"), kExamples + "adult-k5-plan.json", QStringLiteral("--output"),
                    path("own"), QStringLiteral("--ledger"), path("ledger.sqlite"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        m_expectedSummary = r.json().object()[QStringLiteral("summary")].toObject();
        QString text = QString::fromUtf8(readAll(path("own/adult-anonymized.csv")));
        text.remove(QLatin1Char('\r'));
        m_expectedRows = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(m_expectedRows.takeFirst(), kColumns.join(QLatin1Char(';')));
        m_expectedRows.sort();
        for (const QString& line : adultLines()) {
            const QStringList f = line.split(QLatin1Char(';'));
            ++m_workclass[f[6]];
            m_clampedAgeSum += std::clamp(f[1].toDouble(), 17.0, 90.0);
        }
        QCOMPARE(m_expectedRows.size(), 30162);
    }

    void postgresql() {
        veil::testing::PgServer pg;
        VEIL_REQUIRE_SERVER(pg.start(), pg.error());
        QFile data(path("adult-lf.csv"));
        QVERIFY(data.open(QIODevice::WriteOnly));
        data.write(adultLines().join(QLatin1Char('\n')).toUtf8() + "\n");
        data.close();
        QString create = QStringLiteral("CREATE TABLE adult (");
        for (int c = 0; c < kColumns.size(); ++c) create += (c ? ", \"" : "\"") + kColumns[c] + "\" text";
        QVERIFY2(
            pg.runScript((create + ");\n\\copy adult FROM '" + data.fileName() + "' WITH (FORMAT csv, DELIMITER ';')\n")
                             .toUtf8()),
            pg.output().constData());
        const QString uri = QStringLiteral("postgresql://veil@127.0.0.1:%1/postgres?table=adult").arg(pg.port());

        checkAnonymization(release("adult-k5-plan.json", uri, "pg-k5"), QStringLiteral("postgresql"));
        QStringList rows = pg.query("SELECT * FROM veil_release");
        rows.replaceInStrings(QStringLiteral("|"), QStringLiteral(";"));
        QCOMPARE(sorted(rows), m_expectedRows);

        const auto h = release("adult-workclass-histogram-plan.json", uri, "pg-hist");
        QVERIFY2(h.exitCode == 0, h.err.constData());
        QStringList aggregates = pg.query("SELECT output_index, label, n FROM veil_aggregates ORDER BY output_index");
        aggregates.replaceInStrings(QStringLiteral("|"), QStringLiteral(";"));
        checkWorkclass(aggregates);
    }

    void clickhouseTwoShards() {
        veil::testing::ClickHouseCluster ch;
        VEIL_REQUIRE_SERVER(ch.start(2), ch.error());
        QString columns;
        for (int c = 0; c < kColumns.size(); ++c) columns += (c ? ", `" : "`") + kColumns[c] + "` String";
        const QStringList lines = adultLines();
        const int half = int(lines.size()) / 2;
        for (int shard = 0; shard < 2; ++shard) {
            QVERIFY2(ch.run(shard, "CREATE TABLE adult_local (" + columns + ") ENGINE = MergeTree ORDER BY tuple()"),
                     qPrintable(ch.error()));
            QStringList part = shard == 0 ? lines.mid(0, half) : lines.mid(half);
            part.replaceInStrings(QStringLiteral(";"), QStringLiteral("\t"));  // adult has no tab or backslash
            QVERIFY2(ch.run(shard, QStringLiteral("INSERT INTO adult_local FORMAT TSV"),
                            part.join(QLatin1Char('\n')).toUtf8() + "\n"),
                     qPrintable(ch.error()));
        }
        QVERIFY2(ch.run(0, QStringLiteral("CREATE TABLE adult AS adult_local "
                                          "ENGINE = Distributed(veil_cluster, default, adult_local, rand())")),
                 qPrintable(ch.error()));
        QVERIFY(ch.run(1, QStringLiteral("SELECT count() FROM adult_local")));
        QCOMPARE(ch.output().trimmed().toInt(), int(lines.size()) - half);  // the second shard holds its half
        const QString uri = QStringLiteral("clickhouse://default@127.0.0.1:%1/default?table=adult").arg(ch.httpPort(0));

        checkAnonymization(release("adult-k5-plan.json", uri, "ch-k5"), QStringLiteral("clickhouse"));
        QVERIFY(ch.run(0, QStringLiteral("SELECT * FROM veil_release FORMAT TSV")));
        QStringList rows = QString::fromUtf8(ch.output()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        rows.replaceInStrings(QStringLiteral("\t"), QStringLiteral(";"));
        QCOMPARE(sorted(rows), m_expectedRows);

        const auto h = release("adult-workclass-histogram-plan.json", uri, "ch-hist");
        QVERIFY2(h.exitCode == 0, h.err.constData());
        // A histogram's row count is its true total: not recorded (a mean's n is public).
        QVERIFY(!h.json().object()[QStringLiteral("exact_aggregates")].toObject().contains(QStringLiteral("rows")));
        QVERIFY(ch.run(0, QStringLiteral("SELECT output_index, label, n FROM veil_aggregates ORDER BY output_index "
                                         "FORMAT TSV")));
        QStringList aggregates = QString::fromUtf8(ch.output()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        aggregates.replaceInStrings(QStringLiteral("\t"), QStringLiteral(";"));
        checkWorkclass(aggregates);

        const auto mean = release("adult-age-mean-plan.json", uri, "ch-mean");
        QVERIFY2(mean.exitCode == 0, mean.err.constData());
        const QJsonObject m = mean.json().object();
        QCOMPARE(m[QStringLiteral("exact_aggregates")].toObject()[QStringLiteral("rows")].toInt(), int(lines.size()));
        QVERIFY(ch.run(0, QStringLiteral("SELECT clamped_sum FROM veil_aggregates FORMAT TSV")));
        QCOMPARE(ch.output().trimmed().toDouble(), m_clampedAgeSum);
        QVERIFY(m[QStringLiteral("privacy")].toObject()[QStringLiteral("private")].toBool());
    }

    void refusedConnectionSpendsNothing() {
        const auto r = release("adult-workclass-histogram-plan.json",
                               QStringLiteral("clickhouse://ann:secret-pw@127.0.0.1:1/default?table=adult"), "refused");
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("cannot connect"), r.err.constData());
        QVERIFY2(!r.err.contains("secret-pw") && !r.out.contains("secret-pw"), r.err.constData());
        QVERIFY(!QFileInfo::exists(path("refused")));
        const auto noTable = release("adult-k5-plan.json", QStringLiteral("postgresql://veil@127.0.0.1:1/db"), "x");
        QVERIFY(noTable.exitCode != 0);
        QVERIFY2(noTable.err.contains("table"), noTable.err.constData());
    }

    void planSqlClickHouseDialect() {
        const auto r = runCli({QStringLiteral("plan-sql"), kExamples + "adult-k5-plan.json",
                               QStringLiteral("--dialect"), QStringLiteral("clickhouse")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("ENGINE = Log"));
        QVERIFY(r.out.contains("ALL INNER JOIN"));
        QVERIFY(r.out.contains("transform(toString(\"age\")"));
        QVERIFY(!r.out.contains("OVER ("));  // no window functions in ClickHouse 18
    }
};

QTEST_GUILESS_MAIN(TestCliEngine)
#include "tst_cli_engine.moc"
