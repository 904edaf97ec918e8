#include "csv_column_join.h"

#include <algorithm>
#include <unordered_map>

namespace veil::detail {

namespace {

// Frees a part's values, keeping its counts.
void release(ChunkColumn& part) {
    part.dictionary = {};
    part.owned = {};
    part.codes.clear();
    part.part = nullptr;
}

// The end of the run of present values (codes >= 0) from `from` on.
std::size_t presentRunEnd(const ChunkCodes& codes, std::size_t from) {
    while (from < codes.size() && codes[from] >= 0) ++from;
    return from;
}

std::shared_ptr<const Column> joinCoded(const std::string& name, const std::vector<ChunkColumn*>& parts,
                                        const std::vector<std::string>& missingTokens, std::size_t maxDistinct,
                                        bool forced) {
    std::size_t records = 0;
    std::vector<std::string_view> dictionary;
    std::unordered_map<std::string_view, std::int32_t> index;
    std::vector<std::vector<std::int32_t>> remaps(parts.size());
    for (std::size_t k = 0; k < parts.size(); ++k) {
        records += parts[k]->codes.size();
        remaps[k].reserve(parts[k]->dictionary.size());
        for (const std::string_view value : parts[k]->dictionary) {
            auto [it, added] = index.try_emplace(value, std::int32_t(dictionary.size()));
            if (added) dictionary.push_back(value);
            remaps[k].push_back(it->second);
        }
    }
    const bool categorical = forced || dictionary.size() <= maxDistinct;
    Column::Builder builder(name, categorical ? ColumnType::Categorical : ColumnType::Text, records);
    if (categorical) builder.setDictionary(std::vector<std::string>(dictionary.begin(), dictionary.end()));
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const auto& remap = remaps[k];
        const ChunkCodes& codes = parts[k]->codes;
        for (std::size_t i = 0; i < codes.size();) {
            if (categorical) {  // a run of present values, remapped in one step
                const std::size_t end = presentRunEnd(codes, i);
                builder.appendRemappedCodes({codes.begin() + i, end - i}, remap);
                if ((i = end) == codes.size()) break;
            }
            const std::int32_t code = codes[i++];
            if (code <= -2)
                builder.appendMissingToken(missingTokens[std::size_t(-2 - code)]);
            else if (code < 0)
                builder.appendMissing();
            else
                builder.appendText(dictionary[std::size_t(remap[std::size_t(code)])]);
        }
        parts[k]->codes.clear();  // the dictionary's keys may be any part's: those are released at the end
    }
    auto column = builder.finish();
    for (ChunkColumn* part : parts) release(*part);
    return column;
}

// The part's distinct values parsed once, when each parses to a number or date whose canonical
// text is the value itself (else null: the cells are then parsed one by one).
std::shared_ptr<const Column> parsedDictionary(const std::string& name, ColumnType type, const ChunkColumn& part) {
    if (!isNumericType(type)) return nullptr;
    Column::Builder distinct(name, type, part.dictionary.size());
    for (const std::string_view v : part.dictionary)
        if (!distinct.appendParsed(v)) return nullptr;
    auto parsed = distinct.finish();
    return parsed->keepsOriginalText() ? nullptr : parsed;
}

// Appends an interned part's cells to an integer, real, date or text column.
void appendCoded(Column::Builder& builder, const std::string& name, ColumnType type, ChunkColumn& part,
                 const std::vector<std::string>& missingTokens) {
    const auto parsed = parsedDictionary(name, type, part);
    const ChunkCodes& codes = part.codes;
    for (std::size_t record = 0; record < codes.size(); ++record) {
        if (parsed) {  // a run of present values, their parsed values in one step
            const std::size_t end = presentRunEnd(codes, record);
            builder.appendRowsOf(*parsed, {codes.begin() + record, end - record});
            if ((record = end) == codes.size()) break;
        }
        const std::int32_t code = codes[record];
        if (code <= -2) {
            builder.appendMissingToken(missingTokens[std::size_t(-2 - code)]);
        } else if (code < 0) {
            builder.appendMissing();
        } else if (const std::string_view v = part.dictionary[std::size_t(code)]; !builder.appendParsed(v)) {
            builder.appendUnparsed(v);
            if (part.unparsed++ == 0) part.firstUnparsedRecord = record;
        }
    }
}

}  // namespace

std::shared_ptr<const Column> joinColumn(const std::string& name, ColumnType type,
                                         const std::vector<ChunkColumn*>& parts,
                                         const std::vector<std::string>& missingTokens, std::size_t maxDistinct,
                                         bool forced) {
    if (type == ColumnType::Categorical) return joinCoded(name, parts, missingTokens, maxDistinct, forced);
    // Interned parts are appended to one column; the parts the second pass built are concatenated.
    const bool interned = std::none_of(parts.begin(), parts.end(), [](const ChunkColumn* p) { return p->part; });
    if (interned) {
        std::size_t records = 0;
        for (const ChunkColumn* part : parts) records += part->codes.size();
        Column::Builder builder(name, type, records);
        for (ChunkColumn* part : parts) {
            appendCoded(builder, name, type, *part, missingTokens);
            release(*part);
        }
        return builder.finish();
    }
    std::vector<std::shared_ptr<const Column>> columns;
    columns.reserve(parts.size());
    for (ChunkColumn* part : parts) {
        if (!part->part) {
            Column::Builder builder(name, type, part->codes.size());
            appendCoded(builder, name, type, *part, missingTokens);
            part->part = builder.finish();
        }
        columns.push_back(std::move(part->part));
        release(*part);
    }
    return Column::concatenate(std::move(columns));
}

}  // namespace veil::detail
