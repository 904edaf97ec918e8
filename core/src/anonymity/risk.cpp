// Prosecutor / journalist / marketer re-identification risk (El Emam & Dankar, JAMIA 2008).
#include "veil/anonymity/risk.h"

#include "veil/anonymity/local_suppression.h"

#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>

#include <unordered_map>

namespace veil::anonymity {

RiskSummary riskFromClassSizes(const std::vector<std::size_t>& sizes, double threshold,
                               const std::vector<std::size_t>& populationSizes) {
    RiskSummary r;
    r.threshold = threshold;
    const bool population = populationSizes.size() == sizes.size() && !sizes.empty();
    double marketer = 0, journalistSum = 0;
    std::size_t minPopulation = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        const auto s = sizes[i];
        if (s == 0) continue;
        r.records += s;
        ++r.classes;
        if (r.minClassSize == 0 || s < r.minClassSize) r.minClassSize = s;
        if (1.0 / double(s) > threshold) r.recordsAtRisk += s;
        if (s == 1) ++r.uniques;
        const std::size_t f = population ? std::max(populationSizes[i], s) : s;
        if (minPopulation == 0 || f < minPopulation) minPopulation = f;
        marketer += double(s) / double(f);
        journalistSum += double(s) / double(f);
    }
    if (r.records == 0) return r;
    const double n = double(r.records);
    r.prosecutorMax = 1.0 / double(r.minClassSize);
    r.prosecutorAvg = double(r.classes) / n;
    r.recordsAtRiskFraction = double(r.recordsAtRisk) / n;
    r.journalistMax = 1.0 / double(minPopulation);
    r.journalistAvg = journalistSum / n;
    r.marketer = marketer / n;
    r.sampleUniqueness = double(r.uniques) / n;
    return r;
}

namespace {

Result<std::vector<std::size_t>> columnsOf(const Table& table, const std::vector<std::string>& names,
                                           const std::string& what) {
    std::vector<std::size_t> cols;
    for (const auto& name : names) {
        auto idx = table.columnIndex(name);
        if (!idx) return idx.status().withContext(what);
        cols.push_back(*idx);
    }
    return cols;
}

std::string keyOf(const Table& table, const std::vector<std::size_t>& cols, std::size_t row) {
    std::string key;
    for (auto c : cols) {
        key += table.column(c).toString(row);
        key += '\x1f';
    }
    return key;
}

// The size of each class of rows equal on `cols` (in order of first appearance); `classOf` maps
// a class's key to its index.
std::vector<std::size_t> groupRows(const Table& table, const std::vector<std::size_t>& cols,
                                   std::unordered_map<std::string, std::size_t>& classOf) {
    std::vector<std::size_t> sizes;
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        auto [it, inserted] = classOf.emplace(keyOf(table, cols, r), sizes.size());
        if (inserted) sizes.push_back(0);
        ++sizes[it->second];
    }
    return sizes;
}

// ARX's bands, filled by `add(risk, records)` calls made by `fill`.
template <typename Fill>
std::vector<RiskBand> riskBands(Fill fill) {
    static constexpr double kBands[] = {0.00001, 0.0001, 0.001, 0.01,   0.02,   0.03, 0.04, 0.05,   0.06, 0.07, 0.08,
                                        0.09,    0.1,    0.125, 1 / 7., 1 / 6., 0.2,  0.25, 1 / 3., 0.5,  1.0};
    std::vector<RiskBand> bands;
    for (double upTo : kBands) bands.push_back({upTo, 0, 0, 0});
    std::size_t records = 0;
    fill([&](double risk, std::size_t n) {
        records += n;
        auto it = std::find_if(bands.begin(), bands.end(), [&](const RiskBand& b) { return risk <= b.upTo + 1e-15; });
        it->records += n;
    });
    double cumulative = 0;
    for (auto& b : bands) {
        b.fraction = records ? double(b.records) / double(records) : 0;
        cumulative += b.fraction;
        b.cumulative = std::min(1.0, cumulative);
    }
    return bands;
}

}  // namespace

std::vector<RiskBand> riskDistribution(const std::vector<std::size_t>& sizes) {
    return riskBands([&](auto add) {
        for (std::size_t s : sizes)
            if (s > 0) add(1.0 / double(s), s);
    });
}

std::vector<RiskBand> riskDistributionFromCounts(const std::vector<std::uint32_t>& counts) {
    return riskBands([&](auto add) {
        for (std::uint32_t c : counts)
            if (c > 0) add(1.0 / double(c), 1);
    });
}

RiskSummary riskFromRecordCounts(const std::vector<std::uint32_t>& counts, double threshold) {
    RiskSummary r;
    r.threshold = threshold;
    double sum = 0;
    for (std::uint32_t c : counts) {
        if (c == 0) continue;
        ++r.records;
        if (r.minClassSize == 0 || c < r.minClassSize) r.minClassSize = c;
        if (1.0 / double(c) > threshold) ++r.recordsAtRisk;
        if (c == 1) ++r.uniques;
        sum += 1.0 / double(c);
    }
    if (r.records == 0) return r;
    const double n = double(r.records);
    r.classes = std::size_t(std::llround(sum));
    r.prosecutorMax = r.journalistMax = 1.0 / double(r.minClassSize);
    r.prosecutorAvg = r.journalistAvg = r.marketer = sum / n;
    r.recordsAtRiskFraction = double(r.recordsAtRisk) / n;
    r.sampleUniqueness = double(r.uniques) / n;
    return r;
}

Result<std::vector<std::size_t>> classSizes(const Table& table, const std::vector<std::string>& quasiIdentifiers) {
    if (quasiIdentifiers.empty()) return Status::invalidArgument("no quasi-identifiers given");
    auto cols = columnsOf(table, quasiIdentifiers, "quasi-identifier");
    if (!cols) return cols.status();
    std::unordered_map<std::string, std::size_t> classOf;
    return groupRows(table, *cols, classOf);
}

namespace {

// "adult.csv, line 30164" or "the table, record 30163".
std::string recordName(const RiskInput& input, std::size_t row) {
    if (input.firstLine > 0) return input.tableName + ", line " + std::to_string(input.firstLine + row);
    return input.tableName + ", record " + std::to_string(row + 1);
}

// "age=200, race=Martian".
std::string valuesText(const Table& table, const std::vector<std::size_t>& cols, const std::vector<std::string>& names,
                       std::size_t row) {
    std::string text;
    for (std::size_t i = 0; i < cols.size(); ++i)
        text += (i ? ", " : "") + names[i] + "=" + table.column(cols[i]).toString(row);
    return text;
}

// True when every QI of `row` has the suppressed token.
bool isSuppressed(const Table& table, const std::vector<std::size_t>& cols, std::size_t row,
                  const std::optional<std::string>& token) {
    if (!token) return false;
    for (auto c : cols)
        if (table.column(c).toString(row) != *token) return false;
    return true;
}

// Per kept record, the records it matches when a suppressed cell matches any value (all-token
// records included as matches, left out as records): the local suppression's own count.
std::vector<std::uint32_t> wildcardCounts(const Table& table, const std::vector<std::size_t>& cols,
                                          const std::string& token, const std::vector<std::size_t>& suppressedRows) {
    std::vector<std::vector<std::uint32_t>> codes(cols.size(), std::vector<std::uint32_t>(table.rowCount()));
    for (std::size_t i = 0; i < cols.size(); ++i) {
        std::unordered_map<std::string, std::uint32_t> codeOf;
        for (std::size_t r = 0; r < table.rowCount(); ++r) {
            std::string text = table.column(cols[i]).toString(r);
            codes[i][r] = text == token ? kSuppressedCell
                                        : codeOf.emplace(std::move(text), std::uint32_t(codeOf.size())).first->second;
        }
    }
    const auto all = wildcardMatchCounts(codes);
    std::vector<std::uint32_t> kept;
    kept.reserve(all.size() - suppressedRows.size());
    for (std::size_t r = 0, s = 0; r < all.size(); ++r) {
        if (s < suppressedRows.size() && suppressedRows[s] == r) {
            ++s;
            continue;
        }
        kept.push_back(all[r]);
    }
    return kept;
}

}  // namespace

Result<TableRisk> assessTableRisk(const Table& table, const RiskInput& input) {
    if (input.tokenMatchesAny && (!input.suppressedToken || input.population))
        return Status::invalidArgument(
            "a suppressed cell that matches any value needs the suppressed token, and no population table");
    if (input.quasiIdentifiers.empty()) return Status::invalidArgument("no quasi-identifiers given");
    if (!(input.threshold > 0.0 && input.threshold <= 1.0))
        return Status::invalidArgument("risk threshold must be in (0, 1] (got " + formatNumber(input.threshold) + ")");
    auto cols = columnsOf(table, input.quasiIdentifiers, "quasi-identifier");
    if (!cols) return cols.status();
    std::unordered_map<std::string, std::size_t> classOf;
    std::vector<std::size_t> sizes, firstRow;
    std::vector<std::size_t> suppressed;
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        if (isSuppressed(table, *cols, r, input.suppressedToken)) {
            suppressed.push_back(r);
            continue;
        }
        auto [it, inserted] = classOf.emplace(keyOf(table, *cols, r), sizes.size());
        if (inserted) sizes.push_back(0), firstRow.push_back(r);
        ++sizes[it->second];
    }
    std::vector<std::size_t> popSizes;
    if (input.population) {
        auto pcols = columnsOf(*input.population, input.quasiIdentifiers, input.populationName);
        if (!pcols) return pcols.status();
        popSizes.assign(sizes.size(), 0);
        for (std::size_t r = 0; r < input.population->rowCount(); ++r) {
            auto it = classOf.find(keyOf(*input.population, *pcols, r));
            if (it != classOf.end()) ++popSizes[it->second];
        }
        for (std::size_t c = 0; c < sizes.size(); ++c)
            if (popSizes[c] == 0)
                return Status::invalidArgument(
                    recordName(input, firstRow[c]) + ": " +
                    valuesText(table, *cols, input.quasiIdentifiers, firstRow[c]) + " is not in " +
                    input.populationName +
                    "; a sample's records are drawn from its population, so every one occurs "
                    "there (is the population table the right one, with the same values?)");
            else if (popSizes[c] < sizes[c])
                return Status::invalidArgument(recordName(input, firstRow[c]) + ": " +
                                               valuesText(table, *cols, input.quasiIdentifiers, firstRow[c]) +
                                               " occurs " + std::to_string(sizes[c]) + " times in the table but " +
                                               std::to_string(popSizes[c]) + " in " + input.populationName +
                                               "; a sample holds no more copies of a record than its population");
    }
    TableRisk out;
    if (input.tokenMatchesAny) {
        out.matchCounts = wildcardCounts(table, *cols, *input.suppressedToken, suppressed);
        out.summary = riskFromRecordCounts(out.matchCounts, input.threshold);
    } else {
        out.summary = riskFromClassSizes(sizes, input.threshold, popSizes);
    }
    out.summary.suppressed = suppressed.size();
    out.classSizes = std::move(sizes);
    out.suppressedRows = std::move(suppressed);
    return out;
}

Result<RiskSummary> assessRisk(const Table& table, const std::vector<std::string>& quasiIdentifiers, double threshold,
                               const Table* population) {
    RiskInput input;
    input.quasiIdentifiers = quasiIdentifiers;
    input.threshold = threshold;
    input.population = population;
    auto risk = assessTableRisk(table, input);
    if (!risk) return risk.status();
    return risk->summary;
}

}  // namespace veil::anonymity
