#include "anonymity/detail/encoded_data.h"

#include "veil/common/validate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>

namespace veil::anonymity::detail {

namespace {

std::string shown(const std::string& v) { return v.empty() ? "(empty)" : v; }

// Per record, the text of a column's value; categorical columns go through their dictionary once.
template <typename F>
void forEachValue(const Column& col, F&& f) {
    if (col.type() == ColumnType::Categorical) {
        const auto& dict = col.dictionary();
        static const std::string empty;
        for (std::size_t r = 0; r < col.size(); ++r) {
            const auto code = col.codeAt(r);
            f(r, code < 0 || col.isMissing(r) ? empty : dict[std::size_t(code)]);
        }
    } else {
        for (std::size_t r = 0; r < col.size(); ++r) f(r, col.toString(r));
    }
}

Status encodeDimension(const Column& col, QiDimension& dim) {
    const auto& h = *dim.hierarchy;
    VEIL_RETURN_IF_ERROR(h.checkConsistency());
    dim.height = h.height();
    const std::size_t levels = h.levelCount();
    dim.rowLabel.assign(levels, std::vector<std::uint32_t>(h.rowCount()));
    dim.labelText.assign(levels, {});
    dim.labelShare.assign(levels, {});
    dim.labelRecords.assign(levels, {});
    for (std::size_t l = 0; l < levels; ++l) {
        std::unordered_map<std::string, std::uint32_t> ids;
        for (std::size_t r = 0; r < h.rowCount(); ++r) {
            auto [it, inserted] = ids.emplace(h.label(r, l), std::uint32_t(dim.labelText[l].size()));
            if (inserted) {
                dim.labelText[l].push_back(h.label(r, l));
                dim.labelShare[l].push_back(double(h.leafCount(l, h.label(r, l))) / double(h.rowCount()));
            }
            dim.rowLabel[l][r] = it->second;
        }
        dim.labelRecords[l].assign(dim.labelText[l].size(), 0);
    }
    // Map values to rows; collect what the hierarchy lacks.
    dim.rowRecords.assign(h.rowCount(), 0);
    std::unordered_map<std::string, std::uint32_t> rowOf;
    std::vector<std::string> missing;
    forEachValue(col, [&](std::size_t r, const std::string& v) {
        auto it = rowOf.find(v);
        if (it == rowOf.end()) {
            const auto row = h.findValue(v);
            if (!row) {
                if (std::find(missing.begin(), missing.end(), v) == missing.end()) missing.push_back(v);
                return;
            }
            it = rowOf.emplace(v, std::uint32_t(*row)).first;
            dim.valueRows.push_back(it->second);
        }
        (void)r;
        ++dim.rowRecords[it->second];
    });
    if (!missing.empty()) {
        std::string list;
        for (std::size_t i = 0; i < missing.size() && i < 10; ++i) list += (i ? ", '" : "'") + shown(missing[i]) + "'";
        if (missing.size() > 10) list += " and " + std::to_string(missing.size() - 10) + " more";
        return Status::notFound("hierarchy for quasi-identifier '" + dim.name + "' has no row for " +
                                std::to_string(missing.size()) + " value(s) of the column: " + list);
    }
    for (std::size_t l = 0; l < levels; ++l)
        for (auto row : dim.valueRows) dim.labelRecords[l][dim.rowLabel[l][row]] += dim.rowRecords[row];
    return Status::ok();
}

bool parseDouble(const std::string& s, double& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

Status encodeSensitive(const Table& table, const AnonymizationConfig& config, EncodedData& data,
                       std::vector<std::uint32_t>& recordCode) {
    auto& s = data.sensitive;
    auto idx = table.columnIndex(*config.sensitive);
    if (!idx) return idx.status().withContext("sensitive attribute");
    s.present = true;
    s.column = *idx;
    s.name = *config.sensitive;
    std::unordered_map<std::string, std::uint32_t> codes;
    recordCode.assign(data.records, 0);
    std::vector<double> counts;
    forEachValue(table.column(*idx), [&](std::size_t r, const std::string& v) {
        auto [it, inserted] = codes.emplace(v, std::uint32_t(s.values.size()));
        if (inserted) {
            s.values.push_back(v);
            counts.push_back(0);
        }
        recordCode[r] = it->second;
        counts[it->second] += 1;
    });
    s.globalFrequency.resize(counts.size());
    for (std::size_t c = 0; c < counts.size(); ++c) s.globalFrequency[c] = counts[c] / double(data.records);
    s.orderedCodes.resize(s.values.size());
    for (std::uint32_t c = 0; c < s.values.size(); ++c) s.orderedCodes[c] = c;
    std::vector<double> num(s.values.size());
    bool numeric = true;
    for (std::size_t c = 0; c < s.values.size(); ++c) numeric = numeric && parseDouble(s.values[c], num[c]);
    std::sort(s.orderedCodes.begin(), s.orderedCodes.end(),
              [&](std::uint32_t a, std::uint32_t b) { return numeric ? num[a] < num[b] : s.values[a] < s.values[b]; });
    s.rankOfCode.resize(s.values.size());
    for (std::uint32_t i = 0; i < s.orderedCodes.size(); ++i) s.rankOfCode[s.orderedCodes[i]] = i;
    if (config.sensitiveHierarchy) {
        const auto& h = *config.sensitiveHierarchy;
        VEIL_RETURN_IF_ERROR(h.checkCoverage(s.values).withContext("sensitive attribute '" + s.name + "'"));
        VEIL_RETURN_IF_ERROR(h.checkConsistency());
        s.hierarchyHeight = h.height();
        s.codeLabel.assign(h.levelCount(), std::vector<std::uint32_t>(s.values.size()));
        s.labelsPerLevel.assign(h.levelCount(), 0);
        for (std::size_t l = 0; l < h.levelCount(); ++l) {
            std::unordered_map<std::string, std::uint32_t> ids;
            for (std::size_t c = 0; c < s.values.size(); ++c) {
                const auto row = *h.findValue(s.values[c]);
                auto it = ids.emplace(h.label(row, l), std::uint32_t(ids.size())).first;
                s.codeLabel[l][c] = it->second;
            }
            s.labelsPerLevel[l] = std::uint32_t(ids.size());
        }
    }
    return Status::ok();
}

Result<std::vector<std::pair<std::size_t, const QuasiIdentifier*>>> orderedQuasiIdentifiers(
    const Table& table, const AnonymizationConfig& config) {
    if (config.quasiIdentifiers.empty()) return Status::invalidArgument("no quasi-identifiers given");
    std::vector<std::pair<std::size_t, const QuasiIdentifier*>> out;
    for (const auto& qi : config.quasiIdentifiers) {
        auto idx = table.columnIndex(qi.column);
        if (!idx) return idx.status().withContext("quasi-identifier");
        for (const auto& o : out)
            if (o.first == *idx) return Status::invalidArgument("quasi-identifier '" + qi.column + "' is given twice");
        if (config.sensitive && *config.sensitive == qi.column)
            return Status::invalidArgument("column '" + qi.column + "' cannot be both quasi-identifier and sensitive");
        out.emplace_back(*idx, &qi);
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

Status validateModels(const AnonymizationConfig& config, std::size_t records) {
    const auto& m = config.models;
    if (records == 0) return Status::invalidArgument("the table has no records");
    VEIL_RETURN_IF_ERROR(requireProbability(config.suppressionLimit, "suppression limit"));
    if (m.k < 1) return Status::invalidArgument("k must be at least 1 (got " + std::to_string(m.k) + ")");
    if (std::size_t(m.k) > records)
        return Status::invalidArgument("k = " + std::to_string(m.k) + " is larger than the number of records (" +
                                       std::to_string(records) + ")");
    if (m.needsSensitive() && !config.sensitive)
        return Status::invalidArgument("l-diversity and t-closeness need a sensitive attribute (--sensitive)");
    if (m.lDiversity) VEIL_RETURN_IF_ERROR(validateLDiversity(*m.lDiversity));
    if (m.tCloseness) {
        VEIL_RETURN_IF_ERROR(requireProbability(m.tCloseness->t, "t"));
        if (m.tCloseness->variant == TClosenessVariant::HierarchicalDistance && !config.sensitiveHierarchy)
            return Status::invalidArgument(
                "hierarchical-distance t-closeness needs a hierarchy for the sensitive attribute");
    }
    if (m.deltaPresence) {
        const auto& d = *m.deltaPresence;
        VEIL_RETURN_IF_ERROR(requireProbability(d.deltaMin, "delta min"));
        VEIL_RETURN_IF_ERROR(requireProbability(d.deltaMax, "delta max"));
        VEIL_RETURN_IF_ERROR(requireOrdered(d.deltaMin, d.deltaMax, "delta min", "delta max"));
        if (d.researchSubset.size() != records)
            return Status::invalidArgument("delta-presence: the research subset has " +
                                           std::to_string(d.researchSubset.size()) + " flags for " +
                                           std::to_string(records) + " records");
    }
    return Status::ok();
}

Result<EncodedData> encodeTable(const Table& table, const AnonymizationConfig& config, const RunContext& ctx) {
    EncodedData data;
    data.records = table.rowCount();
    VEIL_RETURN_IF_ERROR(validateModels(config, data.records));
    auto qis = orderedQuasiIdentifiers(table, config);
    if (!qis) return qis.status();
    ctx.report(0.0, "Encoding quasi-identifiers");
    const std::size_t m = qis->size();
    std::vector<std::vector<std::uint32_t>> recordRow(m);
    for (std::size_t d = 0; d < m; ++d) {
        const auto& [col, qi] = (*qis)[d];
        if (!qi->hierarchy)
            return Status::invalidArgument("quasi-identifier '" + qi->column + "' has no hierarchy (--hierarchy " +
                                           qi->column + "=FILE)");
        QiDimension dim;
        dim.name = qi->column;
        dim.column = col;
        dim.hierarchy = &*qi->hierarchy;
        VEIL_RETURN_IF_ERROR(encodeDimension(table.column(col), dim));
        // Record rows, re-derived (encodeDimension validated coverage).
        recordRow[d].resize(data.records);
        std::unordered_map<std::string, std::uint32_t> rowOf;
        forEachValue(table.column(col), [&](std::size_t r, const std::string& v) {
            auto it = rowOf.find(v);
            if (it == rowOf.end()) it = rowOf.emplace(v, std::uint32_t(*dim.hierarchy->findValue(v))).first;
            recordRow[d][r] = it->second;
        });
        data.dims.push_back(std::move(dim));
    }
    std::vector<std::uint32_t> sensitiveCode;
    if (config.sensitive) VEIL_RETURN_IF_ERROR(encodeSensitive(table, config, data, sensitiveCode));
    if (config.models.lDiversity && double(data.sensitive.values.size()) < config.models.lDiversity->l &&
        config.models.lDiversity->variant != LDiversityVariant::Entropy)
        return Status::invalidArgument("l = " + formatNumber(config.models.lDiversity->l) +
                                       " but sensitive attribute '" + data.sensitive.name + "' has only " +
                                       std::to_string(data.sensitive.values.size()) + " distinct value(s)");
    if (config.models.lDiversity && config.models.lDiversity->variant == LDiversityVariant::Entropy &&
        double(data.sensitive.values.size()) < config.models.lDiversity->l)
        return Status::invalidArgument("entropy l = " + formatNumber(config.models.lDiversity->l) +
                                       " but sensitive attribute '" + data.sensitive.name + "' has only " +
                                       std::to_string(data.sensitive.values.size()) + " distinct value(s)");
    data.hasSubset = config.models.deltaPresence.has_value();

    // Bottom groups keyed by the packed tuple.
    std::unordered_map<std::string, std::uint32_t> groupOf;
    groupOf.reserve(data.records);
    data.recordGroup.resize(data.records);
    std::string key;
    for (std::size_t r = 0; r < data.records; ++r) {
        key.clear();
        for (std::size_t d = 0; d < m; ++d) key.append(reinterpret_cast<const char*>(&recordRow[d][r]), 4);
        const std::uint32_t sc = sensitiveCode.empty() ? 0 : sensitiveCode[r];
        key.append(reinterpret_cast<const char*>(&sc), 4);
        const bool inSubset = data.hasSubset && config.models.deltaPresence->researchSubset[r];
        auto [it, inserted] = groupOf.emplace(key, std::uint32_t(data.groups));
        if (inserted) {
            ++data.groups;
            for (std::size_t d = 0; d < m; ++d) data.groupRow.push_back(recordRow[d][r]);
            data.groupSize.push_back(0);
            data.groupSensitive.push_back(sc);
            data.groupSubset.push_back(0);
        }
        ++data.groupSize[it->second];
        if (inSubset) ++data.groupSubset[it->second];
        data.recordGroup[r] = it->second;
    }
    return data;
}

}  // namespace veil::anonymity::detail
