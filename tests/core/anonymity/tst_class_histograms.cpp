// White-box test of the sensitive-value roll-up behind the l-diversity and t-closeness checks:
// (1) histograms merged level by level over random partitions equal the histograms counted
//     directly from the groups (fixed seed; dense and bucketed merges);
// (2) for every node of a small adult lattice, visited in a shuffled order with a small snapshot
//     cache, every class's verdict equals the one computed here from the records, with the
//     definitions written out afresh (Machanavajjhala et al. 2006; Li et al. 2007).
#include "anonymity/detail/class_histograms.h"
#include "anonymity/detail/groupify.h"
#include "test_support.h"

#include "veil/anonymity/anonymization.h"
#include "veil/common/random.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <unordered_map>

using namespace veil;
using namespace veil::anonymity;
using namespace veil::anonymity::detail;
using namespace testsupport;

namespace {

const std::string kSamples = VEIL_SAMPLES_DIR;

std::map<std::uint32_t, std::uint32_t> asMap(const HistogramView& v) {
    std::map<std::uint32_t, std::uint32_t> out;
    for (std::size_t i = 0; i < v.distinct; ++i) {
        if (v.counts[i] == 0) qFatal("a zero count is listed");
        if (!out.emplace(v.codes[i], v.counts[i]).second) qFatal("a code is listed twice");
    }
    return out;
}

// The records of adult with the models' verdict per class computed directly (no encoding).
class DirectVerdicts {
public:
    DirectVerdicts(const Table& table, const AnonymizationConfig& cfg) : m_cfg(cfg) {
        const auto& column = table.column(*table.columnIndex(*cfg.sensitive));
        std::map<std::string, std::uint32_t> index;
        for (std::size_t r = 0; r < table.rowCount(); ++r) index.emplace(column.toString(r), 0);
        for (auto& [value, i] : index) {
            i = std::uint32_t(m_values.size());
            m_values.push_back(value);
        }
        m_global.assign(m_values.size(), 0);
        for (std::size_t r = 0; r < table.rowCount(); ++r) {
            m_value.push_back(index[column.toString(r)]);
            m_global[m_value.back()] += 1.0 / double(table.rowCount());
        }
        // Ordered distance: numeric order of the values (age).
        m_order.resize(m_values.size());
        std::iota(m_order.begin(), m_order.end(), std::uint32_t(0));
        if (cfg.models.tCloseness && cfg.models.tCloseness->variant == TClosenessVariant::OrderedDistance)
            std::sort(m_order.begin(), m_order.end(), [this](std::uint32_t a, std::uint32_t b) {
                return std::stod(m_values[a]) < std::stod(m_values[b]);
            });
    }

    // Verdict of each class of the node, keyed by the packed labels of its records.
    std::unordered_map<std::uint64_t, bool> verdicts(const EncodedData& data, const std::vector<int>& levels) const {
        struct Class {
            std::vector<std::uint32_t> counts;
            std::size_t size = 0, subset = 0;
        };
        std::unordered_map<std::uint64_t, Class> classes;
        for (std::size_t r = 0; r < data.records; ++r) {
            auto& c = classes[key(data, data.recordGroup[r], levels)];
            if (c.counts.empty()) c.counts.assign(m_values.size(), 0);
            ++c.counts[m_value[r]];
            ++c.size;
            if (m_cfg.models.deltaPresence && m_cfg.models.deltaPresence->researchSubset[r]) ++c.subset;
        }
        std::unordered_map<std::uint64_t, bool> out;
        for (const auto& [k, c] : classes) out[k] = satisfies(c.counts, c.size, c.subset);
        return out;
    }

    static std::uint64_t key(const EncodedData& data, std::uint32_t group, const std::vector<int>& levels) {
        std::uint64_t k = 0;
        for (std::size_t d = 0; d < data.dimensions(); ++d) k = k * 1000 + data.label(group, d, levels[d]);
        return k;
    }

private:
    bool satisfies(const std::vector<std::uint32_t>& counts, std::size_t size, std::size_t subset) const {
        const auto& m = m_cfg.models;
        if (size < std::size_t(m.k)) return false;
        std::vector<double> p(counts.size());
        for (std::size_t v = 0; v < counts.size(); ++v) p[v] = double(counts[v]) / double(size);
        if (m.lDiversity && !lDiverse(*m.lDiversity, counts, p)) return false;
        if (m.tCloseness && distance(m.tCloseness->variant, p) > m.tCloseness->t + 1e-12) return false;
        if (m.deltaPresence) {
            const double delta = double(subset) / double(size);
            if (delta < m.deltaPresence->deltaMin || delta > m.deltaPresence->deltaMax) return false;
        }
        return true;
    }

    static bool lDiverse(const LDiversity& ld, std::vector<std::uint32_t> counts, const std::vector<double>& p) {
        std::sort(counts.begin(), counts.end(), std::greater<>());
        const auto distinct = std::size_t(std::count_if(counts.begin(), counts.end(), [](auto c) { return c > 0; }));
        switch (ld.variant) {
            case LDiversityVariant::Distinct:
                return double(distinct) >= ld.l;
            case LDiversityVariant::Entropy: {
                double h = 0;
                for (double x : p)
                    if (x > 0) h -= x * std::log(x);
                return h >= std::log(ld.l) - 1e-12;
            }
            case LDiversityVariant::Recursive: {
                const auto l = std::size_t(ld.l);
                if (distinct < l) return false;
                const double tail = std::accumulate(counts.begin() + std::ptrdiff_t(l - 1), counts.end(), 0.0);
                return double(counts[0]) < ld.c * tail;
            }
        }
        return false;
    }

    double distance(TClosenessVariant variant, const std::vector<double>& p) const {
        double d = 0;
        if (variant == TClosenessVariant::EqualDistance) {
            for (std::size_t v = 0; v < p.size(); ++v) d += std::fabs(p[v] - m_global[v]) / 2;
        } else if (variant == TClosenessVariant::OrderedDistance) {
            double cumulative = 0;
            for (auto v : m_order) d += std::fabs(cumulative += p[v] - m_global[v]);
            d /= double(p.size() - 1);
        } else {
            d = hierarchical(p);
        }
        return d;
    }

    // Li et al. 2007: sum over inner nodes N of height(N)/H x min(positive, negative extra of N's
    // children), the extra of a node being the sum of p - q over the leaves below it.
    double hierarchical(const std::vector<double>& p) const {
        const auto& h = *m_cfg.sensitiveHierarchy;
        const int H = h.height();
        std::map<std::string, double> extra;  // nodes one level down
        for (std::size_t v = 0; v < p.size(); ++v) extra[m_values[v]] = p[v] - m_global[v];
        double d = 0;
        for (int level = 1; level <= H; ++level) {
            std::map<std::string, std::string> parent;
            for (std::size_t row = 0; row < h.rowCount(); ++row)
                parent[h.label(row, std::size_t(level - 1))] = h.label(row, std::size_t(level));
            std::map<std::string, double> pos, neg, next;
            for (const auto& [child, e] : extra) {
                const auto& n = parent.at(child);
                (e > 0 ? pos[n] : neg[n]) += std::fabs(e);
                next[n] += e;
            }
            for (const auto& [n, e] : next) d += double(level) / double(H) * std::min(pos[n], neg[n]);
            extra = next;
        }
        return d;
    }

    const AnonymizationConfig& m_cfg;
    std::vector<std::string> m_values;
    std::vector<std::uint32_t> m_value, m_order;  // per record; value indices by numeric value
    std::vector<double> m_global;
};

}  // namespace

class TestClassHistograms : public QObject {
    Q_OBJECT
private slots:
    void rollUpEqualsDirect_data();
    void rollUpEqualsDirect();
    void verdictsEqualDirect_data();
    void verdictsEqualDirect();
};

void TestClassHistograms::rollUpEqualsDirect_data() {
    QTest::addColumn<int>("codes");
    QTest::newRow("3 codes (dense)") << 3;
    QTest::newRow("14 codes (dense)") << 14;
    QTest::newRow("64 codes (dense, every mask bit)") << 64;
    QTest::newRow("65 codes (bucketed)") << 65;
    QTest::newRow("500 codes (bucketed)") << 500;
}

// 3,000 groups of random code and size merged into 600, then 90, then 7 random classes; the two
// histogram objects are reused alternately so that stale contents would show.
void TestClassHistograms::rollUpEqualsDirect() {
    QFETCH(int, codes);
    SeededRandom rng(11);  // fixed test input, not noise
    const std::size_t groups = 3000;
    std::vector<std::uint32_t> code(groups), size(groups), classOf(groups);
    for (std::size_t g = 0; g < groups; ++g) {
        code[g] = std::uint32_t(rng.uniformBelow(std::uint64_t(codes)));
        size[g] = std::uint32_t(1 + rng.uniformBelow(20));
        classOf[g] = std::uint32_t(g);
    }
    ClassHistograms current = ClassHistograms::ofGroups(std::size_t(codes), code, size), next;
    HistogramScratch scratch;
    for (std::size_t classes : {600, 90, 7}) {
        std::vector<std::uint32_t> target(current.classCount());
        for (auto& t : target) t = std::uint32_t(rng.uniformBelow(classes));
        next.rollUp(current, target.data(), classes, scratch);
        std::vector<std::map<std::uint32_t, std::uint32_t>> direct(classes);
        for (std::size_t g = 0; g < groups; ++g) {
            classOf[g] = target[classOf[g]];
            direct[classOf[g]][code[g]] += size[g];
        }
        QCOMPARE(next.classCount(), classes);
        for (std::size_t c = 0; c < classes; ++c) QCOMPARE(asMap(next.view(c)), direct[c]);
        std::swap(current, next);
    }
}

void TestClassHistograms::verdictsEqualDirect_data() {
    QTest::addColumn<QString>("sensitive");
    QTest::addColumn<int>("model");
    // Thresholds chosen so that, over the lattice, some classes pass and some fail each model.
    QTest::newRow("occupation distinct-4") << "occupation" << 0;
    QTest::newRow("occupation entropy-3.3") << "occupation" << 1;
    QTest::newRow("occupation recursive-(1.5,3)") << "occupation" << 2;
    QTest::newRow("occupation equal t=0.15") << "occupation" << 3;
    QTest::newRow("occupation hierarchical t=0.1") << "occupation" << 4;
    QTest::newRow("age (bucketed) ordered t=0.12") << "age" << 5;
    QTest::newRow("age (bucketed) entropy-4 + equal t=0.3") << "age" << 6;
    QTest::newRow("occupation delta-presence [0.3,0.8]") << "occupation" << 7;
}

void TestClassHistograms::verdictsEqualDirect() {
    QFETCH(QString, sensitive);
    QFETCH(int, model);
    const Table table = sanitizerSubset(readTable(kSamples + "/adult.csv"));
    AnonymizationConfig cfg;
    // 4 x 2 x 3 x 2 x 3 = 144 nodes.
    for (std::string q : {"education", "sex", "marital-status", "race", "workclass"})
        cfg.quasiIdentifiers.push_back({q, readHierarchy(kSamples + "/adult_hierarchy_" + q + ".csv", q)});
    cfg.sensitive = sensitive.toStdString();
    cfg.models.k = 2;
    auto& m = cfg.models;
    if (model == 0) m.lDiversity = LDiversity{LDiversityVariant::Distinct, 4, 1};
    if (model == 1) m.lDiversity = LDiversity{LDiversityVariant::Entropy, 3.3, 1};
    if (model == 2) m.lDiversity = LDiversity{LDiversityVariant::Recursive, 3, 1.5};
    if (model == 3) m.tCloseness = TCloseness{TClosenessVariant::EqualDistance, 0.15};
    if (model == 4) {
        m.tCloseness = TCloseness{TClosenessVariant::HierarchicalDistance, 0.1};
        cfg.sensitiveHierarchy = readHierarchy(kSamples + "/adult_hierarchy_occupation.csv", "occupation");
    }
    if (model == 5) m.tCloseness = TCloseness{TClosenessVariant::OrderedDistance, 0.12};
    if (model == 6) {
        m.lDiversity = LDiversity{LDiversityVariant::Entropy, 4, 1};
        m.tCloseness = TCloseness{TClosenessVariant::EqualDistance, 0.3};
    }
    if (model == 7) {
        SeededRandom rng(3);  // a fixed research subset of about half the records
        m.deltaPresence = DeltaPresence{0.3, 0.8, {}};
        for (std::size_t r = 0; r < table.rowCount(); ++r)
            m.deltaPresence->researchSubset.push_back(rng.uniformBelow(2) == 1);
    }
    auto encoded = encodeTable(table, cfg, RunContext{});
    QVERIFY2(encoded.isOk(), encoded.status().message().c_str());
    const EncodedData& data = *encoded;
    const DirectVerdicts direct(table, cfg);
    Groupifier cached(data, cfg.models, data.records, SnapshotLimits{16, 20000});

    std::vector<int> heights;
    for (const auto& d : data.dims) heights.push_back(d.height);
    GeneralizationLattice lattice(heights);
    const std::vector<std::size_t> order = shuffledNodes(lattice, 7);

    NodeClasses nc;
    std::size_t rolled = 0, passing = 0, failing = 0;
    for (auto idx : order) {
        const auto levels = lattice.levelsOf(idx);
        cached.run(levels, nc, true);
        rolled += nc.groupClass.empty() ? 1 : 0;
        const auto expected = direct.verdicts(data, levels);
        QCOMPARE(nc.classCount(), expected.size());
        std::size_t suppressed = 0;
        for (std::size_t c = 0; c < nc.classCount(); ++c) {
            const bool ok = expected.at(DirectVerdicts::key(data, nc.classRep[c], levels));
            QCOMPARE(!nc.outlier[c], ok);
            (ok ? passing : failing) += 1;
            suppressed += ok ? 0 : nc.classSize[c];
        }
        QCOMPARE(nc.suppressed, suppressed);
    }
    QVERIFY2(rolled * 2 > lattice.size(), qPrintable(QString("%1 rolled up").arg(rolled)));
    QVERIFY2(passing > 0 && failing > 0, qPrintable(QString("%1 pass, %2 fail").arg(passing).arg(failing)));
}

QTEST_APPLESS_MAIN(TestClassHistograms)
#include "tst_class_histograms.moc"
