// SUDA scores from SUDA2's MSUs (Elliot et al. 2002 as computed by sdcMicro's suda2, Templ,
// Kowarik & Meindl, JSS 2015); the search itself is in detail/suda2_search.cpp.
#include "veil/anonymity/suda.h"

#include "anonymity/detail/suda2_search.h"
#include "veil/common/validate.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <numeric>
#include <unordered_map>

namespace veil::anonymity {

namespace {

Status validate(const Table& table, const std::vector<std::string>& qis, const SudaOptions& o) {
    if (qis.empty()) return Status::invalidArgument("SUDA: no quasi-identifiers given");
    if (qis.size() > 64)
        return Status::invalidArgument("SUDA: at most 64 quasi-identifiers (got " + std::to_string(qis.size()) + ")");
    if (o.maxSize > qis.size())
        return Status::invalidArgument("SUDA: the largest MSU (" + std::to_string(o.maxSize) +
                                       ") cannot exceed the number of quasi-identifiers (" +
                                       std::to_string(qis.size()) + ")");
    if (!(o.disFraction > 0.0 && o.disFraction < 1.0))
        return Status::invalidArgument("SUDA: the DIS sampling fraction must be in (0, 1), got " +
                                       formatNumber(o.disFraction));
    if (table.rowCount() == 0) return Status::invalidArgument("SUDA: the table has no record");
    return Status::ok();
}

// One dense code per distinct text of a column; missing cells kSudaMissing.
std::vector<std::uint32_t> columnCodes(const Column& column, const std::vector<std::string>& missing,
                                       std::uint32_t& cardinality) {
    std::unordered_map<std::string, std::uint32_t> codes;
    std::vector<std::uint32_t> out(column.size());
    std::string scratch;
    for (std::size_t r = 0; r < column.size(); ++r) {
        const std::string_view text = column.originalText(r, scratch);
        if (column.isMissing(r) || std::find(missing.begin(), missing.end(), text) != missing.end()) {
            out[r] = detail::kSudaMissing;
            continue;
        }
        out[r] = codes.try_emplace(std::string(text), std::uint32_t(codes.size())).first->second;
    }
    cardinality = std::uint32_t(codes.size());
    return out;
}

// The distinct rows (weight 2 for two or more identical records), each row's first record, and
// every record's class size.
struct Grouped {
    detail::SudaRows rows;
    std::vector<std::uint32_t> recordOf;   // per row
    std::vector<std::uint32_t> classSize;  // per record
};

Grouped group(const std::vector<std::vector<std::uint32_t>>& codes, std::vector<std::uint32_t> cardinality) {
    Grouped g;
    const std::size_t m = codes.size(), n = codes[0].size();
    g.rows.columns = m;
    g.rows.cardinality = std::move(cardinality);
    std::unordered_map<std::string, std::uint32_t> rowOf;
    rowOf.reserve(n);
    std::vector<std::uint32_t> rowOfRecord(n), size;
    std::string key(m * sizeof(std::uint32_t), '\0');
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t c = 0; c < m; ++c) std::memcpy(key.data() + c * sizeof(std::uint32_t), &codes[c][r], 4);
        auto [it, inserted] = rowOf.try_emplace(key, std::uint32_t(size.size()));
        if (inserted) {
            size.push_back(0);
            g.recordOf.push_back(std::uint32_t(r));
            for (std::size_t c = 0; c < m; ++c) g.rows.codes.push_back(codes[c][r]);
        }
        ++size[it->second];
        rowOfRecord[r] = it->second;
    }
    for (auto s : size) g.rows.weight.push_back(s == 1 ? 1 : 2);
    g.classSize.resize(n);
    for (std::size_t r = 0; r < n; ++r) g.classSize[r] = size[rowOfRecord[r]];
    return g;
}

// Keeps the `limit` smallest MSUs (by size, then mask) of a record.
void keepMsu(std::vector<std::uint64_t>& kept, std::uint64_t mask, std::size_t limit) {
    auto smaller = [](std::uint64_t a, std::uint64_t b) {
        return std::popcount(a) != std::popcount(b) ? std::popcount(a) < std::popcount(b) : a < b;
    };
    if (limit == 0) return;
    if (kept.size() < limit) {
        kept.insert(std::upper_bound(kept.begin(), kept.end(), mask, smaller), mask);
    } else if (smaller(mask, kept.back())) {
        kept.pop_back();
        kept.insert(std::upper_bound(kept.begin(), kept.end(), mask, smaller), mask);
    }
}

// Scores, contributions and the per-size figures from the per-record counts.
void summarise(SudaResult& out, const std::vector<double>& raw, const std::vector<std::size_t>& msusHolding) {
    const std::size_t m = out.attributes.size(), n = out.records;
    std::vector<double> weight(out.maxSize + 1);
    for (std::size_t s = 1; s <= out.maxSize; ++s) weight[s] = sudaWeight(s, m, out.maxSize);
    out.score.assign(n, 0.0);
    out.msusOfSize.assign(out.maxSize, 0);
    out.recordsWithSize.assign(out.maxSize, 0);
    for (std::size_t r = 0; r < n; ++r) {
        std::size_t total = 0;
        for (std::size_t s = 1; s <= out.maxSize; ++s) {
            const std::uint32_t k = out.msuCount(r, s);
            out.score[r] += double(k) * weight[s];
            out.msusOfSize[s - 1] += k;
            out.recordsWithSize[s - 1] += k > 0 ? 1 : 0;
            total += k;
        }
        out.totalMsus += total;
        out.recordsWithMsus += total > 0 ? 1 : 0;
    }
    const double totalScore = std::accumulate(out.score.begin(), out.score.end(), 0.0);
    out.contribution.assign(m, 0.0);
    out.msuShare.assign(m, 0.0);
    for (std::size_t c = 0; c < m; ++c) {
        if (totalScore > 0) out.contribution[c] = 100.0 * raw[c] / totalScore;
        if (out.totalMsus > 0) out.msuShare[c] = double(msusHolding[c]) / double(out.totalMsus);
    }
    out.disScore = disSudaScores(out.score, out.sampleUniques, out.pairedRecords, m, out.disFraction);
}

}  // namespace

double sudaWeight(std::size_t size, std::size_t attributes, std::size_t maxSize) {
    double w = 1.0;
    for (std::size_t i = size; i < maxSize; ++i) w *= double(attributes - i);
    return w;
}

std::vector<double> disSudaScores(const std::vector<double>& scores, std::size_t sampleUniques,
                                  std::size_t pairedRecords, std::size_t attributes, double disFraction) {
    std::vector<double> dis(scores.size(), 0.0);
    const double u = double(sampleUniques), f = disFraction;
    if (u == 0) return dis;
    const double disRisk = u * f / (u * f + double(pairedRecords) * (1.0 - f));
    const double q = 1.0 + (8.0 - double(attributes)) / 20.0;
    double adjust = 0;
    for (double s : scores)
        if (s > 0) adjust += 1.0 / std::pow(s, q);
    for (std::size_t r = 0; r < scores.size(); ++r)
        if (scores[r] > 0) dis[r] = 1.0 / (1.0 + (u / disRisk - u) / (std::pow(scores[r], q) * adjust));
    return dis;
}

std::vector<std::size_t> disScoreBands(const std::vector<double>& disScores) {
    std::vector<std::size_t> bands(9, 0);
    for (double d : disScores) {
        if (d <= 0) {
            ++bands[0];
            continue;
        }
        // (0, 0.1] -> 1, ..., (0.6, 0.7] -> 7, above 0.7 -> 8 (with sdcMicro's epsilon at the edges).
        std::size_t b = 1;
        while (b < 8 && d > 0.1 * double(b) + 1e-15) ++b;
        ++bands[b];
    }
    return bands;
}

const char* disScoreBandName(std::size_t band) {
    static constexpr const char* kNames[] = {"== 0",       "(0, 0.1]",   "(0.1, 0.2]", "(0.2, 0.3]", "(0.3, 0.4]",
                                             "(0.4, 0.5]", "(0.5, 0.6]", "(0.6, 0.7]", "> 0.7"};
    return band < 9 ? kNames[band] : "";
}

std::vector<std::size_t> SudaResult::topRecords(std::size_t top) const {
    std::vector<std::size_t> order;
    for (std::size_t r = 0; r < score.size(); ++r)
        if (score[r] > 0) order.push_back(r);
    const std::size_t k = std::min(top, order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(k), order.end(),
                      [&](std::size_t a, std::size_t b) { return score[a] != score[b] ? score[a] > score[b] : a < b; });
    order.resize(k);
    return order;
}

Result<SudaResult> suda2(const Table& table, const std::vector<std::string>& qis, const SudaOptions& options,
                         const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validate(table, qis, options));
    const auto started = std::chrono::steady_clock::now();
    std::vector<std::vector<std::uint32_t>> codes;
    std::vector<std::uint32_t> cardinality(qis.size());
    for (std::size_t c = 0; c < qis.size(); ++c) {
        auto index = table.columnIndex(qis[c]);
        if (!index) return index.status().withContext("SUDA");
        codes.push_back(columnCodes(table.column(*index), options.missingValues, cardinality[c]));
    }
    const Grouped g = group(codes, std::move(cardinality));
    SudaResult out;
    out.attributes = qis;
    out.maxSize = options.maxSize == 0 ? qis.size() : options.maxSize;
    out.disFraction = options.disFraction;
    out.records = table.rowCount();
    for (auto s : g.classSize) {
        out.sampleUniques += s == 1 ? 1 : 0;
        out.pairedRecords += s == 2 ? 1 : 0;
    }
    out.msuCounts.assign(out.records * out.maxSize, 0);
    out.msus.resize(out.records);
    std::vector<double> raw(qis.size(), 0.0);
    std::vector<std::size_t> holding(qis.size(), 0);
    std::vector<double> weight(out.maxSize + 1);
    for (std::size_t s = 1; s <= out.maxSize; ++s) weight[s] = sudaWeight(s, qis.size(), out.maxSize);
    auto onMsu = [&](std::uint32_t row, std::uint64_t mask) {
        const std::size_t record = g.recordOf[row], size = std::size_t(std::popcount(mask));
        ++out.msuCounts[record * out.maxSize + size - 1];
        for (std::uint64_t bits = mask; bits; bits &= bits - 1) {
            const auto c = std::size_t(std::countr_zero(bits));
            raw[c] += weight[size];
            ++holding[c];
        }
        keepMsu(out.msus[record], mask, options.msusPerRecord);
    };
    VEIL_RETURN_IF_ERROR(detail::findMinimalSampleUniques(g.rows, out.maxSize, onMsu, ctx));
    summarise(out, raw, holding);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return out;
}

}  // namespace veil::anonymity
