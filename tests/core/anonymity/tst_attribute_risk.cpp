// Attribute risk on a four-record table whose classes are counted by hand:
//   a b c
//   x 1 p
//   x 1 q
//   x 2 p
//   y 2 p
// {a}: x x x | y -> 1 unique, separation 1 - 3*2/(4*3) = 0.5; {b}: 2 + 2 -> 0 uniques, 2/3;
// {c}: like {a}; every pair of columns: 2 + 1 + 1 -> 2 uniques, 5/6; all three: 4 uniques, 1.
#include "test_support.h"
#include "veil/anonymity/attribute_risk.h"

#include <QtTest/QtTest>

using namespace veil::anonymity;

namespace {

veil::Table handTable() {
    return testsupport::textTable({"a", "b", "c"},
                                  {{"x", "1", "p"}, {"x", "1", "q"}, {"x", "2", "p"}, {"y", "2", "p"}});
}

QString names(const AttributeSetRisk& r) {
    QStringList out;
    for (const auto& a : r.attributes) out << QString::fromStdString(a);
    return out.join(QLatin1Char(','));
}

}  // namespace

class TestAttributeRisk : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rankedByHand() {
        auto r = attributeRisk(handTable(), {"a", "b", "c"});
        QVERIFY(r);
        QCOMPARE(int(r->size()), 7);
        const QStringList order = {"a", "c", "b", "a,b", "a,c", "b,c", "a,b,c"};
        const std::vector<std::size_t> uniques = {1, 1, 0, 2, 2, 2, 4};
        const std::vector<double> separation = {0.5, 0.5, 2 / 3., 5 / 6., 5 / 6., 5 / 6., 1.0};
        const std::vector<double> distinction = {0.5, 0.5, 0.5, 0.75, 0.75, 0.75, 1.0};
        for (std::size_t i = 0; i < r->size(); ++i) {
            QCOMPARE(names((*r)[i]), order[int(i)]);
            QCOMPARE((*r)[i].uniques, uniques[i]);
            QVERIFY(std::abs((*r)[i].uniqueness - double(uniques[i]) / 4) < 1e-12);
            QVERIFY(std::abs((*r)[i].separation - separation[i]) < 1e-12);
            QVERIFY(std::abs((*r)[i].distinction - distinction[i]) < 1e-12);
        }
    }

    void limitsTheSetSize() {
        auto r = attributeRisk(handTable(), {"a", "b", "c"}, 1);
        QVERIFY(r);
        QCOMPARE(int(r->size()), 3);
        QCOMPARE(names((*r)[0]), QStringLiteral("a"));
        QCOMPARE(names((*r)[2]), QStringLiteral("b"));
    }

    void refusesBadInput() {
        QVERIFY(!attributeRisk(handTable(), {}));
        auto unknown = attributeRisk(handTable(), {"a", "nope"});
        QVERIFY(!unknown);
        QVERIFY(unknown.status().message().find("nope") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestAttributeRisk)
#include "tst_attribute_risk.moc"
