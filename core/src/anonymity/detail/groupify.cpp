#include "anonymity/detail/groupify.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <system_error>
#include <thread>

namespace veil::anonymity::detail {

namespace {
constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
}  // namespace

// A snapshot with at most 1/kBaseThreshold of the bottom groups is used as it is (measured on
// adult: 4 beats 1, 2, 8 and 16 in instructions).
constexpr std::size_t kBaseThreshold = 4;

Groupifier::Workspace::Workspace(const EncodedData& data, const PrivacyModels& models)
    : checker(data.sensitive, models) {
    std::size_t cap = 16;
    while (cap < data.groups * 2) cap <<= 1;
    slotKeys.assign(cap, 0);
    slotClass.assign(cap, kEmpty);
    radix.resize(data.dimensions());
    classSize.resize(data.groups);
    classRep.resize(data.groups);
    sourceClass.resize(data.groups);
}

Groupifier::Groupifier(const EncodedData& data, const PrivacyModels& models, std::size_t maxOutliers,
                       SnapshotLimits limits)
    : m_data(data), m_models(models), m_maxOutliers(maxOutliers), m_limits(limits) {
    m_work.emplace_back(data, models);
    if (checker().needsHistogram())
        m_groupHistograms =
            ClassHistograms::ofGroups(data.sensitive.values.size(), data.groupSensitive, data.groupSize);
    // The bottom groups' codes, one contiguous column per dimension.
    const std::size_t m = data.dimensions();
    m_levelWords = (m + 7) / 8;
    for (const auto& d : data.dims)
        if (d.height >= 128) m_limits.maxSnapshots = 0;  // levels do not fit the packed scan: no cache
    m_columns.resize(m * data.groups);
    for (std::size_t g = 0; g < data.groups; ++g)
        for (std::size_t d = 0; d < m; ++d) m_columns[d * data.groups + g] = data.groupRow[g * m + d];
}

// Levels packed eight to a 64-bit word, one byte each (heights are below 128, see the constructor).
void Groupifier::pack(const std::vector<int>& levels, std::uint64_t* words) const {
    std::fill_n(words, m_levelWords, 0);
    for (std::size_t d = 0; d < levels.size(); ++d) words[d / 8] |= std::uint64_t(levels[d]) << (8 * (d % 8));
}

const Groupifier::Snapshot* Groupifier::bestSnapshot(const std::vector<int>& levels) {
    Snapshot* best = nullptr;
    const std::size_t w = m_levelWords;
    m_packed.resize(w);
    pack(levels, m_packed.data());
    // Every byte of the snapshot's levels is at most the node's: (node | H) - snapshot keeps each
    // byte's high bit exactly when the byte is not below (bytes < 128, so no borrow crosses bytes).
    constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
    const std::uint64_t* flat = m_snapshotLevels.data();
    for (std::size_t i = 0; i < m_snapshots.size(); ++i, flat += w) {
        bool below = true;
        for (std::size_t k = 0; k < w && below; ++k) below = (((m_packed[k] | kHigh) - flat[k]) & kHigh) == kHigh;
        if (below && (!best || m_snapshots[i].size.size() < best->size.size())) best = &m_snapshots[i];
    }
    if (best) best->lastUse = ++m_clock;
    return best;
}

bool Groupifier::makeRoom(const NodeClasses& nc) {
    // Nothing to gain over the bottom groups, or no cache.
    if (nc.classCount() == m_data.groups || m_limits.maxSnapshots == 0) return false;
    const std::size_t entries = entriesOf(nc.classCount(), nc.histograms, nc.classSubset);
    if (entries > m_limits.maxEntries) return false;
    // Least recently used snapshots go first when the cache is full.
    while (!m_snapshots.empty() &&
           (m_snapshots.size() >= m_limits.maxSnapshots || m_snapshotEntries + entries > m_limits.maxEntries)) {
        auto victim = std::min_element(m_snapshots.begin(), m_snapshots.end(),
                                       [](const Snapshot& a, const Snapshot& b) { return a.lastUse < b.lastUse; });
        const std::size_t w = m_levelWords, v = std::size_t(victim - m_snapshots.begin());
        m_snapshotEntries -= victim->entries();
        *victim = std::move(m_snapshots.back());
        m_snapshots.pop_back();
        std::copy_n(m_snapshotLevels.end() - std::ptrdiff_t(w), w, m_snapshotLevels.begin() + std::ptrdiff_t(v * w));
        m_snapshotLevels.resize(m_snapshotLevels.size() - w);
    }
    m_snapshotEntries += entries;
    ++m_stores;
    return true;
}

void Groupifier::store(Snapshot snapshot) {
    m_snapshotLevels.resize(m_snapshotLevels.size() + m_levelWords);
    pack(snapshot.levels, m_snapshotLevels.data() + m_snapshotLevels.size() - m_levelWords);
    m_snapshots.push_back(std::move(snapshot));
}

void Groupifier::remember(const std::vector<int>& levels, const NodeClasses& nc) {
    if (makeRoom(nc)) store(Snapshot{levels, nc.classRep, nc.classSize, nc.classSubset, nc.histograms, ++m_clock});
}

void Groupifier::remember(const std::vector<int>& levels, NodeClasses&& nc) {
    if (makeRoom(nc))
        store(Snapshot{levels, std::move(nc.classRep), std::move(nc.classSize), std::move(nc.classSubset),
                       std::move(nc.histograms), ++m_clock});
}

const Groupifier::Snapshot* Groupifier::baseFor(const std::vector<int>& levels) {
    const Snapshot* from = bestSnapshot(levels);
    // Nodes the search checks first usually have no checked node below them (their
    // predecessors were tagged, not checked). The node capped at level 1 in every dimension is
    // below them and below many later nodes, and costs one pass over a usually much smaller
    // source: cache it and roll up from it (ARX's history of snapshots, extended to such bases).
    std::vector<int> base(levels.size());
    bool lower = false, above = false;
    for (std::size_t d = 0; d < levels.size(); ++d) {
        base[d] = std::min(levels[d], 1);
        lower = lower || base[d] != levels[d];
        above = above || base[d] > 0;
    }
    if (!lower || !above) return from;
    if (from && from->size.size() * kBaseThreshold <= m_data.groups) return from;  // small enough already
    if (from) {
        bool covers = true;  // the snapshot is already at or above the base
        for (std::size_t d = 0; d < levels.size() && covers; ++d) covers = from->levels[d] >= base[d];
        if (covers) return from;
    }
    group(base, m_baseClasses, bestSnapshot(base), m_work[0]);
    remember(base, m_baseClasses);
    return bestSnapshot(levels);
}

// The key of every source, one dimension at a time (tight loops over contiguous columns): exact
// mixed-radix keys (radices in w.radix) or hashes. A dimension generalized to a single label (its
// top) adds nothing to a key and is skipped.
void Groupifier::sourceKeys(const std::vector<int>& levels, const std::uint32_t* reps, std::size_t sources, bool exact,
                            Workspace& w) const {
    const std::size_t m = m_data.dimensions();
    w.sourceKeys.resize(sources);
    std::uint64_t* keys = w.sourceKeys.data();
    auto keysFrom = [&](auto source) {  // source(i): the bottom group of source i
        bool first = true;
        for (std::size_t d = 0; d < m; ++d) {
            if (m_data.dims[d].labelText[std::size_t(levels[d])].size() == 1) continue;
            const std::uint32_t* label = m_data.dims[d].rowLabel[std::size_t(levels[d])].data();
            const std::uint32_t* column = m_columns.data() + d * m_data.groups;
            const std::uint64_t radix = w.radix[d];
            const std::uint64_t salt = 0x9e3779b97f4a7c15ULL * (d + 1);
            if (exact && first) {
                for (std::size_t i = 0; i < sources; ++i) keys[i] = label[column[source(i)]] * radix;
            } else if (exact) {
                for (std::size_t i = 0; i < sources; ++i) keys[i] += std::uint64_t(label[column[source(i)]]) * radix;
            } else {
                for (std::size_t i = 0; i < sources; ++i)
                    keys[i] = mixKey((first ? 0 : keys[i]) ^ (std::uint64_t(label[column[source(i)]]) + salt));
            }
            first = false;
        }
        if (first) std::fill_n(keys, sources, 0);  // every dimension at its top: one class
    };
    if (reps)
        keysFrom([reps](std::size_t i) { return reps[i]; });
    else
        keysFrom([](std::size_t i) { return i; });
}

void Groupifier::group(const std::vector<int>& levels, NodeClasses& out, const Snapshot* from, Workspace& w) const {
    const std::size_t m = m_data.dimensions();
    // Exact mixed-radix key when the label space fits in 64 bits, else a hash verified on match.
    bool exact = true;
    unsigned __int128 space = 1;
    for (std::size_t d = 0; d < m; ++d) {
        w.radix[d] = std::uint64_t(space);
        space *= m_data.dims[d].labelText[std::size_t(levels[d])].size();
        if (space >> 63) exact = false;
    }
    const std::size_t sources = from ? from->rep.size() : m_data.groups;
    const std::uint32_t* reps = from ? from->rep.data() : nullptr;

    // Phase 1: the key of every source.
    sourceKeys(levels, reps, sources, exact, w);
    const std::uint64_t* keys = w.sourceKeys.data();

    // Phase 2: from key to class. When the exact keys are no more than the hash table's slots,
    // a key is its own slot (direct addressing: no hashing, no probing, no key kept); else open
    // addressing with Fibonacci hashing.
    std::size_t cap = 16;
    unsigned bits = 4;
    while (cap < sources * 2) cap <<= 1, ++bits;
    const bool direct = exact && space <= cap;
    const std::uint64_t mask = cap - 1;
    std::uint32_t* slotClass = w.slotClass.data();
    std::fill_n(slotClass, direct ? std::size_t(space) : cap, kEmpty);
    if (from)
        out.groupClass.clear();
    else
        out.groupClass.resize(m_data.groups);
    std::uint32_t* size = w.classSize.data();
    std::uint32_t* rep = w.classRep.data();
    std::uint64_t* slotKeys = w.slotKeys.data();
    // The class of source i; for bottom groups it is groupClass itself.
    std::uint32_t* sourceClass = from ? w.sourceClass.data() : out.groupClass.data();
    const std::uint32_t* counts = from ? from->size.data() : m_data.groupSize.data();
    std::uint32_t classes = 0;
    auto open = [&](std::size_t i, std::uint32_t g) {
        sourceClass[i] = classes;
        size[classes] = counts[i];
        rep[classes] = g;
        return classes++;
    };
    auto join = [&](std::size_t i, std::uint32_t cls) {
        sourceClass[i] = cls;
        size[cls] += counts[i];
    };
    for (std::size_t i = 0; direct && i < sources; ++i) {
        const std::uint32_t g = reps ? reps[i] : std::uint32_t(i);
        std::uint32_t& cls = slotClass[keys[i]];
        if (cls == kEmpty)
            cls = open(i, g);
        else
            join(i, cls);
    }
    for (std::size_t i = 0; !direct && i < sources; ++i) {
        const std::uint64_t key = keys[i];
        const std::uint32_t g = reps ? reps[i] : std::uint32_t(i);
        std::uint64_t slot = (key * 0x9e3779b97f4a7c15ULL) >> (64 - bits);
        while (true) {
            const std::uint32_t cls = slotClass[slot];
            if (cls == kEmpty) {
                slotClass[slot] = open(i, g);
                slotKeys[slot] = key;
                break;
            }
            if (slotKeys[slot] == key && (exact || sameLabels(levels, rep[cls], g))) {
                join(i, cls);
                break;
            }
            slot = (slot + 1) & mask;
        }
    }
    out.classSize.assign(size, size + classes);
    out.classRep.assign(rep, rep + classes);
    rollUpCounts(out, from, sourceClass, w);
}

// The sensitive histograms and subset counts of the classes, merged from those of the sources.
void Groupifier::rollUpCounts(NodeClasses& out, const Snapshot* from, const std::uint32_t* sourceClass,
                              Workspace& w) const {
    const std::size_t classes = out.classCount();
    if (w.checker.needsHistogram()) {
        out.histograms.rollUp(from ? from->histograms : m_groupHistograms, sourceClass, classes, w.histogramScratch);
    }
    if (w.checker.needsSubset()) {
        const std::size_t sources = from ? from->rep.size() : m_data.groups;
        const std::uint32_t* subset = from ? from->subset.data() : m_data.groupSubset.data();
        out.classSubset.assign(classes, 0);
        for (std::size_t i = 0; i < sources; ++i) out.classSubset[sourceClass[i]] += subset[i];
    }
}

bool Groupifier::sameLabels(const std::vector<int>& levels, std::uint32_t a, std::uint32_t b) const {
    for (std::size_t d = 0; d < levels.size(); ++d) {
        const auto& label = m_data.dims[d].rowLabel[std::size_t(levels[d])];
        const std::uint32_t* column = m_columns.data() + d * m_data.groups;
        if (label[column[a]] != label[column[b]]) return false;
    }
    return true;
}

void Groupifier::classesOnly(const std::vector<int>& levels, NodeClasses& out) {
    group(levels, out, nullptr, m_work[0]);
    out.outlier.assign(out.classCount(), 0);
    out.suppressed = 0;
    out.anonymous = true;
}

void Groupifier::run(const std::vector<int>& levels, NodeClasses& out, bool rollUp) {
    group(levels, out, rollUp ? baseFor(levels) : nullptr, m_work[0]);
    check(out, m_work[0].checker);
    if (rollUp) remember(levels, out);
}

void Groupifier::runBatch(const std::vector<std::vector<int>>& levels, int threads,
                          const std::function<void(std::size_t, const NodeClasses&)>& checked) {
    const std::size_t n = levels.size();
    if (m_batch.size() < n) m_batch.resize(n);
    // Each node's snapshot, bases made first as run() makes them. Storing a base may move the
    // snapshots: then the choices are made again once the cache no longer changes.
    std::vector<const Snapshot*> from(n);
    const std::uint64_t stores = m_stores;
    for (std::size_t i = 0; i < n; ++i) from[i] = baseFor(levels[i]);
    if (m_stores != stores)
        for (std::size_t i = 0; i < n; ++i) from[i] = bestSnapshot(levels[i]);
    const std::size_t workers =
        std::clamp<std::size_t>(std::size_t(std::max(threads, 1)), 1, std::max<std::size_t>(n, 1));
    while (m_work.size() < workers) m_work.emplace_back(m_data, m_models);
    // The workers take the next node in turn; the cache is only read until all have joined.
    std::atomic<std::size_t> next{0};
    auto work = [&](std::size_t t) {
        for (std::size_t i; (i = next.fetch_add(1)) < n;) {
            group(levels[i], m_batch[i], from[i], m_work[t]);
            check(m_batch[i], m_work[t].checker);
        }
    };
    std::vector<std::thread> helpers;
    for (std::size_t t = 1; t < workers; ++t) {
        try {
            helpers.emplace_back(work, t);
        } catch (const std::system_error&) {
            break;  // no thread to be had: the others take its nodes
        }
    }
    work(0);
    for (auto& h : helpers) h.join();
    for (std::size_t i = 0; i < n; ++i) {
        checked(i, m_batch[i]);
        remember(levels[i], std::move(m_batch[i]));
    }
}

void Groupifier::check(NodeClasses& out, const ClassChecker& checker) const {
    const std::size_t classes = out.classCount();
    out.outlier.assign(classes, 0);
    out.suppressed = 0;
    const bool histograms = checker.needsHistogram(), subset = checker.needsSubset();
    const std::size_t minSize = checker.minSize();
    for (std::size_t c = 0; c < classes; ++c) {
        const std::size_t size = out.classSize[c];
        const bool ok =
            size >= minSize && checker.satisfies(size, histograms ? out.histograms.view(c) : HistogramView{},
                                                 subset ? out.classSubset[c] : 0);
        if (!ok) {
            out.outlier[c] = 1;
            out.suppressed += out.classSize[c];
        }
    }
    out.anonymous = out.suppressed <= m_maxOutliers;
}

}  // namespace veil::anonymity::detail
