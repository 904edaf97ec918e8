#include "anonymity/detail/encoded_data.h"

#include "anonymity/detail/column_values.h"
#include "veil/common/validate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>

namespace veil::anonymity::detail {

namespace {

std::string shown(const std::string& v) { return v.empty() ? "(empty)" : v; }

// Fills dim from its hierarchy and the column; recordRow: the hierarchy row of every record.
Status encodeDimension(const Column& col, QiDimension& dim, std::vector<std::uint32_t>& recordRow) {
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
    // Map values to rows (once per distinct value); collect what the hierarchy lacks.
    const ColumnValues values = columnValues(col);
    std::vector<std::uint32_t> rowOfValue(values.texts.size());
    std::vector<std::string> missing;
    for (std::size_t v = 0; v < values.texts.size(); ++v) {
        const auto row = h.findValue(values.texts[v]);
        if (!row)
            missing.push_back(values.texts[v]);
        else
            rowOfValue[v] = std::uint32_t(*row);
    }
    if (!missing.empty()) {
        std::string list;
        for (std::size_t i = 0; i < missing.size() && i < 10; ++i) list += (i ? ", '" : "'") + shown(missing[i]) + "'";
        if (missing.size() > 10) list += " and " + std::to_string(missing.size() - 10) + " more";
        return Status::notFound("hierarchy for quasi-identifier '" + dim.name + "' has no row for " +
                                std::to_string(missing.size()) + " value(s) of the column: " + list);
    }
    dim.rowRecords.assign(h.rowCount(), 0);
    recordRow.resize(values.recordValue.size());
    for (std::size_t r = 0; r < recordRow.size(); ++r) {
        const std::uint32_t row = rowOfValue[values.recordValue[r]];
        if (dim.rowRecords[row]++ == 0) dim.valueRows.push_back(row);
        recordRow[r] = row;
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
    // Codes in first-occurrence order of the values.
    ColumnValues values = columnValues(table.column(*idx));
    s.values = std::move(values.texts);
    recordCode = std::move(values.recordValue);
    std::vector<double> counts(s.values.size(), 0.0);
    for (auto c : recordCode) counts[c] += 1;
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

namespace {

// One 64-bit key per record over (QI rows, sensitive code): exact mixed radix when the space fits
// in 64 bits, else a hash that the caller verifies on a match.
std::vector<std::uint64_t> recordKeys(const std::vector<std::vector<std::uint32_t>>& recordRow,
                                      const std::vector<std::uint32_t>& sensitiveCode, std::size_t records,
                                      bool& exact) {
    std::vector<std::vector<std::uint32_t>::const_pointer> parts;
    std::vector<std::uint64_t> radix;
    for (const auto& rows : recordRow) {
        parts.push_back(rows.data());
        radix.push_back(std::uint64_t(*std::max_element(rows.begin(), rows.end())) + 1);
    }
    if (!sensitiveCode.empty()) {
        parts.push_back(sensitiveCode.data());
        radix.push_back(std::uint64_t(*std::max_element(sensitiveCode.begin(), sensitiveCode.end())) + 1);
    }
    unsigned __int128 space = 1;
    for (auto x : radix) space *= x;
    exact = space >> 64 == 0;
    std::vector<std::uint64_t> keys(records, 0);
    for (std::size_t p = 0; p < parts.size(); ++p) {
        const std::uint32_t* v = parts[p];
        if (exact) {
            for (std::size_t r = 0; r < records; ++r) keys[r] = keys[r] * radix[p] + v[r];
        } else {
            const std::uint64_t salt = 0x9e3779b97f4a7c15ULL * (p + 1);
            for (std::size_t r = 0; r < records; ++r) keys[r] = mixKey(keys[r] ^ (std::uint64_t(v[r]) + salt));
        }
    }
    return keys;
}

// The bottom groups of data (first-occurrence order) by open addressing on the record keys.
void groupRecords(const std::vector<std::vector<std::uint32_t>>& recordRow,
                  const std::vector<std::uint32_t>& sensitiveCode, const std::vector<bool>* subset, EncodedData& data) {
    const std::size_t m = recordRow.size(), records = data.records;
    bool exact = true;
    const auto keys = recordKeys(recordRow, sensitiveCode, records, exact);
    auto code = [&](std::size_t r) { return sensitiveCode.empty() ? 0u : sensitiveCode[r]; };
    auto same = [&](std::size_t a, std::size_t b) {
        for (std::size_t d = 0; d < m; ++d)
            if (recordRow[d][a] != recordRow[d][b]) return false;
        return code(a) == code(b);
    };
    constexpr std::uint32_t kEmpty = ~std::uint32_t(0);
    std::vector<std::uint32_t> slots(1024, kEmpty), first;  // slot -> group; group -> first record
    unsigned bits = 10;
    auto slotOf = [&](std::uint64_t key) { return std::size_t((key * 0x9e3779b97f4a7c15ULL) >> (64 - bits)); };
    data.recordGroup.resize(records);
    for (std::size_t r = 0; r < records; ++r) {
        std::size_t slot = slotOf(keys[r]);
        std::uint32_t g;
        while ((g = slots[slot]) != kEmpty && !(keys[first[g]] == keys[r] && (exact || same(first[g], r))))
            slot = (slot + 1) & (slots.size() - 1);
        if (g == kEmpty) {
            g = std::uint32_t(data.groups++);
            first.push_back(std::uint32_t(r));
            for (std::size_t d = 0; d < m; ++d) data.groupRow.push_back(recordRow[d][r]);
            data.groupSize.push_back(0);
            data.groupSensitive.push_back(code(r));
            data.groupSubset.push_back(0);
            slots[slot] = g;
            if (data.groups * 2 > slots.size()) {  // grow: re-insert every group
                slots.assign(slots.size() * 2, kEmpty);
                ++bits;
                for (std::uint32_t h = 0; h < data.groups; ++h) {
                    std::size_t s = slotOf(keys[first[h]]);
                    while (slots[s] != kEmpty) s = (s + 1) & (slots.size() - 1);
                    slots[s] = h;
                }
            }
        }
        ++data.groupSize[g];
        if (subset && (*subset)[r]) ++data.groupSubset[g];
        data.recordGroup[r] = g;
    }
}

}  // namespace

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
        VEIL_RETURN_IF_ERROR(encodeDimension(table.column(col), dim, recordRow[d]));
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

    groupRecords(recordRow, sensitiveCode, data.hasSubset ? &config.models.deltaPresence->researchSubset : nullptr,
                 data);
    return data;
}

}  // namespace veil::anonymity::detail
