// Columns from cells given as text (a database's rows): the CSV reader's type inference and lossless
// building, for sources that are not CSV bytes. nullopt is a missing cell.
#pragma once

#include "veil/table/column.h"
#include "veil/table/csv_reader.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace veil::detail {

std::shared_ptr<const Column> columnFromText(const std::string& name,
                                             const std::vector<std::optional<std::string>>& cells,
                                             const CsvReadOptions& options, std::size_t* unparsed);

}  // namespace veil::detail
