// Prosecutor / journalist / marketer re-identification risk (El Emam & Dankar, JAMIA 2008).
#include "veil/anonymity/risk.h"

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

Result<RiskSummary> assessRisk(const Table& table, const std::vector<std::string>& quasiIdentifiers, double threshold,
                               const Table* population) {
    if (quasiIdentifiers.empty()) return Status::invalidArgument("no quasi-identifiers given");
    if (!(threshold > 0.0 && threshold <= 1.0))
        return Status::invalidArgument("risk threshold must be in (0, 1] (got " + formatNumber(threshold) + ")");
    auto cols = columnsOf(table, quasiIdentifiers, "quasi-identifier");
    if (!cols) return cols.status();
    std::unordered_map<std::string, std::size_t> classOf;
    const std::vector<std::size_t> sizes = groupRows(table, *cols, classOf);
    std::vector<std::size_t> popSizes;
    if (population) {
        auto pcols = columnsOf(*population, quasiIdentifiers, "population table");
        if (!pcols) return pcols.status();
        popSizes.assign(sizes.size(), 0);
        for (std::size_t r = 0; r < population->rowCount(); ++r) {
            auto it = classOf.find(keyOf(*population, *pcols, r));
            if (it != classOf.end()) ++popSizes[it->second];
        }
    }
    return riskFromClassSizes(sizes, threshold, popSizes);
}

}  // namespace veil::anonymity
