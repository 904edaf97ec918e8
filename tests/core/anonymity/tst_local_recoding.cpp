// Local recoding (ARX's local transformation) on adult: fewer suppressed records than the global
// optimum, every released class k-anonymous (checked on the released table itself), and every
// record's cells equal to its hierarchy labels at the levels of the pass that released it.
#include "test_support.h"

#include <map>

using namespace veil;
using namespace veil::anonymity;
using namespace testsupport;

namespace {

const std::string kSamples = VEIL_SAMPLES_DIR;

AnonymizationConfig adultConfig(Algorithm algorithm) {
    AnonymizationConfig cfg;
    for (const char* q : {"sex", "age", "race", "marital-status", "education", "native-country", "workclass",
                          "occupation", "salary-class"})
        cfg.quasiIdentifiers.push_back({q, readHierarchy(kSamples + "/adult_hierarchy_" + q + ".csv", q)});
    cfg.models.k = 5;
    cfg.suppressionLimit = 0.04;
    cfg.algorithm = algorithm;
    return cfg;
}

}  // namespace

class TestLocalRecoding : public QObject {
    Q_OBJECT
private slots:
    void adultK5() {
        const Table table = sanitizerSubset(readTable(kSamples + "/adult.csv"), 4);
        auto global = anonymize(table, adultConfig(Algorithm::Optimal));
        auto local = anonymize(table, adultConfig(Algorithm::LocalRecoding));
        QVERIFY(global.isOk() && local.isOk());
        QVERIFY(global->found && local->found);
        // Pass 0 is the global optimum.
        QCOMPARE(local->passes.front().transformation, global->transformation);
        QCOMPARE(local->passes.front().records - local->passes.front().released, global->suppressed);
        QVERIFY2(local->suppressed < global->suppressed,
                 qPrintable(QString("local %1 vs global %2").arg(local->suppressed).arg(global->suppressed)));
        QVERIFY(local->passes.size() >= 2);

        // Classes of the released table, grouped here from its texts. A suppressed record (no pass)
        // is '*' throughout; a pass at the top of every hierarchy also releases '*' throughout, as
        // a class of its own (it happens on the sanitizer build's quarter of adult).
        const auto& out = local->output;
        std::vector<std::size_t> qiCols;
        for (const auto& name : local->quasiIdentifiers) qiCols.push_back(*table.columnIndex(name));
        std::map<std::vector<std::string>, std::size_t> classes;
        std::size_t suppressed = 0;
        for (std::size_t r = 0; r < out.rowCount(); ++r) {
            std::vector<std::string> key;
            for (auto c : qiCols) key.push_back(out.column(c).toString(r));
            if (local->recordPass[r] >= 0) {
                ++classes[key];
                continue;
            }
            ++suppressed;
            QVERIFY(std::all_of(key.begin(), key.end(), [](const std::string& s) { return s == "*"; }));
        }
        QCOMPARE(suppressed, local->suppressed);
        for (const auto& [key, size] : classes) QVERIFY2(size >= 5, qPrintable(QString::fromStdString(key[1])));

        // Cell-level generalization: each cell is the record's label at its pass's level.
        const auto cfg = adultConfig(Algorithm::Optimal);
        std::map<std::string, const hierarchy::Hierarchy*> hierarchies;
        for (const auto& q : cfg.quasiIdentifiers) hierarchies[q.column] = &*q.hierarchy;
        for (std::size_t r = 0; r < out.rowCount(); r += 97) {
            if (local->recordPass[r] < 0) continue;
            const auto& levels = local->passes[std::size_t(local->recordPass[r])].transformation;
            for (std::size_t d = 0; d < qiCols.size(); ++d) {
                const auto* h = hierarchies[local->quasiIdentifiers[d]];
                const auto row = h->findValue(table.column(qiCols[d]).toString(r));
                QVERIFY(row.has_value());
                QCOMPARE(out.column(qiCols[d]).toString(r), h->label(*row, std::size_t(levels[d])));
            }
        }
    }

    void refusesBadOptions() {
        const Table table = textTable({"a"}, {{"x"}, {"y"}});
        AnonymizationConfig cfg;
        cfg.quasiIdentifiers.push_back({"a", rowsHierarchy("a", {{"x", "*"}, {"y", "*"}})});
        cfg.algorithm = Algorithm::LocalRecoding;
        cfg.localRecoding.gsFactor = 1.5;
        QVERIFY(!anonymize(table, cfg).isOk());
        cfg.localRecoding.gsFactor = 0.5;
        cfg.localRecoding.iterations = 0;
        QVERIFY(!anonymize(table, cfg).isOk());
    }
};

QTEST_MAIN(TestLocalRecoding)
#include "tst_local_recoding.moc"
