#include "text_columns.h"

#include "csv_inference.h"

#include <unordered_set>

namespace veil::detail {

std::shared_ptr<const Column> columnFromText(const std::string& name,
                                             const std::vector<std::optional<std::string>>& cells,
                                             const CsvReadOptions& options, std::size_t* unparsed) {
    const MissingSet missing(options.missingTokens);
    auto isToken = [&](const std::optional<std::string>& cell) {
        return cell && !cell->empty() && missing.isMissing(*cell);
    };
    ColumnType type;
    if (auto it = options.typeOverrides.find(name); it != options.typeOverrides.end()) {
        type = it->second;
    } else {
        ColumnEvidence evidence;
        for (const auto& cell : cells)
            if (cell && !cell->empty() && !isToken(cell)) evidence.observe(*cell);
        type = evidence.type();
        if (type == ColumnType::Categorical) {
            // Too diverse for a dictionary: text (the CSV reader's rule).
            std::unordered_set<std::string_view> distinct;
            for (const auto& cell : cells)
                if (cell && !isToken(cell)) distinct.insert(*cell);
            if (distinct.size() > categoricalLimit(options.categoricalMaxDistinct, cells.size()))
                type = ColumnType::Text;
        }
    }
    Column::Builder builder(name, type, cells.size());
    std::size_t bad = 0;
    for (const auto& cell : cells) {
        if (!cell) {
            builder.appendMissing();
        } else if (isToken(cell)) {
            builder.appendMissingToken(*cell);  // "NA", "?": missing, written back as it was
        } else if (cell->empty() && type == ColumnType::Categorical) {
            builder.appendCategory("");  // an empty text is a value in a database, not NULL
        } else if (cell->empty() && type == ColumnType::Text) {
            builder.appendText("");
        } else if (!builder.appendParsed(*cell)) {
            builder.appendUnparsed(*cell);
            ++bad;
        }
    }
    if (unparsed) *unparsed = bad;
    return builder.finish();
}

}  // namespace veil::detail
