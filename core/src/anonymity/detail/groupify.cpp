#include "anonymity/detail/groupify.h"

#include <algorithm>
#include <limits>

namespace veil::anonymity::detail {

namespace {
constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();

std::uint64_t mix(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}
}  // namespace

constexpr std::size_t kMaxSnapshots = 256;

Groupifier::Groupifier(const EncodedData& data, const PrivacyModels& models, std::size_t maxOutliers)
    : m_data(data), m_checker(data.sensitive, models), m_maxOutliers(maxOutliers) {
    std::size_t cap = 16;
    while (cap < data.groups * 2) cap <<= 1;
    m_keys.assign(cap, 0);
    m_slots.assign(cap, kEmpty);
    m_hist.assign(data.sensitive.values.size(), 0);
}

const Groupifier::Snapshot* Groupifier::bestSnapshot(const std::vector<int>& levels) const {
    const Snapshot* best = nullptr;
    for (const auto& s : m_snapshots) {
        bool below = true;
        for (std::size_t d = 0; d < levels.size() && below; ++d) below = s.levels[d] <= levels[d];
        if (below && (!best || s.size.size() < best->size.size())) best = &s;
    }
    return best;
}

void Groupifier::remember(const std::vector<int>& levels, const NodeClasses& nc) {
    if (nc.classCount() == m_data.groups) return;  // no smaller than the bottom groups
    Snapshot s{levels, nc.classRep, nc.classSize};
    if (m_snapshots.size() < kMaxSnapshots) {
        m_snapshots.push_back(std::move(s));
        return;
    }
    m_snapshots[m_nextSnapshot] = std::move(s);  // round robin: recent nodes are the likely ancestors
    m_nextSnapshot = (m_nextSnapshot + 1) % kMaxSnapshots;
}

void Groupifier::group(const std::vector<int>& levels, NodeClasses& out, const Snapshot* from) {
    const std::size_t m = m_data.dimensions();
    // Exact mixed-radix key when the label space fits in 64 bits, else a hash verified on match.
    bool exact = true;
    unsigned __int128 space = 1;
    std::vector<std::uint64_t> radix(m);
    for (std::size_t d = 0; d < m; ++d) {
        radix[d] = std::uint64_t(space);
        space *= m_data.dims[d].labelText[std::size_t(levels[d])].size();
        if (space >> 63) exact = false;
    }
    std::vector<const std::uint32_t*> labelOf(m);
    for (std::size_t d = 0; d < m; ++d) labelOf[d] = m_data.dims[d].rowLabel[std::size_t(levels[d])].data();

    const std::size_t sources = from ? from->rep.size() : m_data.groups;
    std::size_t cap = 16;
    while (cap < sources * 2) cap <<= 1;
    m_mask = cap - 1;
    std::fill(m_slots.begin(), m_slots.begin() + std::ptrdiff_t(cap), kEmpty);
    if (from) out.groupClass.clear();
    else out.groupClass.resize(m_data.groups);
    out.classSize.clear();
    out.classRep.clear();
    const std::uint32_t* rows = m_data.groupRow.data();
    for (std::size_t i = 0; i < sources; ++i) {
        const std::size_t g = from ? from->rep[i] : i;
        const std::uint32_t count = from ? from->size[i] : m_data.groupSize[g];
        const std::uint32_t* row = rows + g * m;
        std::uint64_t key = 0;
        if (exact) {
            for (std::size_t d = 0; d < m; ++d) key += std::uint64_t(labelOf[d][row[d]]) * radix[d];
        } else {
            for (std::size_t d = 0; d < m; ++d) key = mix(key ^ (std::uint64_t(labelOf[d][row[d]]) + 0x9e3779b97f4a7c15ULL * (d + 1)));
        }
        std::uint64_t slot = mix(key) & m_mask;
        while (true) {
            const std::uint32_t cls = m_slots[slot];
            if (cls == kEmpty) {
                m_slots[slot] = std::uint32_t(out.classSize.size());
                m_keys[slot] = key;
                if (!from) out.groupClass[g] = std::uint32_t(out.classSize.size());
                out.classSize.push_back(count);
                out.classRep.push_back(std::uint32_t(g));
                break;
            }
            if (m_keys[slot] == key) {
                bool same = true;
                if (!exact) {
                    const std::uint32_t* rep = rows + std::size_t(out.classRep[cls]) * m;
                    for (std::size_t d = 0; d < m && same; ++d) same = labelOf[d][rep[d]] == labelOf[d][row[d]];
                }
                if (same) {
                    if (!from) out.groupClass[g] = cls;
                    out.classSize[cls] += count;
                    break;
                }
            }
            slot = (slot + 1) & m_mask;
        }
    }
}

void Groupifier::classesOnly(const std::vector<int>& levels, NodeClasses& out) {
    group(levels, out, nullptr);
    out.outlier.assign(out.classCount(), 0);
    out.suppressed = 0;
    out.anonymous = true;
}

void Groupifier::run(const std::vector<int>& levels, NodeClasses& out, bool rollUp) {
    rollUp = rollUp && !m_checker.needsHistogram() && !m_checker.needsSubset();
    group(levels, out, rollUp ? bestSnapshot(levels) : nullptr);
    check(out);
    if (rollUp) remember(levels, out);
}

void Groupifier::check(NodeClasses& out) {
    const std::size_t classes = out.classCount();
    out.outlier.assign(classes, 0);
    out.suppressed = 0;
    if (!m_checker.needsHistogram() && !m_checker.needsSubset()) {
        for (std::size_t c = 0; c < classes; ++c) {
            if (!m_checker.satisfies(out.classSize[c], m_hist, m_touched, 0)) {
                out.outlier[c] = 1;
                out.suppressed += out.classSize[c];
            }
        }
    } else {
        // Bucket the bottom groups by class (counting sort), then one histogram per class.
        m_offsets.assign(classes + 1, 0);
        for (std::size_t g = 0; g < m_data.groups; ++g) ++m_offsets[out.groupClass[g] + 1];
        for (std::size_t c = 0; c < classes; ++c) m_offsets[c + 1] += m_offsets[c];
        m_order.resize(m_data.groups);
        std::vector<std::uint32_t> fill(m_offsets.begin(), m_offsets.end() - 1);
        for (std::size_t g = 0; g < m_data.groups; ++g) m_order[fill[out.groupClass[g]]++] = std::uint32_t(g);
        for (std::size_t c = 0; c < classes; ++c) {
            m_touched.clear();
            std::size_t subset = 0;
            for (std::uint32_t i = m_offsets[c]; i < m_offsets[c + 1]; ++i) {
                const auto g = m_order[i];
                const auto code = m_data.groupSensitive[g];
                if (m_checker.needsHistogram()) {
                    if (m_hist[code] == 0) m_touched.push_back(code);
                    m_hist[code] += m_data.groupSize[g];
                }
                subset += m_data.groupSubset[g];
            }
            if (!m_checker.satisfies(out.classSize[c], m_hist, m_touched, subset)) {
                out.outlier[c] = 1;
                out.suppressed += out.classSize[c];
            }
            for (auto code : m_touched) m_hist[code] = 0;
        }
    }
    out.anonymous = out.suppressed <= m_maxOutliers;
}

}  // namespace veil::anonymity::detail
