// SUDA2 (Manning, Haglin & Keane, DMKD 16, 2008): the MSUs of a table are its unique items and,
// for each item i in ascending order of support, the MSUs K of the subtable of the records holding
// i (restricted to the items after i) for which K also occurs in a record without i (the "special
// row"); then K + i is an MSU. Pruning: an MSU of a subtable of s distinct rows has at most s - 1
// items, at most as many as the items left, and at most maxSize - 1 (strategies 1-3 of the paper).
#include "anonymity/detail/suda2_search.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <memory>
#include <span>

namespace veil::anonymity::detail {

namespace {

using Callback = std::function<void(std::uint32_t, std::uint64_t)>;

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// The items of one (sub)table with their rows, as compressed lists.
struct ItemList {
    std::vector<std::uint32_t> item;     // global item id
    std::vector<std::uint32_t> support;  // records (row weights summed)
    std::vector<std::uint32_t> begin;    // rows of item i: rows[begin[i] .. begin[i + 1])
    std::vector<std::uint32_t> rows;

    std::size_t size() const { return item.size(); }
    std::uint32_t distinctRows(std::size_t i) const { return begin[i + 1] - begin[i]; }
    void clear() {
        item.clear();
        support.clear();
        begin.assign(1, 0);
        rows.clear();
    }
};

struct Candidate {
    std::uint32_t row;
    std::uint64_t mask;
};

// The buffers of one recursion depth, reused from one call to the next.
struct Level {
    ItemList list;                     // the table searched at this depth (filled by the caller)
    std::vector<std::uint32_t> order;  // items kept (support in 2 .. records - 1), ascending support
    std::vector<Candidate> found;      // the MSUs of this table (read by the caller)
    std::vector<std::uint32_t> count;  // scratch per rank: rows in the projection, then its index
    std::vector<std::uint32_t> touched;
};

class Search {
public:
    Search(const SudaRows& data, std::size_t maxSize, const Callback& onMsu, const RunContext& ctx)
        : m_data(data), m_m(data.columns), m_maxSize(maxSize), m_onMsu(onMsu), m_ctx(ctx) {
        for (std::size_t c = 0; c < m_m; ++c) {
            m_offset.push_back(std::uint32_t(m_column.size()));
            m_column.insert(m_column.end(), data.cardinality[c], std::uint32_t(c));
        }
        m_levels.resize(maxSize + 1);
        m_rank.assign(maxSize + 1, std::vector<std::uint32_t>(m_column.size(), kNone));
    }

    Status run() {
        buildTopLevel();
        std::uint32_t records = 0;
        for (auto w : m_data.weight) records += w;
        search(0, records, m_maxSize);
        if (m_cancelled) return Status::cancelled();
        return Status::ok();
    }

private:
    std::uint32_t code(std::uint32_t row, std::size_t c) const { return m_data.codes[std::size_t(row) * m_m + c]; }

    void buildTopLevel() {
        ItemList& list = m_levels[0].list;
        list.clear();
        std::vector<std::uint32_t> count(m_column.size(), 0), support(m_column.size(), 0);
        const auto n = std::uint32_t(m_data.rowCount());
        for (std::uint32_t r = 0; r < n; ++r)
            for (std::size_t c = 0; c < m_m; ++c)
                if (const auto v = code(r, c); v != kSudaMissing) {
                    ++count[m_offset[c] + v];
                    support[m_offset[c] + v] += m_data.weight[r];
                }
        std::vector<std::uint32_t> index(m_column.size(), kNone);
        for (std::uint32_t id = 0; id < m_column.size(); ++id) {
            if (count[id] == 0) continue;
            index[id] = std::uint32_t(list.size());
            list.item.push_back(id);
            list.support.push_back(support[id]);
            list.begin.push_back(list.begin.back() + count[id]);
        }
        list.rows.resize(list.begin.back());
        std::vector<std::uint32_t> fill(list.begin.begin(), list.begin.end() - 1);
        for (std::uint32_t r = 0; r < n; ++r)
            for (std::size_t c = 0; c < m_m; ++c)
                if (const auto v = code(r, c); v != kSudaMissing) list.rows[fill[index[m_offset[c] + v]]++] = r;
    }

    void emit(std::size_t depth, const Candidate& c) {
        if (depth == 0)
            m_onMsu(c.row, c.mask);
        else
            m_levels[depth].found.push_back(c);
    }

    // The MSUs of at most maxK items of the table in m_levels[depth].list (`records` records).
    void search(std::size_t depth, std::uint32_t records, std::size_t maxK) {
        if ((depth == 0 || (++m_calls & 0x3ff) == 0) && m_ctx.cancelled()) m_cancelled = true;
        if (m_cancelled) return;
        Level& level = m_levels[depth];
        const ItemList& list = level.list;
        level.found.clear();
        level.order.clear();
        for (std::uint32_t i = 0; i < list.size(); ++i) {
            if (list.support[i] == 1)
                emit(depth, {list.rows[list.begin[i]], std::uint64_t(1) << m_column[list.item[i]]});
            else if (list.support[i] != records)
                level.order.push_back(i);
        }
        if (maxK <= 1 || level.order.size() < 2) return;
        std::sort(level.order.begin(), level.order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return list.support[a] != list.support[b] ? list.support[a] < list.support[b] : list.item[a] < list.item[b];
        });
        auto& rank = m_rank[depth];
        for (std::uint32_t r = 0; r < level.order.size(); ++r) rank[list.item[level.order[r]]] = r;
        std::unique_ptr<ProgressReporter> progress;
        long long total = 0, done = 0;
        if (depth == 0) {
            for (auto i : level.order) total += list.support[i];
            progress = std::make_unique<ProgressReporter>(m_ctx, "Finding minimal sample uniques", total);
        }
        for (std::size_t r = 0; r < level.order.size() && !m_cancelled; ++r) {
            const std::uint32_t ref = level.order[r];
            const std::size_t upper =
                std::min({maxK - 1, level.order.size() - r - 1, std::size_t(list.distinctRows(ref)) - 1});
            if (upper >= 1) {
                project(depth, r);
                search(depth + 1, list.support[ref], upper);
                const std::uint64_t refBit = std::uint64_t(1) << m_column[list.item[ref]];
                for (const Candidate& c : m_levels[depth + 1].found)
                    if (std::popcount(c.mask) == 1 || hasSpecialRow(depth, c, ref))
                        emit(depth, {c.row, c.mask | refBit});
            }
            if (progress && !progress->step(done += list.support[ref])) m_cancelled = true;
        }
        for (auto i : level.order) rank[list.item[i]] = kNone;
        if (progress && !m_cancelled) progress->finish();
    }

    // m_levels[depth + 1].list: the records holding the item of rank r, on the items ranked after it.
    void project(std::size_t depth, std::size_t r) {
        Level& level = m_levels[depth];
        const ItemList& list = level.list;
        ItemList& sub = m_levels[depth + 1].list;
        sub.clear();
        const auto& rank = m_rank[depth];
        const std::uint32_t ref = level.order[r];
        const std::size_t refColumn = m_column[list.item[ref]];
        level.count.assign(level.order.size(), 0);
        level.touched.clear();
        const auto rows = std::span(list.rows).subspan(list.begin[ref], list.distinctRows(ref));
        auto forEachLaterItem = [&](auto&& fn) {
            for (const std::uint32_t row : rows)
                for (std::size_t c = 0; c < m_m; ++c) {
                    const auto v = code(row, c);
                    if (c == refColumn || v == kSudaMissing) continue;
                    const std::uint32_t k = rank[m_offset[c] + v];
                    if (k != kNone && k > r) fn(row, k);
                }
        };
        forEachLaterItem([&](std::uint32_t, std::uint32_t k) {
            if (level.count[k]++ == 0) level.touched.push_back(k);
        });
        for (const std::uint32_t k : level.touched) {
            const std::uint32_t rows_k = level.count[k];
            level.count[k] = std::uint32_t(sub.size());  // now: its index in sub
            sub.item.push_back(list.item[level.order[k]]);
            sub.support.push_back(0);
            sub.begin.push_back(sub.begin.back() + rows_k);
        }
        sub.rows.resize(sub.begin.back());
        std::vector<std::uint32_t>& fill = m_fill;
        fill.assign(sub.begin.begin(), sub.begin.end() - 1);
        forEachLaterItem([&](std::uint32_t row, std::uint32_t k) {
            const std::uint32_t s = level.count[k];
            sub.rows[fill[s]++] = row;
            sub.support[s] += m_data.weight[row];
        });
    }

    // A record of the current table that holds the candidate's items but not the reference item.
    bool hasSpecialRow(std::size_t depth, const Candidate& cand, std::uint32_t ref) const {
        const Level& level = m_levels[depth];
        const ItemList& list = level.list;
        const auto& rank = m_rank[depth];
        const std::size_t refColumn = m_column[list.item[ref]];
        const std::uint32_t refCode = list.item[ref] - m_offset[refColumn];
        std::uint32_t pivot = kNone;
        for (std::uint64_t bits = cand.mask; bits; bits &= bits - 1) {
            const auto c = std::size_t(std::countr_zero(bits));
            const std::uint32_t i = level.order[rank[m_offset[c] + code(cand.row, c)]];
            if (pivot == kNone || list.distinctRows(i) < list.distinctRows(pivot)) pivot = i;
        }
        for (std::uint32_t k = list.begin[pivot]; k < list.begin[pivot + 1]; ++k) {
            const std::uint32_t row = list.rows[k];
            if (code(row, refColumn) == refCode) continue;
            bool holds = true;
            for (std::uint64_t bits = cand.mask; bits && holds; bits &= bits - 1) {
                const auto c = std::size_t(std::countr_zero(bits));
                holds = code(row, c) == code(cand.row, c);
            }
            if (holds) return true;
        }
        return false;
    }

    const SudaRows& m_data;
    const std::size_t m_m;
    const std::size_t m_maxSize;
    const Callback& m_onMsu;
    const RunContext& m_ctx;
    std::vector<std::uint32_t> m_offset;             // first item id per column
    std::vector<std::uint32_t> m_column;             // column per item id
    std::vector<std::vector<std::uint32_t>> m_rank;  // per depth and item id: rank in order, or kNone
    std::vector<Level> m_levels;
    std::vector<std::uint32_t> m_fill;
    std::size_t m_calls = 0;
    bool m_cancelled = false;
};

}  // namespace

Status findMinimalSampleUniques(const SudaRows& rows, std::size_t maxSize, const Callback& onMsu,
                                const RunContext& ctx) {
    if (rows.columns == 0 || rows.columns > 64)
        return Status::invalidArgument("SUDA2 needs 1 to 64 attributes, got " + std::to_string(rows.columns));
    if (maxSize == 0 || maxSize > rows.columns) maxSize = rows.columns;
    ctx.report(0.0, "Finding minimal sample uniques");
    if (rows.rowCount() == 0) return Status::ok();
    Search search(rows, maxSize, onMsu, ctx);
    auto status = search.run();
    if (status) ctx.report(1.0, "Finding minimal sample uniques");
    return status;
}

}  // namespace veil::anonymity::detail
