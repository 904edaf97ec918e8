// Groupifier: the equivalence classes of one lattice node, computed from the bottom groups with an
// open-addressing hash table, and the privacy check of every class (failing classes become
// outliers, i.e. suppressed). A node is anonymous when at most maxOutliers records are suppressed.
// Class sizes, sensitive histograms and research-subset counts roll up from cached snapshots.
#pragma once

#include "anonymity/detail/class_checker.h"
#include "anonymity/detail/encoded_data.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace veil::anonymity::detail {

struct NodeClasses {
    std::vector<std::uint32_t> groupClass;  // per bottom group (empty when rolled up from a snapshot)
    std::vector<std::uint32_t> classSize;
    std::vector<std::uint32_t> classRep;  // first bottom group of each class (class order = first occurrence)
    std::vector<std::uint8_t> outlier;
    ClassHistograms histograms;              // when a model needs the sensitive values
    std::vector<std::uint32_t> classSubset;  // research-subset records per class (delta-presence)
    std::size_t suppressed = 0;
    bool anonymous = false;

    std::size_t classCount() const { return classSize.size(); }
};

// Bounds of the cache of rolled-up class snapshots. Entries are units of 8 bytes: one per cached
// class, plus its sensitive histogram and subset count when the models need them. 64 MB: on
// adult with occupation's histograms (about 4 units a class), 32 MB made the search group 16.1 M
// sources instead of 10.3 M and take 20% longer.
struct SnapshotLimits {
    std::size_t maxSnapshots = 2048;
    std::size_t maxEntries = std::size_t(1) << 23;
};

class Groupifier {
public:
    Groupifier(const EncodedData& data, const PrivacyModels& models, std::size_t maxOutliers,
               SnapshotLimits limits = {});

    // Classes and outliers of the node with these levels (one per QI). With `rollUp` the classes
    // (sizes, histograms, subset counts) are computed from the cached classes of a less
    // generalized node (ARX's snapshots) and groupClass is left empty.
    void run(const std::vector<int>& levels, NodeClasses& out, bool rollUp = false);
    // Classes only (no privacy check, nothing suppressed).
    void classesOnly(const std::vector<int>& levels, NodeClasses& out);
    // run(levels[i], classes, true) for every node, `threads` at a time: the snapshots the nodes
    // roll up from are chosen first (in order, bases made as run() makes them), the nodes are
    // grouped and checked side by side, then handed to `checked` and remembered, in order. A node
    // does not roll up from another of the same batch; the results do not depend on `threads`.
    void runBatch(const std::vector<std::vector<int>>& levels, int threads,
                  const std::function<void(std::size_t, const NodeClasses&)>& checked);

    std::size_t maxOutliers() const { return m_maxOutliers; }
    const ClassChecker& checker() const { return m_work.front().checker; }

private:
    struct Snapshot {
        std::vector<int> levels;
        std::vector<std::uint32_t> rep, size, subset;
        ClassHistograms histograms;
        std::uint64_t lastUse = 0;
        std::size_t entries() const { return entriesOf(rep.size(), histograms, subset); }
    };
    static std::size_t entriesOf(std::size_t classes, const ClassHistograms& histograms,
                                 const std::vector<std::uint32_t>& subset) {
        return classes + (histograms.bytes() + sizeof(std::uint32_t) * subset.size() + 7) / 8;
    }
    void pack(const std::vector<int>& levels, std::uint64_t* words) const;
    // What grouping and checking one node writes besides its classes: one per thread.
    struct Workspace {
        Workspace(const EncodedData& data, const PrivacyModels& models);
        ClassChecker checker;  // keeps scratch of its own
        std::vector<std::uint64_t> slotKeys, radix, sourceKeys;
        std::vector<std::uint32_t> slotClass;            // the class in each slot of the hash table
        std::vector<std::uint32_t> classSize, classRep;  // one entry per bottom group
        std::vector<std::uint32_t> sourceClass;          // the class of each source
        HistogramScratch histogramScratch;
    };
    void group(const std::vector<int>& levels, NodeClasses& out, const Snapshot* from, Workspace& w) const;
    void sourceKeys(const std::vector<int>& levels, const std::uint32_t* reps, std::size_t sources, bool exact,
                    Workspace& w) const;
    void rollUpCounts(NodeClasses& out, const Snapshot* from, const std::uint32_t* sourceClass, Workspace& w) const;
    const Snapshot* bestSnapshot(const std::vector<int>& levels);
    const Snapshot* baseFor(const std::vector<int>& levels);
    bool sameLabels(const std::vector<int>& levels, std::uint32_t groupA, std::uint32_t groupB) const;
    bool makeRoom(const NodeClasses& nc);  // false: not worth caching
    void store(Snapshot snapshot);
    void remember(const std::vector<int>& levels, const NodeClasses& nc);
    void remember(const std::vector<int>& levels, NodeClasses&& nc);
    void check(NodeClasses& out, const ClassChecker& checker) const;

    const EncodedData& m_data;
    PrivacyModels m_models;
    std::size_t m_maxOutliers;
    SnapshotLimits m_limits;
    std::vector<Workspace> m_work;                // [0]: run() and the bases; more for runBatch
    std::vector<std::uint32_t> m_columns;         // bottom groups' codes, dimension-major
    std::vector<std::uint64_t> m_snapshotLevels;  // levels of m_snapshots, packed (see pack)
    std::vector<std::uint64_t> m_packed;          // scratch: the node's packed levels
    std::size_t m_levelWords = 1;
    std::vector<Snapshot> m_snapshots;
    std::size_t m_snapshotEntries = 0;
    std::uint64_t m_clock = 0;
    std::uint64_t m_stores = 0;        // snapshots stored so far (a store may move the others)
    std::vector<NodeClasses> m_batch;  // runBatch's nodes
    NodeClasses m_baseClasses;
    ClassHistograms m_groupHistograms;  // one entry per bottom group
};

}  // namespace veil::anonymity::detail
