#include "csv_column_join.h"

#include <unordered_map>

namespace veil::detail {

std::shared_ptr<const Column> joinCodedColumn(const std::string& name, std::vector<CodedPart*> parts,
                                              const std::vector<std::string>& missingTokens, std::size_t maxDistinct,
                                              bool forced) {
    std::size_t records = 0;
    std::vector<std::string> dictionary;
    std::unordered_map<std::string, std::int32_t> index;
    std::vector<std::vector<std::int32_t>> remaps(parts.size());
    for (std::size_t k = 0; k < parts.size(); ++k) {
        records += parts[k]->codes.size();
        for (const std::string& value : parts[k]->dictionary) {
            auto [it, added] = index.try_emplace(value, std::int32_t(dictionary.size()));
            if (added) dictionary.push_back(value);
            remaps[k].push_back(it->second);
        }
    }
    const bool categorical = forced || dictionary.size() <= maxDistinct;
    Column::Builder builder(name, categorical ? ColumnType::Categorical : ColumnType::Text, records);
    for (std::size_t k = 0; k < parts.size(); ++k) {
        for (const std::int32_t code : parts[k]->codes) {
            if (code <= -2)
                builder.appendMissingToken(missingTokens[std::size_t(-2 - code)]);
            else if (code < 0)
                builder.appendMissing();
            else if (categorical)
                builder.appendCode(remaps[k][std::size_t(code)]);
            else
                builder.appendText(dictionary[std::size_t(remaps[k][std::size_t(code)])]);
        }
        *parts[k] = CodedPart{};  // release the part's memory as soon as it is copied
    }
    if (categorical) builder.setDictionary(std::move(dictionary));
    return builder.finish();
}

}  // namespace veil::detail
