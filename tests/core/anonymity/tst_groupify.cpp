// White-box test of the class computation behind the lattice search: classes rolled up from the
// cache of snapshots (including the level-1 bases and evictions from a deliberately tiny cache)
// must equal the classes computed afresh from the bottom groups, node by node, in any order.
#include "anonymity/detail/groupify.h"
#include "test_support.h"

#include "veil/anonymity/anonymization.h"
#include "veil/common/random.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

using namespace veil;
using namespace veil::anonymity;
using namespace veil::anonymity::detail;
using namespace testsupport;

namespace {

const std::string kSamples = VEIL_SAMPLES_DIR;

// A class as its labels (one per dimension, read from its representative) and its size.
using ClassKey = std::vector<std::uint32_t>;

std::map<ClassKey, std::uint32_t> classesOf(const EncodedData& data, const std::vector<int>& levels,
                                            const NodeClasses& nc) {
    std::map<ClassKey, std::uint32_t> out;
    for (std::size_t c = 0; c < nc.classCount(); ++c) {
        ClassKey key;
        for (std::size_t d = 0; d < data.dimensions(); ++d) key.push_back(data.label(nc.classRep[c], d, levels[d]));
        if (out.count(key)) qFatal("two classes with the same labels");
        out[key] = nc.classSize[c];
    }
    return out;
}

GeneralizationLattice latticeOf(const EncodedData& data) {
    std::vector<int> heights;
    for (const auto& d : data.dims) heights.push_back(d.height);
    return GeneralizationLattice(heights);
}

AnonymizationConfig adultConfig(const std::vector<std::string>& qis) {
    AnonymizationConfig cfg;
    for (const auto& q : qis)
        cfg.quasiIdentifiers.push_back({q, readHierarchy(kSamples + "/adult_hierarchy_" + q + ".csv", q)});
    cfg.models.k = 5;
    return cfg;
}

}  // namespace

class TestGroupify : public QObject {
    Q_OBJECT
private slots:
    void rolledUpEqualsFresh_data();
    void rolledUpEqualsFresh();
    void batchesEqualFresh_data();
    void batchesEqualFresh();
};

void TestGroupify::rolledUpEqualsFresh_data() {
    QTest::addColumn<int>("maxSnapshots");
    QTest::addColumn<int>("maxEntries");
    QTest::addColumn<double>("minRolledShare");  // of the nodes, rolled up from a snapshot
    QTest::addRow("default cache") << 2048 << (1 << 22) << 0.5;
    QTest::addRow("3 snapshots") << 3 << (1 << 22) << 0.1;
    QTest::addRow("1,000 cached classes") << 2048 << 1000 << 0.1;
    QTest::addRow("1 snapshot, 200 classes") << 1 << 200 << 0.01;
}

void TestGroupify::rolledUpEqualsFresh() {
    QFETCH(int, maxSnapshots);
    QFETCH(int, maxEntries);
    QFETCH(double, minRolledShare);
    // Columns out of the file's order on purpose; 5 QIs of adult: a lattice of 5*2*2*3*4 = 240 nodes.
    const Table table = sanitizerSubset(readTable(kSamples + "/adult.csv"), 4);
    const auto cfg = adultConfig({"education", "age", "sex", "marital-status", "race"});
    auto encoded = encodeTable(table, cfg, RunContext{});
    QVERIFY2(encoded.isOk(), encoded.status().message().c_str());
    const EncodedData& data = *encoded;
    const std::size_t maxOutliers = 300;
    Groupifier cached(data, cfg.models, maxOutliers,
                      SnapshotLimits{std::size_t(maxSnapshots), std::size_t(maxEntries)});
    Groupifier fresh(data, cfg.models, maxOutliers);

    const GeneralizationLattice lattice = latticeOf(data);
    const std::vector<std::size_t> order = shuffledNodes(lattice, 7);

    NodeClasses a, b;
    std::size_t rolled = 0;
    for (auto idx : order) {
        const auto levels = lattice.levelsOf(idx);
        cached.run(levels, a, true);
        fresh.run(levels, b, false);
        rolled += a.groupClass.empty() ? 1 : 0;
        QCOMPARE(a.suppressed, b.suppressed);
        QCOMPARE(a.anonymous, b.anonymous);
        QCOMPARE(classesOf(data, levels, a), classesOf(data, levels, b));
    }
    QVERIFY2(double(rolled) > minRolledShare * double(lattice.size()), qPrintable(QString("%1 rolled up").arg(rolled)));
}

// Nodes checked in batches on several threads (runBatch: snapshots chosen first, nodes grouped and
// checked side by side with a workspace and a checker each, then remembered in order) equal the
// nodes computed afresh, with the sensitive histograms that entropy l-diversity and t-closeness
// read, handed over in the batch's order; for 1 to 3 threads and batches of 1 to 16 nodes.
void TestGroupify::batchesEqualFresh_data() {
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("maxSnapshots");
    QTest::addRow("1 thread, batches of 16") << 1 << 16 << 2048;
    QTest::addRow("2 threads, batches of 16") << 2 << 16 << 2048;
    QTest::addRow("3 threads, batches of 7") << 3 << 7 << 2048;
    QTest::addRow("2 threads, batches of 1") << 2 << 1 << 2048;
    QTest::addRow("2 threads, batches of 16, 3 snapshots") << 2 << 16 << 3;
}

void TestGroupify::batchesEqualFresh() {
    QFETCH(int, threads);
    QFETCH(int, batch);
    QFETCH(int, maxSnapshots);
    if (threads == 1 || batch == 1) VEIL_RELEASE_ONLY("the other rows take the same paths, several threads at once");
    const Table table = sanitizerSubset(readTable(kSamples + "/adult.csv"), 8);
    for (int model = 0; model < 2; ++model) {
        auto cfg = adultConfig({"education", "age", "sex", "marital-status", "race"});
        cfg.sensitive = "occupation";
        if (model == 0)
            cfg.models.lDiversity = LDiversity{LDiversityVariant::Entropy, 3.0, 1.0};
        else
            cfg.models.tCloseness = TCloseness{TClosenessVariant::EqualDistance, 0.3};
        auto encoded = encodeTable(table, cfg, RunContext{});
        QVERIFY2(encoded.isOk(), encoded.status().message().c_str());
        const EncodedData& data = *encoded;
        Groupifier batched(data, cfg.models, 300, SnapshotLimits{std::size_t(maxSnapshots), std::size_t(1) << 22});
        Groupifier fresh(data, cfg.models, 300);
        const GeneralizationLattice lattice = latticeOf(data);
        const std::vector<std::size_t> order = shuffledNodes(lattice, 11);
        std::size_t handed = 0, anonymous = 0;
        for (std::size_t begin = 0; begin < order.size(); begin += std::size_t(batch)) {
            std::vector<std::vector<int>> levels;
            for (std::size_t i = begin; i < std::min(order.size(), begin + std::size_t(batch)); ++i)
                levels.push_back(lattice.levelsOf(order[i]));
            std::size_t expected = 0;
            batched.runBatch(levels, threads, [&](std::size_t j, const NodeClasses& a) {
                QCOMPARE(j, expected++);  // in the batch's order
                NodeClasses b;
                fresh.run(levels[j], b, false);
                QCOMPARE(a.suppressed, b.suppressed);
                QCOMPARE(a.anonymous, b.anonymous);
                QCOMPARE(a.outlier.size(), a.classCount());
                QCOMPARE(classesOf(data, levels[j], a), classesOf(data, levels[j], b));
                ++handed;
                anonymous += a.anonymous ? 1 : 0;
            });
            QCOMPARE(expected, levels.size());
        }
        QCOMPARE(handed, lattice.size());
        QVERIFY(anonymous > 0 && anonymous < lattice.size());  // the model decides some nodes each way
    }
}

QTEST_APPLESS_MAIN(TestGroupify)
#include "tst_groupify.moc"
