#include "anonymity/detail/release_table.h"

#include <unordered_map>

namespace veil::anonymity::detail {

Table buildReleaseTable(const Table& table, const std::vector<std::size_t>& qiColumns,
                        const std::optional<std::size_t>& sensitiveColumn, const EquivalenceClasses& classes) {
    Table out = table;
    const std::size_t n = table.rowCount();
    for (std::size_t d = 0; d < qiColumns.size(); ++d) {
        const auto col = qiColumns[d];
        // Dictionary: one code per class label, plus "*".
        std::vector<std::string> dictionary{"*"};
        std::vector<std::int32_t> classCode(classes.classCount(), 0);
        std::unordered_map<std::string, std::int32_t> codeOf{{"*", 0}};
        for (std::size_t c = 0; c < classes.classCount(); ++c) {
            if (classes.classSuppressed[c]) continue;
            const auto& label = classes.classLabels.at(c, d);
            auto [it, inserted] = codeOf.emplace(label, std::int32_t(dictionary.size()));
            if (inserted) dictionary.push_back(label);
            classCode[c] = it->second;
        }
        Column::Builder builder(table.column(col).name(), ColumnType::Categorical, n);
        builder.setDictionary(dictionary);
        for (std::size_t r = 0; r < n; ++r) builder.appendCode(classCode[classes.recordClass[r]]);
        out = out.withColumn(col, builder.finish()).withRole(col, AttributeRole::QuasiIdentifier);
    }
    if (sensitiveColumn) out = out.withRole(*sensitiveColumn, AttributeRole::Sensitive);
    return out;
}

}  // namespace veil::anonymity::detail
