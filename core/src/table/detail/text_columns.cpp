#include "text_columns.h"

#include "csv_inference.h"

#include <unordered_set>

namespace veil::detail {

std::shared_ptr<const Column> columnFromText(const std::string& name,
                                             const std::vector<std::optional<std::string>>& cells,
                                             const CsvReadOptions& options, std::size_t* unparsed) {
    ColumnType type;
    if (auto it = options.typeOverrides.find(name); it != options.typeOverrides.end()) {
        type = it->second;
    } else {
        ColumnEvidence evidence;
        for (const auto& cell : cells)
            if (cell && !cell->empty()) evidence.observe(*cell);
        type = evidence.type();
        if (type == ColumnType::Categorical) {
            // Too diverse for a dictionary: text (the CSV reader's rule).
            std::unordered_set<std::string_view> distinct;
            for (const auto& cell : cells)
                if (cell) distinct.insert(*cell);
            const std::size_t most =
                std::min(options.categoricalMaxDistinct, std::max<std::size_t>(1, cells.size() / 2));
            if (distinct.size() > most) type = ColumnType::Text;
        }
    }
    Column::Builder builder(name, type, cells.size());
    std::size_t bad = 0;
    for (const auto& cell : cells) {
        if (!cell) {
            builder.appendMissing();
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
