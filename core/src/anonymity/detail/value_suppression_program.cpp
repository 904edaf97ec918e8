// Optimal local suppression with '*' as a value of its own, as an integer program (the model is in
// docs/algorithms/local-suppression.md): x[t][S] in 0..count(t) records of distinct tuple t take
// suppression pattern S (cost |S| cells each); z[g] in {0, 1} says tuple g is released; every
// released tuple has at least k records (sum x - k z[g] >= 0, x <= count(t) z[g]). Patterns whose
// tuple no k records could reach are left out.
#include "anonymity/detail/cell_patterns.h"
#include "anonymity/detail/glpk_mip.h"
#include "anonymity/detail/suppression_program.h"

#include <bit>
#include <cmath>
#include <unordered_map>

namespace veil::anonymity::detail {

namespace {

struct Pattern {
    std::size_t tuple = 0;
    std::uint64_t mask = 0;  // all '*' columns once suppressed (the tuple's own included)
    std::size_t target = 0;  // index of the released tuple
    int column = -1;         // x in the program
};

// The mask of subset `bits` of the tuple's kept columns.
std::uint64_t patternMask(const Tuple& t, std::uint64_t bits) {
    std::uint64_t m = t.mask;
    for (std::size_t i = 0; i < t.kept.size(); ++i)
        if (bits & columnBit(i)) m |= columnBit(t.kept[i]);
    return m;
}

std::string releasedKey(const CodeColumns& cols, std::size_t r, std::uint64_t mask) {
    auto key = projectionKey(cols, r, mask);
    key.append(reinterpret_cast<const char*>(&mask), sizeof mask);
    return key;
}

}  // namespace

Result<SuppressionProgramResult> optimalValueSuppression(const CodeColumns& cols, const CodeColumns& incumbent,
                                                         const LocalSuppressionOptions& options,
                                                         const RunContext& ctx) {
    SuppressionProgramResult out;
    if (!withinRecordLimit(cols[0].size(), options, out)) return out;
    const auto tuples = distinctTuples(cols);
    std::size_t candidates = 0;
    for (const auto& t : tuples) {
        if (t.kept.size() > kMaxPatternColumns) {
            out.message = "the optimal local suppression with '*' as a value tries every pattern of a record's " +
                          std::to_string(t.kept.size()) + " kept cells; the limit is " +
                          std::to_string(kMaxPatternColumns);
            return out;
        }
        candidates += std::size_t(1) << t.kept.size();
        if (candidates > 4 * options.maxRows) {
            out.message = "the optimal local suppression with '*' as a value would weigh more than " +
                          std::to_string(4 * options.maxRows) + " suppression patterns";
            return out;
        }
    }
    // Every pattern of every tuple, and how many records could reach each released tuple.
    std::unordered_map<std::string, std::size_t> targetIndex;
    std::vector<std::size_t> reach;
    std::vector<Pattern> all;
    for (std::size_t t = 0; t < tuples.size(); ++t) {
        if (ctx.cancelled()) return Status::cancelled();
        for (std::uint64_t bits = 0; bits < (std::uint64_t(1) << tuples[t].kept.size()); ++bits) {
            const auto mask = patternMask(tuples[t], bits);
            auto [it, inserted] =
                targetIndex.try_emplace(releasedKey(cols, tuples[t].records.front(), mask), reach.size());
            if (inserted) reach.push_back(0);
            reach[it->second] += tuples[t].records.size();
            all.push_back({t, mask, it->second, -1});
        }
    }
    GlpkMip mip;
    std::vector<int> released(reach.size(), -1);  // z columns
    std::vector<std::vector<int>> byTuple(tuples.size()), byTarget(reach.size());
    std::size_t rows = tuples.size();  // one per tuple, pattern and released tuple
    for (auto& p : all) {
        if (reach[p.target] < std::size_t(options.k)) continue;
        const auto count = double(tuples[p.tuple].records.size());
        const auto cost = double(std::popcount(p.mask & ~tuples[p.tuple].mask));
        p.column = mip.addColumn(0, count, cost, true);
        if (released[p.target] < 0) {
            released[p.target] = mip.addColumn(0, 1, 0, true);
            ++rows;
        }
        byTuple[p.tuple].push_back(p.column);
        byTarget[p.target].push_back(p.column);
        mip.addRow({p.column, released[p.target]}, {1.0, -count}, GlpkMip::RowType::AtMost, 0.0);
        if (++rows > options.maxRows) {
            out.message = "the optimal local suppression program would have more than " +
                          std::to_string(options.maxRows) + " constraints";
            return out;
        }
    }
    for (std::size_t t = 0; t < tuples.size(); ++t) {
        mip.addRow(byTuple[t], std::vector<double>(byTuple[t].size(), 1.0), GlpkMip::RowType::Equal,
                   double(tuples[t].records.size()));
    }
    for (std::size_t g = 0; g < reach.size(); ++g) {
        if (released[g] < 0) continue;
        auto members = byTarget[g];
        std::vector<double> coefs(members.size(), 1.0);
        members.push_back(released[g]);
        coefs.push_back(-double(options.k));
        mip.addRow(members, coefs, GlpkMip::RowType::AtLeast, 0.0);
    }
    // The greedy suppression as GLPK's first incumbent.
    std::vector<double> start(mip.columnCount(), 0.0);
    std::vector<std::unordered_map<std::uint64_t, const Pattern*>> patternOf(tuples.size());
    for (const auto& p : all)
        if (p.column >= 0) patternOf[p.tuple].emplace(p.mask, &p);
    for (std::size_t t = 0; t < tuples.size() && !start.empty(); ++t)
        for (auto r : tuples[t].records) {
            const auto it = patternOf[t].find(suppressionMask(incumbent, r));
            if (it == patternOf[t].end()) {
                start.clear();  // not a k-anonymous suppression of `cols`: no incumbent
                break;
            }
            start[std::size_t(it->second->column)] += 1.0;
            start[std::size_t(released[it->second->target])] = 1.0;
        }
    auto x = solveSuppressionProgram(mip, start, options, ctx, out);
    if (!x) return x.status();
    if (!out.solved) return out;
    out.columns = cols;
    std::vector<std::size_t> assigned(tuples.size(), 0);
    for (const auto& p : all) {
        if (p.column < 0) continue;
        const auto& records = tuples[p.tuple].records;
        auto take = std::size_t(std::llround((*x)[std::size_t(p.column)]));
        for (; take > 0 && assigned[p.tuple] < records.size(); --take, ++assigned[p.tuple])
            for (std::size_t c = 0; c < cols.size(); ++c)
                if (p.mask & columnBit(c)) out.columns[c][records[assigned[p.tuple]]] = kSuppressedCell;
    }
    return out;
}

}  // namespace veil::anonymity::detail
