// Greedy local suppression with '*' as a value (sdcMicro's localSuppression rule, Templ, Kowarik &
// Meindl, JSS 2015, adapted to ARX's semantics of a suppressed cell); see value_suppression.h.
#include "anonymity/detail/value_suppression.h"

#include <algorithm>
#include <bit>
#include <map>
#include <unordered_map>

namespace veil::anonymity::detail {

namespace {

// How many records can reach a tuple with '*' exactly on `mask`: records whose own '*' lie within
// the mask, counted by their codes outside it. One hash table per mask, built on first use.
class ReachCounts {
public:
    ReachCounts(const CodeColumns& cols, const std::vector<std::uint64_t>& masks) : m_cols(cols), m_masks(masks) {}

    std::uint32_t of(std::size_t r, std::uint64_t mask) {
        auto [it, inserted] = m_tables.try_emplace(mask);
        if (inserted)
            for (std::size_t j = 0; j < m_masks.size(); ++j)
                if ((m_masks[j] & ~mask) == 0) ++it->second[projectionKey(m_cols, j, mask)];
        const auto found = it->second.find(projectionKey(m_cols, r, mask));
        return found == it->second.end() ? 0 : found->second;
    }

private:
    const CodeColumns& m_cols;
    const std::vector<std::uint64_t>& m_masks;
    std::map<std::uint64_t, std::unordered_map<std::string, std::uint32_t>> m_tables;
};

std::uint64_t allColumns(std::size_t m) { return m >= 64 ? ~std::uint64_t(0) : columnBit(m) - 1; }

void suppressAll(CodeColumns& cols, std::size_t r) {
    for (auto& col : cols) col[r] = kSuppressedCell;
}

// One round: each class smaller than k that still has a kept cell loses the best one. Returns
// whether any class did.
bool suppressRound(CodeColumns& cols, std::uint32_t k, const std::vector<std::size_t>& order) {
    const auto classes = identicalRecords(cols);
    std::vector<std::uint64_t> masks(cols[0].size());
    for (std::size_t r = 0; r < masks.size(); ++r) masks[r] = suppressionMask(cols, r);
    ReachCounts reach(cols, masks);
    std::vector<std::pair<std::size_t, std::size_t>> moves;  // (class, column)
    for (std::size_t c = 0; c < classes.size(); ++c) {
        const auto r = classes[c].front();
        if (classes[c].size() >= k || masks[r] == allColumns(cols.size())) continue;
        std::size_t best = cols.size();
        std::uint32_t bestReach = 0;
        for (auto col : order) {
            if (masks[r] & columnBit(col)) continue;
            const auto n = reach.of(r, masks[r] | columnBit(col));
            if (best == cols.size() || n > bestReach) {
                best = col;
                bestReach = n;
            }
        }
        moves.emplace_back(c, best);
    }
    for (const auto& [c, col] : moves)
        for (auto r : classes[c]) cols[col][r] = kSuppressedCell;
    return !moves.empty();
}

// The all-'*' class, when smaller than k, grows from the cheapest records: surplus records of
// classes larger than k when there are enough of them, else the cheapest whole class.
void completeAllSuppressed(CodeColumns& cols, std::uint32_t k) {
    while (true) {
        const auto classes = identicalRecords(cols);
        std::vector<std::size_t> kept(classes.size());  // kept cells of each class's records
        std::size_t stars = 0, surplus = 0;
        for (std::size_t c = 0; c < classes.size(); ++c) {
            kept[c] = cols.size() - std::size_t(std::popcount(suppressionMask(cols, classes[c].front())));
            if (kept[c] == 0)
                stars = classes[c].size();
            else if (classes[c].size() > k)
                surplus += classes[c].size() - k;
        }
        if (stars == 0 || stars >= k) return;
        const std::size_t need = k - stars;
        std::vector<std::size_t> candidates;  // class indices, cheapest first
        for (std::size_t c = 0; c < classes.size(); ++c)
            if (kept[c] > 0 && (surplus < need || classes[c].size() > k)) candidates.push_back(c);
        std::stable_sort(candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) {
            return surplus >= need ? kept[a] < kept[b] : kept[a] * classes[a].size() < kept[b] * classes[b].size();
        });
        if (surplus < need) {  // a whole class; the loop looks again at what is still needed
            for (auto r : classes[candidates.front()]) suppressAll(cols, r);
            continue;
        }
        std::size_t left = need;
        for (auto c : candidates) {
            const auto& members = classes[c];
            for (std::size_t i = 0; i < members.size() - k && left > 0; ++i, --left)
                suppressAll(cols, members[members.size() - 1 - i]);
        }
        return;
    }
}

}  // namespace

Status greedyValueSuppression(CodeColumns& cols, std::uint32_t k, const std::vector<std::size_t>& order,
                              const RunContext& ctx) {
    while (suppressRound(cols, k, order))
        if (ctx.cancelled()) return Status::cancelled();
    completeAllSuppressed(cols, k);
    return Status::ok();
}

}  // namespace veil::anonymity::detail
