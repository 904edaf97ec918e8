// Known keys and the closest-name suggestion (known_keys.h): edit distances derived by hand, the
// threshold that separates a slip of the keyboard from a different word, and the messages.
#include "veil/common/known_keys.h"

#include <QtTest>

using namespace veil;
using nlohmann::json;

class TestKnownKeys : public QObject {
    Q_OBJECT
private slots:
    void distance_data();
    void distance();
    void closest_data();
    void closest();
    void messages();
};

void TestKnownKeys::distance_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("expected");
    QTest::newRow("equal") << "k"
                           << "k" << 0;
    QTest::newRow("empty") << ""
                           << "abc" << 3;
    QTest::newRow("one deletion") << "supression"
                                  << "suppression" << 1;
    QTest::newRow("one substitution") << "gs-factor"
                                      << "gs_factor" << 1;
    QTest::newRow("adjacent swap") << "trails"
                                   << "trials" << 1;  // Levenshtein alone: 2
    QTest::newRow("kitten/sitting") << "kitten"
                                    << "sitting" << 3;  // the textbook example
    QTest::newRow("ca/abc") << "ca"
                            << "abc" << 3;  // OSA: no edit of a swapped pair
}

void TestKnownKeys::distance() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, expected);
    QCOMPARE(int(editDistance(a.toStdString(), b.toStdString())), expected);
    QCOMPARE(int(editDistance(b.toStdString(), a.toStdString())), expected);
}

void TestKnownKeys::closest_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");  // empty: no suggestion
    QTest::newRow("misspelt") << "supression"
                              << "suppression";
    QTest::newRow("hyphen for underscore") << "local-suppression"
                                           << "local_suppression";
    QTest::newRow("case") << "K"
                          << "k";
    // "colour" is 5 edits from every known key: a different word, not a slip.
    QTest::newRow("unrelated") << "colour"
                               << "";
    // "sensitiv" is 1 from "sensitive" and 11 from "sensitive_hierarchy": the nearer wins.
    QTest::newRow("nearest wins") << "sensitiv"
                                  << "sensitive";
}

void TestKnownKeys::closest() {
    QFETCH(QString, name);
    QFETCH(QString, expected);
    const std::vector<std::string> known = {"k", "suppression", "local_suppression", "sensitive",
                                            "sensitive_hierarchy"};
    const auto got = closestName(name.toStdString(), known);
    QCOMPARE(got ? QString::fromStdString(*got) : QString(), expected);
}

void TestKnownKeys::messages() {
    const std::vector<std::string> known = {"table", "delimiter"};
    QCOMPARE(QString::fromStdString(suggestionText("tabel", known)), QString("; did you mean 'table'?"));
    QCOMPARE(QString::fromStdString(suggestionText("colour", known)), QString(" (known: table, delimiter)"));
    QCOMPARE(QString::fromStdString(suggestionText("x", {})), QString(" (none are known here)"));
    QVERIFY(checkKnownKeys(json{{"table", "a.csv"}, {"delimiter", ";"}}, known, "dataset").isOk());
    QVERIFY(checkKnownKeys(json::array({"tabel"}), known, "dataset").isOk());  // not an object: the caller's
    const Status s = checkKnownKeys(json{{"table", "a.csv"}, {"delimter", ";"}}, known, "dataset");
    QCOMPARE(s.code(), StatusCode::InvalidArgument);
    QCOMPARE(QString::fromStdString(s.message()), QString("dataset.delimter: unknown key; did you mean 'delimiter'?"));
    QCOMPARE(QString::fromStdString(checkKnownKeys(json{{"tabel", 1}}, known, "").message()),
             QString("tabel: unknown key; did you mean 'table'?"));
}

QTEST_APPLESS_MAIN(TestKnownKeys)
#include "tst_known_keys.moc"
