// Joining the chunk parts of a CSV column into one Column.
#pragma once

#include "csv_chunk_reader.h"

#include <memory>
#include <string>
#include <vector>

namespace veil::detail {

// A categorical column from its chunk parts: one dictionary in order of first appearance (what one
// sequential read gives), or a text column when there are more than `maxDistinct` distinct values
// (unless `forced`, the user's choice). Each part is released once joined.
std::shared_ptr<const Column> joinCodedColumn(const std::string& name, std::vector<CodedPart*> parts,
                                              const std::vector<std::string>& missingTokens, std::size_t maxDistinct,
                                              bool forced);

}  // namespace veil::detail
