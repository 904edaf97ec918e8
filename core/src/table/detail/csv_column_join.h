// Joining the chunk parts of a CSV column into one Column.
#pragma once

#include "csv_chunk_reader.h"

#include <memory>
#include <string>
#include <vector>

namespace veil::detail {

// A column of type `type` from its chunk parts, each released once joined (its unparsed counts
// stay). Categorical: one dictionary in order of first appearance (what one sequential read
// gives), or a text column when there are more than `maxDistinct` distinct values (unless `forced`,
// the user's choice). Other types: interned parts are parsed value by value, counting the values
// that do not parse in the part's `unparsed`.
std::shared_ptr<const Column> joinColumn(const std::string& name, ColumnType type,
                                         const std::vector<ChunkColumn*>& parts,
                                         const std::vector<std::string>& missingTokens, std::size_t maxDistinct,
                                         bool forced);

}  // namespace veil::detail
