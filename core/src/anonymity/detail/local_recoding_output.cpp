#include "anonymity/detail/local_recoding_output.h"

#include "anonymity/detail/class_checker.h"
#include "anonymity/detail/metric_evaluator.h"
#include "anonymity/detail/release_table.h"

#include <cmath>
#include <limits>
#include <unordered_map>

namespace veil::anonymity::detail {

EquivalenceClasses classesFromCells(const CellRelease& cells) {
    EquivalenceClasses ec;
    const std::size_t m = cells.codes.size(), n = m ? cells.codes[0].size() : 0;
    ec.recordClass.resize(n);
    std::unordered_map<std::string, std::uint32_t> classOf;
    std::string key;
    for (std::size_t r = 0; r < n; ++r) {
        key.clear();
        bool allSuppressed = true;
        for (std::size_t d = 0; d < m; ++d) {
            const auto v = cells.codes[d][r];
            allSuppressed = allSuppressed && v == kSuppressedCell;
            key.append(reinterpret_cast<const char*>(&v), sizeof v);
        }
        auto [it, inserted] = classOf.emplace(key, std::uint32_t(ec.classSize.size()));
        if (inserted) {
            ec.classSize.push_back(0);
            ec.classSuppressed.push_back(allSuppressed ? 1 : 0);
            std::vector<std::string> labels;
            for (std::size_t d = 0; d < m; ++d) {
                const auto v = cells.codes[d][r];
                labels.push_back(v == kSuppressedCell ? std::string("*") : cells.texts[d][v]);
            }
            ec.classLabels.push_back(labels);
        }
        ec.recordClass[r] = it->second;
        ++ec.classSize[it->second];
    }
    return ec;
}

RiskSummary inputRisk(const EncodedData& data, double threshold) {
    const std::size_t m = data.dimensions();
    std::vector<std::size_t> bottom(data.groups, 0);
    for (std::size_t r = 0; r < data.recordGroup.size(); ++r) ++bottom[data.recordGroup[r]];
    // Classes of the original QI values (bottom groups with equal QI rows merged).
    std::unordered_map<std::string, std::size_t> before;
    for (std::size_t g = 0; g < data.groups; ++g) {
        std::string key(reinterpret_cast<const char*>(&data.groupRow[g * m]), m * sizeof(std::uint32_t));
        before[key] += bottom[g];
    }
    std::vector<std::size_t> sizes;
    sizes.reserve(before.size());
    for (const auto& [key, s] : before) sizes.push_back(s);
    return riskFromClassSizes(sizes, threshold);
}

double cellLoss(const EncodedData& data, const std::vector<std::vector<double>>& share) {
    const std::size_t m = data.dimensions();
    const double n = double(data.records);
    double result = 1.0;
    for (std::size_t d = 0; d < m; ++d) {
        double sum = 0;
        for (double s : share[d]) sum += s;
        const double min = n / double(data.dims[d].hierarchy->rowCount());
        double x = n - min <= 0 ? 0.0 : (sum - min) / (n - min);
        x = arxRound(x >= 0 ? x : 0.0);
        result *= std::pow(x + 1.0, 1.0 / double(m));
    }
    return result - 1.0;
}

namespace {

CellRelease cellsOf(const EncodedData& data, const AnonymizationResult& result) {
    const std::size_t m = data.dimensions();
    CellRelease cells;
    cells.texts.resize(m);
    cells.codes.assign(m, std::vector<std::uint32_t>(data.records, kSuppressedCell));
    for (std::size_t d = 0; d < m; ++d) {
        std::unordered_map<std::string, std::uint32_t> code;
        for (std::size_t r = 0; r < data.records; ++r) {
            if (result.recordPass[r] < 0) continue;
            const int level = result.passes[std::size_t(result.recordPass[r])].transformation[d];
            const auto& text = data.dims[d].labelText[std::size_t(level)][data.label(data.recordGroup[r], d, level)];
            auto [it, inserted] = code.emplace(text, std::uint32_t(cells.texts[d].size()));
            if (inserted) cells.texts[d].push_back(text);
            cells.codes[d][r] = it->second;
        }
    }
    return cells;
}

// Checks every kept class; a failing class that merges several passes keeps its earliest pass's
// records. Returns the number of records newly suppressed.
std::size_t enforceModels(const EncodedData& data, const AnonymizationConfig& config, AnonymizationResult& result,
                          const EquivalenceClasses& ec) {
    ClassChecker checker(data.sensitive, config.models);
    std::vector<std::vector<std::size_t>> members(ec.classCount());
    for (std::size_t r = 0; r < data.records; ++r) members[ec.recordClass[r]].push_back(r);
    std::vector<std::uint32_t> hist(std::max<std::size_t>(1, data.sensitive.values.size()), 0);
    std::size_t dropped = 0;
    for (std::size_t c = 0; c < ec.classCount(); ++c) {
        if (ec.classSuppressed[c]) continue;
        std::vector<std::uint32_t> touched;
        for (auto r : members[c]) {
            const auto code = data.groupSensitive[data.recordGroup[r]];
            if (hist[code]++ == 0) touched.push_back(code);
        }
        const bool ok = checker.satisfies(members[c].size(), hist, touched, 0);
        for (auto t : touched) hist[t] = 0;
        if (ok) continue;
        std::int32_t earliest = std::numeric_limits<std::int32_t>::max();
        for (auto r : members[c]) earliest = std::min(earliest, result.recordPass[r]);
        for (auto r : members[c])
            if (result.recordPass[r] != earliest) {
                result.recordPass[r] = -1;
                ++dropped;
            }
    }
    return dropped;
}

}  // namespace

Status finishLocalRecoding(const Table& table, const EncodedData& data, const AnonymizationConfig& config,
                           AnonymizationResult& result) {
    auto cells = cellsOf(data, result);
    result.classes = classesFromCells(cells);
    if (const auto dropped = enforceModels(data, config, result, result.classes); dropped > 0) {
        result.warnings.push_back(std::to_string(dropped) +
                                  " records released by a later pass joined an earlier pass's class and broke " +
                                  config.models.describe() + "; they are suppressed");
        cells = cellsOf(data, result);
        result.classes = classesFromCells(cells);
    }
    const std::size_t n = data.records, m = data.dimensions();
    result.suppressed = result.classes.suppressedRecords();
    // Metrics of the mixed release: Loss and Precision per cell, class-based ones from the classes.
    std::vector<std::vector<double>> share(m, std::vector<double>(n, 1.0));
    double precision = 0;
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t d = 0; d < m; ++d) {
            if (result.recordPass[r] < 0) {
                precision += 1.0;
                continue;
            }
            const int level = result.passes[std::size_t(result.recordPass[r])].transformation[d];
            share[d][r] = data.dims[d].labelShare[std::size_t(level)][data.label(data.recordGroup[r], d, level)];
            const int h = data.dims[d].height;
            precision += h == 0 ? 0.0 : double(level) / double(h);
        }
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    MetricValues v;
    v.loss = cellLoss(data, share);
    v.precision = precision / double(n * m);
    v.entropy = v.entropyNonMonotonic = v.height = v.ncp = nan;
    double dmStar = 0, dm = 0, kept = 0;
    for (std::size_t c = 0; c < result.classes.classCount(); ++c) {
        const double s = double(result.classes.classSize[c]);
        dmStar += s * s;
        dm += result.classes.classSuppressed[c] ? double(n) * s : s * s;
        kept += result.classes.classSuppressed[c] ? 0.0 : 1.0;
    }
    v.discernibility = dmStar;
    v.discernibilityPenalized = dm;
    v.aecs = double(n) / (kept + (result.suppressed > 0 ? 1.0 : 0.0));
    result.metrics = v;
    result.informationLoss = v.get(config.metric);

    result.riskBefore = inputRisk(data, config.riskThreshold);
    result.riskAfter = riskFromClassSizes(result.classes.keptSizes(), config.riskThreshold);
    if (config.buildOutput) {
        std::vector<std::size_t> cols;
        for (const auto& d : data.dims) cols.push_back(d.column);
        std::optional<std::size_t> sensitive;
        if (data.sensitive.present) sensitive = data.sensitive.column;
        result.output = buildReleaseTable(table, cols, sensitive, result.classes);
    }
    return Status::ok();
}

}  // namespace veil::anonymity::detail
