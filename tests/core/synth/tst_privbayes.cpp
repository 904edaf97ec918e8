// PrivBayes (Zhang et al., SIGMOD 2014): the score, its sensitivity, candidate parent sets and the
// conditional tables on a 4-row table derived by hand; at a huge epsilon the synthetic 2-way
// marginals are within the sampling error of the real ones; a fixed seed repeats; the charge goes
// through the gate (and its ledger); bad input names the field and charges nothing.
#include "veil/synth/domain_json.h"
#include "veil/synth/marginal_distance.h"
#include "veil/synth/privbayes.h"

#include <QtTest/QtTest>

#include <cmath>
#include <limits>

using namespace veil;
using namespace veil::synth;

namespace {

// Rows (x, y): (0,0) (0,0) (1,1) (1,0).
DiscreteTable handTable() {
    DiscreteTable t;
    t.names = {"x", "y"};
    t.sizes = {2, 2};
    t.codes = {{0, 0, 1, 1}, {0, 0, 1, 0}};
    return t;
}

// n rows: a in 0..3 (integer), b = a mod 3 except every 7th row (categorical x/y/z), c = p/q by a
// parity except every 5th row. Deterministic, with strong dependencies.
Table smallTable(std::size_t n) {
    Column::Builder a("a", ColumnType::Integer, n), b("b", ColumnType::Categorical, n),
        c("c", ColumnType::Categorical, n);
    const char* bs[] = {"x", "y", "z"};
    for (std::size_t r = 0; r < n; ++r) {
        const auto v = static_cast<std::int64_t>((r * 7 + r / 3) % 4);
        a.appendInteger(v);
        b.appendCategory(bs[(static_cast<std::size_t>(v) + (r % 7 == 0 ? 1 : 0)) % 3]);
        c.appendCategory(((v % 2 == 0) != (r % 5 == 0)) ? "p" : "q");
    }
    return Table({a.finish(), b.finish(), c.finish()});
}

std::vector<AttributeDomain> smallDomains() {
    AttributeDomain a{"a", AttributeDomain::Kind::NumericBins, 0, 4, 4, {}, "declared", false};
    AttributeDomain b{"b", AttributeDomain::Kind::Categories, 0, 0, 0, {"x", "y", "z"}, "declared", false};
    AttributeDomain c{"c", AttributeDomain::Kind::Categories, 0, 0, 0, {"p", "q"}, "declared", false};
    return {a, b, c};
}

class RecordingSink final : public dp::ChargeSink {
public:
    std::vector<dp::Charge> charges;
    Result<std::int64_t> charge(const std::string&, const dp::Charge& c) override {
        charges.push_back(c);
        return static_cast<std::int64_t>(charges.size());
    }
    Status check(const std::string&, const dp::PrivacySpend&) override { return Status::ok(); }
};

}  // namespace

class TestPrivBayes : public QObject {
    Q_OBJECT

private slots:
    void mutualInformationByHand() {
        // I(X;Y) = H(X) - H(X|Y) = 1 - 3/4 H(1/3) = 0.3112781 bits.
        const double expected = 1.0 - 0.75 * (-(1.0 / 3) * std::log2(1.0 / 3) - (2.0 / 3) * std::log2(2.0 / 3));
        const double mi = mutualInformation(handTable(), {0, {1}});
        QVERIFY2(std::abs(mi - expected) < 1e-12, qPrintable(QString("%1 vs %2").arg(mi).arg(expected)));
        QCOMPARE(mutualInformation(handTable(), {0, {}}), 0.0);
    }
    void sensitivityLemma41() {
        // n = 4: 2/4 log2(5/2) + 3/4 log2(5/3).
        const double expected = 0.5 * std::log2(2.5) + 0.75 * std::log2(5.0 / 3.0);
        QVERIFY(std::abs(mutualInformationSensitivity(4) - expected) < 1e-12);
        // adult, n = 30162: 2/n log2(15081) + (n-1)/n log2(30163/30161) = 1.0161e-3 bits.
        const double adult = mutualInformationSensitivity(30162);
        QVERIFY2(std::abs(adult - 1.0161e-3) < 1e-6, qPrintable(QString::number(adult)));
    }
    void countsAndConditionalsByHand() {
        // Layout config(y) * 2 + x: y=0 -> x0:2, x1:1; y=1 -> x0:0, x1:1.
        const auto counts = jointCounts(handTable(), {0, {1}});
        QCOMPARE(counts, (std::vector<double>{2, 1, 0, 1}));
        const auto t = conditionalFromCounts({0, {1}}, 2, counts);
        QCOMPARE(t.parentConfigs, std::size_t(2));
        QCOMPARE(t.probability, (std::vector<double>{2.0 / 3, 1.0 / 3, 0, 1}));
        // Noisy counts: negatives clipped; a configuration with no mass left is uniform.
        const auto noisy = conditionalFromCounts({0, {1}}, 2, {-1.5, 3.0, -0.2, 0.0});
        QCOMPARE(noisy.probability, (std::vector<double>{0, 1, 0.5, 0.5}));
    }
    void candidateParentSetsRespectTheCellCap() {
        const std::vector<std::size_t> sizes{2, 3, 4};
        using Sets = std::vector<std::vector<std::size_t>>;
        QCOMPARE(candidateParentSets(sizes, 0, {1, 2}, 2, 8.0), (Sets{{}, {1}, {2}}));
        QCOMPARE(candidateParentSets(sizes, 0, {1, 2}, 2, 100.0), (Sets{{}, {1}, {1, 2}, {2}}));
        QCOMPARE(candidateParentSets(sizes, 0, {1, 2}, 1, 100.0), (Sets{{}, {1}, {2}}));
        QCOMPARE(candidateParentSets(sizes, 0, {1, 2}, 2, 1.0), (Sets{{}}));
    }
    // No row is dropped: a missing value and an undeclared category take the column's public
    // "missing or other" code, so the model's row count is the table's (public under replace-one
    // neighbouring; dropping rows made it depend on the values). Synthetic rows draw declared values only.
    void everyRowIsKept() {
        Column::Builder a("a", ColumnType::Integer, 4), b("b", ColumnType::Categorical, 4);
        for (std::int64_t v : {0, 1, 2, 3}) a.appendInteger(v);
        a.appendMissing();
        for (const char* v : {"x", "y", "w", "z"}) b.appendCategory(v);  // "w" is not declared
        b.appendCategory("x");
        const Table t({a.finish(), b.finish()});
        const auto domains = std::vector<AttributeDomain>{smallDomains()[0], smallDomains()[1]};
        auto d = discretize(t, domains);
        QVERIFY2(d, d.status().message().c_str());
        QCOMPARE(d->table.rowCount(), std::size_t(5));
        QCOMPARE(d->otherRows, std::size_t(2));
        QCOMPARE(d->table.sizes, (std::vector<std::size_t>{5, 4}));
        QCOMPARE(d->table.codes[0][4], std::int32_t(4));  // the missing age
        QCOMPARE(d->table.codes[1][2], std::int32_t(3));  // "w"
        QCOMPARE(domains[1].label(3), std::string("(missing or other)"));
        SeededRandom rng(3);
        const Table back = decode(d->table, domains, {ColumnType::Integer, ColumnType::Categorical}, rng);
        QVERIFY(back.column(0).isMissing(4));
        QVERIFY(back.column(1).isMissing(2));
        auto gate = dp::ReleaseGate::teaching(11);
        PrivBayesOptions o;
        o.epsilon = 0.05;  // noisy enough that the "other" cells get mass
        o.rows = 2000;
        auto rel = releasePrivBayes(gate, t, domains, o);
        QVERIFY2(rel, rel.status().message().c_str());
        for (std::size_t j = 0; j < 2; ++j)
            for (auto code : rel->codes.codes[j]) QVERIFY(static_cast<std::size_t>(code) < domains[j].size());
    }

    void decodeStaysInsideTheBins() {
        // [0, 10] in 2 bins: integers 0..4 and 5..10; reals in [0, 5) and [5, 10).
        AttributeDomain i{"i", AttributeDomain::Kind::NumericBins, 0, 10, 2, {}, "declared", false};
        AttributeDomain x = i;
        x.column = "x";
        DiscreteTable codes;
        codes.names = {"i", "x"};
        codes.sizes = {2, 2};
        for (int r = 0; r < 400; ++r) {
            codes.codes.resize(2);
            codes.codes[0].push_back(r % 2);
            codes.codes[1].push_back(r % 2);
        }
        SeededRandom rng(3);
        const Table t = decode(codes, {i, x}, {ColumnType::Integer, ColumnType::Real}, rng);
        QCOMPARE(t.column(0).type(), ColumnType::Integer);
        QCOMPARE(t.column(1).type(), ColumnType::Real);
        std::int64_t lo1 = 100, hi1 = -1;
        for (std::size_t r = 0; r < 400; ++r) {
            const auto v = t.column(0).integerAt(r);
            const double y = t.column(1).realAt(r);
            if (r % 2 == 0) {
                QVERIFY(v >= 0 && v <= 4);
                QVERIFY(y >= 0 && y < 5);
            } else {
                QVERIFY(v >= 5 && v <= 10);
                QVERIFY(y >= 5 && y < 10);
                lo1 = std::min(lo1, v);
                hi1 = std::max(hi1, v);
            }
        }
        QCOMPARE(lo1, std::int64_t(5));  // every integer of the bin is reachable (200 draws of 6)
        QCOMPARE(hi1, std::int64_t(10));
    }
    // A date column's bounds may be ISO dates: read as day numbers, recorded and labelled as dates;
    // on a column that is not a date they are refused.
    void dateBoundsAreDates() {
        bool isDate = false;
        auto day = parseDomainBound("2020-01-01", &isDate);
        QVERIFY(day && isDate);
        QCOMPARE(*day, 18262.0);
        auto number = parseDomainBound("12.5", &isDate);
        QVERIFY(number && !isDate);
        QCOMPARE(*number, 12.5);
        QVERIFY(!parseDomainBound("2020-13-01"));
        QVERIFY(!parseDomainBound("soon"));
        const auto read = domainsFromJson(
            nlohmann::json::array({{{"column", "d"}, {"bounds", {"2020-01-01", "2020-12-31"}}, {"bins", 2}}}), ".",
            "domains");
        QVERIFY2(read, read.status().message().c_str());
        const AttributeDomain& d = read->front();
        QVERIFY(d.dateBounds);
        QCOMPARE(d.lower, 18262.0);
        QCOMPARE(d.upper, 18627.0);
        QCOMPARE(d.label(0), std::string("[2020-01-01, 2020-07-02)"));  // days 18262 .. 18444
        QCOMPARE(d.label(1), std::string("[2020-07-02, 2020-12-31]"));
        QCOMPARE(d.toJson()["bounds"], nlohmann::json::array({"2020-01-01", "2020-12-31"}));
        QVERIFY(!domainsFromJson(
            nlohmann::json::array(
                {{{"column", "d"}, {"bounds", {nlohmann::json("2020-01-01"), nlohmann::json(5)}}, {"bins", 2}}}),
            ".", "domains"));
        Column::Builder dates("d", ColumnType::Date, 3), ints("d", ColumnType::Integer, 3);
        for (std::int32_t v : {18262, 18500, 18627}) {
            dates.appendDate(v);
            ints.appendInteger(v);
        }
        auto coded = discretize(Table({dates.finish()}), {d});
        QVERIFY2(coded, coded.status().message().c_str());
        QCOMPARE(coded->table.codes[0], (std::vector<std::int32_t>{0, 1, 1}));
        auto refused = discretize(Table({ints.finish()}), {d});
        QVERIFY(!refused);
        QVERIFY2(refused.status().message().find("its bounds are dates") != std::string::npos,
                 refused.status().message().c_str());
    }
    void tvdByHand() {
        DiscreteTable real = handTable(), synth = handTable();
        synth.codes = {{0, 0, 0, 1}, {0, 0, 1, 0}};
        auto one = teachingMarginalTvd(real, synth, 1);
        QVERIFY(one.isOk());
        QCOMPARE(one->averageTvd, 0.125);  // x: 1/2 |2/4 - 3/4| * 2 = 0.25; y: 0
        auto two = teachingMarginalTvd(real, synth, 2);
        QCOMPARE(two->averageTvd, 0.25);  // (1,0) moved to (0,0)
        QVERIFY(!teachingMarginalTvd(real, synth, 4).isOk());
    }

    // Statistical (seeded). At epsilon 1000 the Laplace scale 2d / eps2 is below 0.01 counts and a
    // degree-2 network over 3 columns can hold the whole joint, so the N synthetic rows are close to
    // N draws from the empirical joint: E[TVD] <= 1/2 sqrt(cells / N) (Cauchy-Schwarz), and one row
    // moves a TVD by <= 1/N, so P[TVD > E + t] <= exp(-2 N t^2) (McDiarmid): t = 0.015 -> 1e-4.
    void hugeEpsilonApproachesTheData() {
        const Table table = smallTable(600);
        auto gate = dp::ReleaseGate::teaching(7);
        PrivBayesOptions o;
        o.epsilon = 1000;
        o.maxDegree = 2;
        o.rows = 20000;
        auto rel = releasePrivBayes(gate, table, smallDomains(), o);
        QVERIFY2(rel.isOk(), rel.status().message().c_str());
        auto real = discretize(table, smallDomains());
        auto two = teachingMarginalTvd(real->table, rel->codes, 2);
        const double bound = 0.5 * std::sqrt(12.0 / 20000.0) + 0.015;
        QVERIFY2(two->maxTvd <= bound, qPrintable(QString("max 2-way TVD %1 > %2").arg(two->maxTvd).arg(bound)));
        QCOMPARE(rel->table.rowCount(), std::size_t(20000));
        QCOMPARE(rel->receipt.isPrivate, false);
    }
    void fixedSeedRepeats() {
        const Table table = smallTable(300);
        PrivBayesOptions o;
        o.epsilon = 1;
        auto g1 = dp::ReleaseGate::teaching(11), g2 = dp::ReleaseGate::teaching(11), g3 = dp::ReleaseGate::teaching(12);
        auto a = releasePrivBayes(g1, table, smallDomains(), o);
        auto b = releasePrivBayes(g2, table, smallDomains(), o);
        auto c = releasePrivBayes(g3, table, smallDomains(), o);
        QVERIFY(a.isOk() && b.isOk() && c.isOk());
        QCOMPARE(a->codes.codes, b->codes.codes);
        QCOMPARE(a->plan.dump(), b->plan.dump());
        QVERIFY(a->codes.codes != c->codes.codes);
    }
    void chargeGoesToTheLedger() {
        RecordingSink sink;
        dp::ReleaseGate::Options opts;
        opts.dataset = "small";
        opts.ledger = &sink;
        dp::ReleaseGate gate(opts);
        PrivBayesOptions o;
        o.epsilon = 0.8;
        auto rel = releasePrivBayes(gate, smallTable(300), smallDomains(), o);
        QVERIFY2(rel.isOk(), rel.status().message().c_str());
        QCOMPARE(sink.charges.size(), std::size_t(1));
        QCOMPARE(sink.charges[0].cost.epsilon, 0.8);
        QCOMPARE(sink.charges[0].mechanism, std::string("privbayes"));
        QCOMPARE(sink.charges[0].neighbouring, std::string("replace"));
        QCOMPARE(sink.charges[0].details["epsilon_network"].get<double>(), 0.3 * 0.8);
        QCOMPARE(gate.session().spent().epsilon, 0.8);
        QCOMPARE(rel->receipt.isPrivate, true);
        QCOMPARE(rel->receipt.ledgerEntry.value(), std::int64_t(1));
    }

    void badInputNamesTheField_data() {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("expected");
        QTest::newRow("epsilon 0") << "eps=0"
                                   << "epsilon";
        QTest::newRow("epsilon negative") << "eps=-1"
                                          << "epsilon";
        QTest::newRow("epsilon NaN") << "eps=nan"
                                     << "epsilon";
        QTest::newRow("epsilon infinite") << "eps=inf"
                                          << "epsilon";
        QTest::newRow("beta 1") << "beta=1"
                                << "beta";
        QTest::newRow("bins 0") << "bins=0"
                                << "bins of column 'a'";
        QTest::newRow("bounds reversed") << "bounds"
                                         << "bounds of column 'a'";
        QTest::newRow("no categories") << "nocats"
                                       << "categories of column 'b'";
        QTest::newRow("duplicate category") << "dupcat"
                                            << "column 'b'";
        QTest::newRow("unknown column") << "unknown"
                                        << "nope";
        QTest::newRow("bins on a categorical column") << "binsOnCat"
                                                      << "column 'b'";
        QTest::newRow("data dictionary outside teaching") << "fromData"
                                                          << "column 'c'";
        QTest::newRow("no columns") << "none"
                                    << "columns";
    }
    void badInputNamesTheField() {
        QFETCH(QString, change);
        QFETCH(QString, expected);
        PrivBayesOptions o;
        o.epsilon = 1;
        auto domains = smallDomains();
        if (change == "eps=0") o.epsilon = 0;
        if (change == "eps=-1") o.epsilon = -1;
        if (change == "eps=nan") o.epsilon = std::nan("");
        if (change == "eps=inf") o.epsilon = std::numeric_limits<double>::infinity();
        if (change == "beta=1") o.beta = 1;
        if (change == "bins=0") domains[0].bins = 0;
        if (change == "bounds") std::swap(domains[0].lower, domains[0].upper);
        if (change == "nocats") domains[1].categories.clear();
        if (change == "dupcat") domains[1].categories.push_back("x");
        if (change == "unknown") domains[1].column = "nope";
        if (change == "binsOnCat") domains[1] = {"b", AttributeDomain::Kind::NumericBins, 0, 1, 2, {}, "", false};
        if (change == "fromData") domains[2].fromData = true;
        if (change == "none") domains.clear();
        if (change == "twice") domains.push_back(domains[0]);
        dp::ReleaseGate gate(dp::ReleaseGate::Options{});
        auto rel = releasePrivBayes(gate, smallTable(50), domains, o);
        QVERIFY(!rel.isOk());
        QVERIFY2(QString::fromStdString(rel.status().message()).contains(expected), rel.status().message().c_str());
        QCOMPARE(gate.session().spent().epsilon, 0.0);  // refused before the charge
    }
};

QTEST_GUILESS_MAIN(TestPrivBayes)
#include "tst_privbayes.moc"
