// Statistical audit of the release path for table queries (issue 13): count, sum, mean, median,
// numeric histograms with every strategy of the catalogue and categorical histograms (the
// neighbour adds a value outside the declared domain), k-ary randomized response and a release
// plan. Every release goes through a release-mode ReleaseGate (fixed seeds, no ledger); the
// neighbour follows the notion the result states (add-remove or replace-one). A correct release
// keeps the 99% Clopper-Pearson lower bound on its privacy loss <= the epsilon it claims. Power
// checks: half the noise (2 eps claimed as eps) and a data-derived category are caught.
#include "audit_support.h"

#include "veil/dp/column_query.h"
#include "veil/dp/histogram_release.h"
#include "veil/dp/randomized_response.h"
#include "veil/release/release_plan.h"
#include "veil/release/release_runner.h"

#include <QTemporaryDir>

#include <fstream>
#include <set>

using namespace veil;
using namespace veil::audit;

namespace {

constexpr int kScalarReleases = 100000;  // per side
constexpr int kVectorReleases = 30000;
constexpr int kLoopReleases = 20000;  // requests one by one (RR)

std::shared_ptr<const Column> realColumn(const std::vector<double>& values) {
    Column::Builder b("x", ColumnType::Real);
    for (double v : values) b.appendReal(v);
    return b.finish();
}

std::shared_ptr<const Column> textColumn(const std::vector<std::string>& values) {
    Column::Builder b("x", ColumnType::Categorical);
    for (const auto& v : values) b.appendCategory(v);
    return b.finish();
}

// `trials` independent releases of one query through one release-mode gate.
dp::ColumnQueryResult releaseMany(const Column& column, dp::ColumnQuerySpec spec, std::uint64_t seed, int trials) {
    auto gate = auditGate(seed);
    spec.trials = trials;
    auto r = dp::releaseColumnQuery(gate, column, spec, RunContext{});
    if (!r) qFatal("release failed: %s", r.status().message().c_str());
    return std::move(*r);
}

std::vector<double> firstOutput(const dp::ColumnQueryResult& r) {
    std::vector<double> out;
    out.reserve(r.releases.size());
    for (const auto& release : r.releases) out.push_back(release.front());
    return out;
}

// 1, 2, ..., n (bounded by `cap`).
std::vector<double> ramp(int n, double cap) {
    std::vector<double> v;
    for (int i = 1; i <= n; ++i) v.push_back(std::min(cap, double(i)));
    return v;
}

struct Scalars {
    std::vector<double> onD, onNeighbour;
    dp::Neighbouring neighbouring;
    double noiseScale;
};

Scalars scalarAudit(const std::vector<double>& d, const std::vector<double>& neighbour, const dp::ColumnQuerySpec& spec,
                    std::uint64_t seed) {
    auto a = releaseMany(*realColumn(d), spec, seed, kScalarReleases);
    auto b = releaseMany(*realColumn(neighbour), spec, seed + 1, kScalarReleases);
    return {firstOutput(a), firstOutput(b), a.neighbouring, a.noiseScale};
}

}  // namespace

class TestAuditTables : public QObject {
    Q_OBJECT

private slots:
    void count();
    void countWithHalfTheNoiseIsCaught();
    void sum();
    void mean();
    void median();
    void numericHistogram_data();
    void numericHistogram();
    void categoricalHistogramOutOfDomain_data();
    void categoricalHistogramOutOfDomain();
    void dataDerivedCategoryIsCaught();
    void randomizedResponse();
    void releasePlan();
    void cleanupTestCase() { printWorstRatio(); }
};

void TestAuditTables::count() {
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Count;
    spec.epsilon = 1.0;
    const auto d = ramp(20, 20);
    auto neighbour = d;
    neighbour.push_back(5.0);  // add one record
    const Scalars s = scalarAudit(d, neighbour, spec, 101);
    QCOMPARE(s.neighbouring, dp::Neighbouring::AddRemove);
    const double lb = lossLowerBound(s.onD, s.onNeighbour, dp::testutil::thresholdEvents(around(20.5, 1.0)));
    QVERIFY2(recordAudit("count (laplace)", lb, spec.epsilon), qPrintable(QString::number(lb)));
    QVERIFY2(lb > 0.8 * spec.epsilon, "the audit sees most of epsilon");
}

// The broken variant: the noise of 2 eps, claimed as eps. The audit must see more than eps.
void TestAuditTables::countWithHalfTheNoiseIsCaught() {
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Count;
    spec.epsilon = 2.0;
    const auto d = ramp(20, 20);
    auto neighbour = d;
    neighbour.push_back(5.0);
    const Scalars s = scalarAudit(d, neighbour, spec, 111);
    const double lb = lossLowerBound(s.onD, s.onNeighbour, dp::testutil::thresholdEvents(around(20.5, 0.5)));
    QVERIFY2(lb > 1.0, qPrintable(QString("half the noise was not caught: lower bound %1").arg(lb)));
}

void TestAuditTables::sum() {
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Sum;
    spec.epsilon = 1.0;
    spec.lower = 0.0;
    spec.upper = 10.0;
    const auto d = ramp(20, 10);
    auto neighbour = d;
    neighbour.push_back(10.0);  // the largest contribution the bounds allow
    const Scalars s = scalarAudit(d, neighbour, spec, 121);
    QCOMPARE(s.neighbouring, dp::Neighbouring::AddRemove);
    double total = 0;
    for (double v : d) total += v;
    const double lb = lossLowerBound(s.onD, s.onNeighbour, dp::testutil::thresholdEvents(around(total + 5.0, 10.0)));
    QVERIFY2(recordAudit("sum (laplace)", lb, spec.epsilon), qPrintable(QString::number(lb)));
}

void TestAuditTables::mean() {
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Mean;
    spec.epsilon = 1.0;
    spec.lower = 0.0;
    spec.upper = 10.0;
    std::vector<double> d(10, 5.0);
    d[0] = 0.0;
    auto neighbour = d;
    neighbour[0] = 10.0;  // replace one record: the mean's notion
    const Scalars s = scalarAudit(d, neighbour, spec, 131);
    QCOMPARE(s.neighbouring, dp::Neighbouring::Replace);
    const double lb = lossLowerBound(s.onD, s.onNeighbour, dp::testutil::thresholdEvents(around(5.0, s.noiseScale)));
    QVERIFY2(recordAudit("mean (laplace)", lb, spec.epsilon), qPrintable(QString::number(lb)));
}

void TestAuditTables::median() {
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Median;
    spec.mechanism = dp::MechanismKind::Exponential;
    spec.epsilon = 1.0;
    spec.lower = 0.0;
    spec.upper = 100.0;
    std::vector<double> d;
    for (int i = 0; i < 11; ++i) d.push_back(10.0 + 8.0 * i);  // 10, 18, ..., 90: median 50
    auto neighbour = d;
    neighbour.push_back(100.0);  // add one record at the top of the domain
    auto a = releaseMany(*realColumn(d), spec, 141, kVectorReleases);
    auto b = releaseMany(*realColumn(neighbour), spec, 142, kVectorReleases);
    QCOMPARE(a.neighbouring, dp::Neighbouring::AddRemove);
    const double lb =
        lossLowerBound(firstOutput(a), firstOutput(b), dp::testutil::thresholdEvents({42, 46, 50, 54, 58}));
    QVERIFY2(recordAudit("median (exponential)", lb, spec.epsilon), qPrintable(QString::number(lb)));
}

void TestAuditTables::numericHistogram_data() {
    QTest::addColumn<QString>("strategy");
    for (const auto& info : dp::histogramStrategies())
        QTest::newRow(info.id.c_str()) << QString::fromStdString(info.id);
}

// Every strategy of the catalogue; the neighbour adds a value above the declared upper bound.
void TestAuditTables::numericHistogram() {
    QFETCH(QString, strategy);
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Histogram;
    spec.epsilon = 1.0;
    spec.lower = 0.0;
    spec.upper = 8.0;
    spec.binCount = 8;
    spec.strategy = strategy.toStdString();
    std::vector<double> d;
    for (int i = 0; i < 24; ++i) d.push_back(double(i % 8) + 0.5);  // three per bin
    auto neighbour = d;
    neighbour.push_back(25.0);  // outside [0, 8]
    const int releases = strategy == QLatin1String("mwem") ? kVectorReleases / 3 : kVectorReleases;
    auto a = releaseMany(*realColumn(d), spec, 151, releases);
    auto b = releaseMany(*realColumn(neighbour), spec, 152, releases);
    QCOMPARE(a.labels.size(), std::size_t(8));  // the declared bins, whatever the data
    QCOMPARE(b.labels, a.labels);
    Events<std::vector<double>> events;
    for (std::size_t bin : {std::size_t(0), std::size_t(7)})
        for (auto& e : componentThresholds(bin, around(3.5, 1.0, 2))) events.push_back(std::move(e));
    const double lb = lossLowerBound(a.releases, b.releases, events);
    QVERIFY2(recordAudit("numeric histogram (" + spec.strategy + ")", lb, spec.epsilon),
             qPrintable(QString::number(lb)));
}

void TestAuditTables::categoricalHistogramOutOfDomain_data() {
    QTest::addColumn<bool>("otherBin");
    QTest::newRow("other bin") << true;
    QTest::newRow("dropped") << false;
}

void TestAuditTables::categoricalHistogramOutOfDomain() {
    QFETCH(bool, otherBin);
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Histogram;
    spec.epsilon = 1.0;
    spec.categories = {"a", "b", "c"};
    if (otherBin) spec.otherLabel = std::string("other");
    std::vector<std::string> d = {"a", "a", "b", "c", "c", "c"};
    auto neighbour = d;
    neighbour.push_back("z");  // a value outside the declared domain
    auto a = releaseMany(*textColumn(d), spec, 161, kVectorReleases);
    auto b = releaseMany(*textColumn(neighbour), spec, 162, kVectorReleases);
    QCOMPARE(b.labels, a.labels);  // never a new label
    QCOMPARE(a.labels.size(), std::size_t(otherBin ? 4 : 3));
    Events<std::vector<double>> events = componentThresholds(0, around(2.0, 1.0, 2));
    if (otherBin)
        for (auto& e : componentThresholds(3, around(0.5, 1.0, 2))) events.push_back(std::move(e));
    const double lb = lossLowerBound(a.releases, b.releases, events);
    QVERIFY2(
        recordAudit(otherBin ? "categorical histogram (other)" : "categorical histogram (dropped)", lb, spec.epsilon),
        qPrintable(QString::number(lb)));
}

// The broken variant of finding 2: categories read off the data. The neighbour's extra value
// becomes a label, an event of probability 1 under D' and 0 under D.
void TestAuditTables::dataDerivedCategoryIsCaught() {
    auto release = [](const std::vector<std::string>& data, std::uint64_t seed) {
        dp::ColumnQuerySpec spec;
        spec.query = dp::QueryKind::Histogram;
        spec.epsilon = 1.0;
        const std::set<std::string> distinct(data.begin(), data.end());
        spec.categories.assign(distinct.begin(), distinct.end());
        std::vector<std::vector<std::string>> labels;
        for (int i = 0; i < 2000; ++i)
            labels.push_back(releaseMany(*textColumn(data), spec, seed + std::uint64_t(i), 1).labels);
        return labels;
    };
    const std::vector<std::string> d = {"a", "a", "b", "c"};
    auto neighbour = d;
    neighbour.push_back("z");
    const auto a = release(d, 171), b = release(neighbour, 5171);
    Events<std::vector<std::string>> events = {
        [](const std::vector<std::string>& l) { return std::find(l.begin(), l.end(), "z") != l.end(); }};
    const double lb = lossLowerBound(a, b, events);
    QVERIFY2(lb > 1.0, qPrintable(QString("a data-derived label was not caught: lower bound %1").arg(lb)));
}

void TestAuditTables::randomizedResponse() {
    dp::RrRequest request;
    request.epsilon = 1.0;
    request.categories = {"a", "b", "c"};
    std::vector<std::string> d(12, "a");
    d.insert(d.end(), 8, "b");
    d.insert(d.end(), 4, "c");
    auto neighbour = d;
    neighbour[0] = "b";  // replace one respondent's answer
    auto run = [&](const std::vector<std::string>& data, std::uint64_t seed) {
        auto gate = auditGate(seed);
        const auto column = textColumn(data);
        std::vector<std::vector<double>> out;
        for (int i = 0; i < kLoopReleases; ++i) {
            auto r = dp::releaseRandomizedResponse(gate, *column, request, RunContext{});
            if (!r) qFatal("rr failed: %s", r.status().message().c_str());
            out.push_back(r->estimate.observedCounts);
        }
        return out;
    };
    const auto a = run(d, 181), b = run(neighbour, 182);
    Events<std::vector<double>> events = componentThresholds(0, around(10.0, 2.0, 2));
    for (auto& e : componentThresholds(1, around(8.0, 2.0, 2))) events.push_back(std::move(e));
    const double lb = lossLowerBound(a, b, events);
    QVERIFY2(recordAudit("randomized response (k = 3)", lb, request.epsilon), qPrintable(QString::number(lb)));
}

// A dp-query release plan run by core's plan runner (what `veil-cli release` and Run Release
// Plan do) on two dataset files that differ by one row.
void TestAuditTables::releasePlan() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto writeData = [&](const QString& sub, int rows) {
        QDir(dir.path()).mkpath(sub);
        const std::string path = (dir.path() + QLatin1Char('/') + sub + QStringLiteral("/data.csv")).toStdString();
        std::ofstream out(path);
        out << "x\n";
        for (int i = 0; i < rows; ++i) out << i << "\n";
        return path;
    };
    auto run = [&](const std::string& data, std::uint64_t seed) {
        const nlohmann::json json = {{"kind", "dp-query"}, {"dataset", {{"path", data}}},
                                     {"column", "x"},      {"query", "count"},
                                     {"epsilon", 0.5},     {"trials", kScalarReleases}};
        auto plan = release::parseReleasePlan(json, dir.path().toStdString(), "audit plan");
        if (!plan) qFatal("plan: %s", plan.status().message().c_str());
        auto gate = auditGate(seed, "data.csv");
        auto outcome = release::runReleasePlan(*plan, gate);
        if (!outcome) qFatal("plan run: %s", outcome.status().message().c_str());
        const auto answers = nlohmann::json::parse(outcome->files.front().contents);
        std::vector<double> values;
        for (const auto& release : answers["releases"]) values.push_back(release[0]["value"].get<double>());
        return values;
    };
    const auto a = run(writeData(QStringLiteral("d"), 30), 191);
    const auto b = run(writeData(QStringLiteral("neighbour"), 31), 192);
    QCOMPARE(int(a.size()), kScalarReleases);
    const double lb = lossLowerBound(a, b, dp::testutil::thresholdEvents(around(30.5, 2.0)));
    QVERIFY2(recordAudit("release plan (count)", lb, 0.5), qPrintable(QString::number(lb)));
}

QTEST_MAIN(TestAuditTables)
#include "tst_audit_tables.moc"
