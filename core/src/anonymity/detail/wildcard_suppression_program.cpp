// Optimal local suppression with '*' matching any value, as an integer program over suppression
// patterns (the model is in docs/algorithms/local-suppression.md). Records with equal codes are
// interchangeable: z[t][P] in 0..n_t records of distinct tuple t take pattern P (its own '*' plus
// |P| - |own| new ones, the cost). A released tuple u (a pattern and the values it keeps) holds
// U[u] = sum of the z giving it. A record of t with pattern P matches the records of every released
// tuple that agrees with it where neither has '*', so "P is used" (x = z, or a binary w with
// z <= n_t w) requires sum_{u compatible} U[u] >= k x. Only patterns of fewer new cells than the best
// known suppression B (the better of the greedy rule's and k - 1 records wholly '*') are modelled,
// with sum cost <= B - 1: a solution is a better suppression; none proves B optimal.
#include "anonymity/detail/cell_patterns.h"
#include "anonymity/detail/glpk_mip.h"
#include "anonymity/detail/suppression_program.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <numeric>
#include <unordered_map>

namespace veil::anonymity::detail {

namespace {

struct Pattern {
    std::size_t tuple = 0;
    std::uint64_t mask = 0;  // every '*' column of the released record
    std::size_t released = 0;
    int z = -1;
};

std::size_t newCells(const CodeColumns& before, const CodeColumns& after) {
    std::size_t cells = 0;
    for (std::size_t c = 0; c < before.size(); ++c)
        for (std::size_t r = 0; r < before[c].size(); ++r)
            cells += after[c][r] == kSuppressedCell && before[c][r] != kSuppressedCell ? 1 : 0;
    return cells;
}

// k - 1 records wholly '*' (those with the fewest kept cells): each matches every record, so every
// record matches itself and them.
CodeColumns wholeRecords(const CodeColumns& cols, int k) {
    const std::size_t n = cols[0].size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    auto kept = [&](std::size_t r) { return cols.size() - std::size_t(std::popcount(suppressionMask(cols, r))); };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return kept(a) < kept(b); });
    CodeColumns out = cols;
    for (std::size_t i = 0; i + 1 < std::size_t(k) && i < n; ++i)
        for (auto& col : out) col[order[i]] = kSuppressedCell;
    return out;
}

// The model's pieces, built in steps by ProgramBuilder below.
class ProgramBuilder {
public:
    ProgramBuilder(const CodeColumns& cols, const LocalSuppressionOptions& options, std::size_t budget)
        : m_cols(cols), m_options(options), m_budget(budget), m_tuples(distinctTuples(cols)) {}

    // Every pattern of at most budget new cells, and the released tuples. False (with a message)
    // beyond the limits.
    bool enumeratePatterns(std::string& message) {
        std::unordered_map<std::string, std::size_t> releasedIndex;
        for (std::size_t t = 0; t < m_tuples.size(); ++t) {
            const Tuple& tuple = m_tuples[t];
            if (tuple.kept.size() > kMaxPatternColumns) {
                message = "a record has " + std::to_string(tuple.kept.size()) + " kept cells; the limit is " +
                          std::to_string(kMaxPatternColumns);
                return false;
            }
            for (std::uint64_t bits = 0; bits < (std::uint64_t(1) << tuple.kept.size()); ++bits) {
                if (std::size_t(std::popcount(bits)) > m_budget) continue;
                std::uint64_t mask = tuple.mask;
                for (std::size_t i = 0; i < tuple.kept.size(); ++i)
                    if (bits & columnBit(i)) mask |= columnBit(tuple.kept[i]);
                std::string key = projectionKey(m_cols, tuple.records.front(), mask);
                key.append(reinterpret_cast<const char*>(&mask), sizeof mask);
                auto [it, inserted] = releasedIndex.try_emplace(std::move(key), m_released.size());
                if (inserted) m_released.push_back({mask, tuple.records.front(), {}});
                m_released[it->second].sources.push_back(m_patterns.size());
                m_patterns.push_back({t, mask, it->second, -1});
            }
            if (m_patterns.size() > m_options.maxRows) {
                message = "more than " + std::to_string(m_options.maxRows) + " suppression patterns to weigh";
                return false;
            }
        }
        return true;
    }

    // Columns: z per pattern, U per released tuple of two or more sources (else its z stands for it).
    void addColumns(GlpkMip& mip) {
        for (auto& p : m_patterns) {
            const Tuple& t = m_tuples[p.tuple];
            const double cost = double(std::popcount(p.mask & ~t.mask));
            p.z = mip.addColumn(0, double(t.records.size()), cost, true);
        }
        for (auto& u : m_released) {
            if (u.sources.size() == 1) {
                u.column = m_patterns[u.sources.front()].z;
                continue;
            }
            u.column = mip.addColumn(0, double(m_cols[0].size()), 0, false);
            std::vector<int> cols{u.column};
            std::vector<double> coefs{1.0};
            for (auto s : u.sources) {
                cols.push_back(m_patterns[s].z);
                coefs.push_back(-1.0);
            }
            mip.addRow(cols, coefs, GlpkMip::RowType::Equal, 0.0);
        }
    }

    // Rows: each tuple's records take one pattern each; a pattern used matches k records; the cost
    // stays under the budget. False (with a message) beyond the limit of nonzeros.
    bool addRows(GlpkMip& mip, std::string& message, const RunContext& ctx) {
        std::vector<std::vector<int>> byTuple(m_tuples.size());
        for (const auto& p : m_patterns) byTuple[p.tuple].push_back(p.z);
        for (std::size_t t = 0; t < m_tuples.size(); ++t)
            mip.addRow(byTuple[t], std::vector<double>(byTuple[t].size(), 1.0), GlpkMip::RowType::Equal,
                       double(m_tuples[t].records.size()));
        std::size_t nonzeros = 0;
        const double k = double(m_options.k);
        for (const auto& p : m_patterns) {
            if (ctx.cancelled()) return false;
            if (alwaysMatched(p) >= std::size_t(m_options.k)) continue;
            std::map<int, double> row;
            for (auto u : compatibleReleased(p)) row[m_released[u].column] += 1.0;
            const auto n = double(m_tuples[p.tuple].records.size());
            int used = p.z;
            if (n > 1) {  // w: some record of the tuple takes the pattern
                used = mip.addColumn(0, 1, 0, true);
                mip.addRow({p.z, used}, {1.0, -n}, GlpkMip::RowType::AtMost, 0.0);
            }
            row[used] -= k;
            std::vector<int> cols;
            std::vector<double> coefs;
            for (const auto& [c, v] : row) {
                cols.push_back(c);
                coefs.push_back(v);
            }
            nonzeros += cols.size();
            if (nonzeros > 10 * m_options.maxRows || mip.rowCount() > m_options.maxRows) {
                message = "the optimal local suppression program would have more than " +
                          std::to_string(m_options.maxRows) + " constraints or " +
                          std::to_string(10 * m_options.maxRows) + " nonzeros";
                return false;
            }
            mip.addRow(cols, coefs, GlpkMip::RowType::AtLeast, 0.0);
        }
        std::vector<int> all;
        std::vector<double> costs;
        for (const auto& p : m_patterns) {
            all.push_back(p.z);
            costs.push_back(double(std::popcount(p.mask & ~m_tuples[p.tuple].mask)));
        }
        mip.addRow(all, costs, GlpkMip::RowType::AtMost, double(m_budget));
        return true;
    }

    // The suppression of a solution: each tuple's records take its patterns' counts in turn.
    CodeColumns solution(const std::vector<double>& x) const {
        CodeColumns out = m_cols;
        std::vector<std::size_t> assigned(m_tuples.size(), 0);
        for (const auto& p : m_patterns) {
            const auto& records = m_tuples[p.tuple].records;
            for (auto take = std::llround(x[std::size_t(p.z)]); take > 0 && assigned[p.tuple] < records.size();
                 --take, ++assigned[p.tuple])
                for (std::size_t c = 0; c < m_cols.size(); ++c)
                    if (p.mask & columnBit(c)) out[c][records[assigned[p.tuple]]] = kSuppressedCell;
        }
        return out;
    }

private:
    struct Released {
        std::uint64_t mask;
        std::size_t record;                // a record giving its kept values
        std::vector<std::size_t> sources;  // patterns
        int column = -1;
    };

    // Records whose every pattern matches a record of p: those agreeing with it outside p's '*' and
    // their own.
    std::size_t alwaysMatched(const Pattern& p) {
        std::size_t total = 0;
        const std::size_t record = m_tuples[p.tuple].records.front();
        for (const auto& [own, index] : ownMaskIndex(p.mask)) {
            const auto it = index->find(projectionKey(m_cols, record, p.mask | own));
            if (it != index->end()) total += it->second;
        }
        return total;
    }

    // Per mask of the tuples' own '*', the records by their values outside (hidden | own).
    std::vector<std::pair<std::uint64_t, const std::unordered_map<std::string, std::size_t>*>> ownMaskIndex(
        std::uint64_t hidden) {
        std::vector<std::pair<std::uint64_t, const std::unordered_map<std::string, std::size_t>*>> out;
        if (m_ownMasks.empty())
            for (const auto& t : m_tuples)
                if (std::find(m_ownMasks.begin(), m_ownMasks.end(), t.mask) == m_ownMasks.end())
                    m_ownMasks.push_back(t.mask);
        for (auto own : m_ownMasks) {
            auto [it, inserted] = m_alwaysIndex.try_emplace({hidden, own});
            if (inserted)
                for (const auto& t : m_tuples)
                    if (t.mask == own)
                        it->second[projectionKey(m_cols, t.records.front(), hidden | own)] += t.records.size();
            out.emplace_back(own, &it->second);
        }
        return out;
    }

    // The released tuples a record of p matches: per mask Q, those agreeing with it outside p | Q.
    std::vector<std::size_t> compatibleReleased(const Pattern& p) {
        if (m_byMask.empty()) {
            for (std::size_t u = 0; u < m_released.size(); ++u) m_byMask[m_released[u].mask].push_back(u);
        }
        std::vector<std::size_t> out;
        const std::size_t record = m_tuples[p.tuple].records.front();
        for (const auto& [q, members] : m_byMask) {
            const std::uint64_t hidden = p.mask | q;
            auto [it, inserted] = m_compatIndex.try_emplace({q, hidden});
            if (inserted)
                for (auto u : members) it->second[projectionKey(m_cols, m_released[u].record, hidden)].push_back(u);
            const auto found = it->second.find(projectionKey(m_cols, record, hidden));
            if (found != it->second.end()) out.insert(out.end(), found->second.begin(), found->second.end());
        }
        return out;
    }

    const CodeColumns& m_cols;
    const LocalSuppressionOptions& m_options;
    const std::size_t m_budget;
    std::vector<Tuple> m_tuples;
    std::vector<Pattern> m_patterns;
    std::vector<Released> m_released;
    std::vector<std::uint64_t> m_ownMasks;
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::unordered_map<std::string, std::size_t>> m_alwaysIndex;
    std::map<std::uint64_t, std::vector<std::size_t>> m_byMask;
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::unordered_map<std::string, std::vector<std::size_t>>>
        m_compatIndex;
};

}  // namespace

Result<SuppressionProgramResult> optimalSuppression(const CodeColumns& cols, const CodeColumns& greedy,
                                                    const LocalSuppressionOptions& options, const RunContext& ctx) {
    SuppressionProgramResult out;
    // The best known suppression: the greedy rule's or k - 1 records wholly '*'.
    const std::size_t greedyCells = newCells(cols, greedy);
    CodeColumns best = wholeRecords(cols, options.k);
    std::size_t bestCells = newCells(cols, best);
    const bool wholeIsBetter = bestCells < greedyCells;
    if (!wholeIsBetter) {
        best = greedy;
        bestCells = greedyCells;
    }
    const std::string whole = std::to_string(options.k - 1) + (options.k == 2 ? " record" : " records") + " wholly '*'";
    const std::string bestName = wholeIsBetter ? whole : "the greedy rule's result";
    // Without the program's answer the caller keeps the greedy rule's result. k - 1 records wholly
    // '*' are fewer cells when they beat it, but they meet k only by matching every record, which
    // an attacker who knows they are other people discounts (elimination): never chosen unproven.
    auto fallBack = [&](std::string message) {
        out.message = std::move(message);
        out.solved = false;
        return out;
    };
    if (bestCells == 0) {
        out.solved = out.provenOptimal = true;
        out.columns = greedy;
        out.message = "optimal (nothing to suppress)";
        return out;
    }
    if (!withinRecordLimit(cols[0].size(), options, out)) return fallBack(out.message);
    ProgramBuilder builder(cols, options, bestCells - 1);
    GlpkMip mip;
    std::string refused;
    if (!builder.enumeratePatterns(refused)) return fallBack("the optimal local suppression was not tried: " + refused);
    builder.addColumns(mip);
    if (!builder.addRows(mip, refused, ctx)) {
        if (ctx.cancelled()) return Status::cancelled();
        return fallBack(refused);
    }
    const std::string size =
        std::to_string(mip.columnCount()) + " variables, " + std::to_string(mip.rowCount()) + " constraints";
    GlpkMip::Options solveOptions;
    solveOptions.mipGap = 0.999999 / double(std::max<std::size_t>(1, bestCells - 1));
    solveOptions.gapProvesOptimal = true;
    auto sol = mip.solve(options.timeLimitSeconds, ctx, {}, solveOptions);
    if (!sol && sol.status().code() == StatusCode::Infeasible) {
        // No suppression of fewer cells exists: the best known one is optimal.
        out.solved = out.provenOptimal = true;
        out.lowerBound = double(bestCells);
        out.columns = std::move(best);
        out.message = "optimal: " + bestName + " (" + std::to_string(bestCells) +
                      " cells); GLPK proved that no suppression of fewer cells exists (" + size + ")";
        return out;
    }
    if (!sol) return sol.status();
    if (sol->outcome == GlpkMip::Outcome::NoSolution) {
        // Nothing better found in time: the best known suppression, with GLPK's bound when it has one.
        out.lowerBound = sol->relaxationSolved ? std::min(double(bestCells), sol->bound) : 0.0;
        return fallBack(timeLimitText(options) + " stopped GLPK before it found fewer cells than " + bestName + " (" +
                        (sol->relaxationSolved ? gapText(double(bestCells), out.lowerBound)
                                               : std::string("no lower bound: the relaxation was not solved")) +
                        "; " + size + ")");
    }
    out.solved = true;
    out.provenOptimal = sol->outcome == GlpkMip::Outcome::Optimal;
    out.columns = builder.solution(sol->x);
    const double cells = double(newCells(cols, out.columns));
    out.lowerBound = out.provenOptimal ? cells : std::min(cells, sol->bound);
    out.message = out.provenOptimal ? "optimal (" + size + ")"
                                    : timeLimitText(options) + " stopped GLPK before it proved optimality (" +
                                          gapText(cells, out.lowerBound) + "; " + size + "); its best is used";
    return out;
}

}  // namespace veil::anonymity::detail
