// Column::concatenate: joins parts built separately (the CSV reader builds one per chunk).
#include "veil/table/column.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace veil {

namespace {

template <typename T>
void appendAll(std::vector<T>& to, const std::vector<T>& from) {
    to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

std::vector<std::uint8_t> Column::mergeMissingTokens(const std::vector<std::string>& tokens) {
    // The missing byte of a row that was written as tokens[k] becomes remap[k] here.
    std::vector<std::uint8_t> remap;
    for (const std::string& token : tokens) {
        auto it = std::find(m_missingTokens.begin(), m_missingTokens.end(), token);
        if (it == m_missingTokens.end() && m_missingTokens.size() < 250)
            it = m_missingTokens.insert(m_missingTokens.end(), token);
        remap.push_back(it == m_missingTokens.end() ? 1 : std::uint8_t(2 + (it - m_missingTokens.begin())));
    }
    return remap;
}

std::shared_ptr<const Column> Column::concatenate(std::vector<std::shared_ptr<const Column>> parts) {
    if (parts.empty()) throw std::invalid_argument("Column::concatenate: no parts");
    if (parts.size() == 1) return std::move(parts.front());
    auto out = std::shared_ptr<Column>(new Column);
    out->m_name = parts.front()->m_name;
    out->m_type = parts.front()->m_type;
    std::size_t total = 0;
    bool anyMissing = false, anyRaw = false;
    for (const auto& p : parts) {
        if (p->m_type != out->m_type) throw std::invalid_argument("Column::concatenate: parts of different types");
        total += p->m_size;
        anyMissing = anyMissing || !p->m_missing.empty();
        anyRaw = anyRaw || p->keepsOriginalText();
    }
    out->m_ints.reserve(out->m_type == ColumnType::Integer ? total : 0);
    out->m_reals.reserve(out->m_type == ColumnType::Real ? total : 0);
    out->m_dates.reserve(out->m_type == ColumnType::Date ? total : 0);
    out->m_codes.reserve(out->m_type == ColumnType::Categorical ? total : 0);
    if (out->m_type == ColumnType::Text) {
        out->m_offsets.reserve(total + 1);
        out->m_offsets.push_back(0);
    }
    if (anyMissing) out->m_missing.reserve(total);
    if (anyRaw) {
        out->m_rawOffsets.reserve(total + 1);
        out->m_rawOffsets.push_back(0);
    }
    std::unordered_map<std::string, std::int32_t> dictionaryIndex;
    for (auto& part : parts) {
        const Column& c = *part;
        appendAll(out->m_ints, c.m_ints);
        appendAll(out->m_reals, c.m_reals);
        appendAll(out->m_dates, c.m_dates);
        if (c.m_type == ColumnType::Categorical) {
            std::vector<std::int32_t> remap(c.m_dictionary.size());
            for (std::size_t i = 0; i < c.m_dictionary.size(); ++i) {
                auto [it, added] =
                    dictionaryIndex.try_emplace(c.m_dictionary[i], std::int32_t(out->m_dictionary.size()));
                if (added) out->m_dictionary.push_back(c.m_dictionary[i]);
                remap[i] = it->second;
            }
            for (std::int32_t code : c.m_codes) out->m_codes.push_back(code < 0 ? code : remap[std::size_t(code)]);
        }
        if (c.m_type == ColumnType::Text) {
            const std::uint64_t base = out->m_text.size();
            out->m_text += c.m_text;
            for (std::size_t r = 1; r < c.m_offsets.size(); ++r) out->m_offsets.push_back(base + c.m_offsets[r]);
        }
        if (anyMissing && c.m_missing.empty()) out->m_missing.resize(out->m_missing.size() + c.m_size, 0);
        const std::vector<std::uint8_t> tokenRemap = out->mergeMissingTokens(c.m_missingTokens);
        for (std::uint8_t m : c.m_missing) out->m_missing.push_back(m >= 2 ? tokenRemap[m - 2] : m);
        if (anyRaw) {
            for (std::size_t r = 0; r < c.m_size; ++r) {
                if (c.keepsOriginalText())
                    out->m_raw += c.rawAt(r);
                else
                    out->m_raw += c.canonicalText(r);
                out->m_rawOffsets.push_back(out->m_raw.size());
            }
        }
        out->m_size += c.m_size;
        out->m_missingCount += c.m_missingCount;
        part.reset();  // release the part's memory as soon as it is copied
    }
    return out;
}

}  // namespace veil
