// CSV writer: RFC 4180 quoting where needed, LF line endings, UTF-8; each cell's original text
// (Column::originalText). Written atomically (a
// temporary file in the same folder, flushed, then renamed over the target).
#pragma once

#include "veil/common/status.h"
#include "veil/table/table.h"

#include <ostream>
#include <string>

namespace veil {

struct CsvWriteOptions {
    char delimiter = ',';
    bool writeHeader = true;
    std::string missing;  // how missing cells without an original token are written
};

Status writeCsvFile(const Table& table, const std::string& path, const CsvWriteOptions& options = {});
void writeCsv(const Table& table, std::ostream& out, const CsvWriteOptions& options = {});
// Quotes a field if it contains the delimiter, a quote, CR or LF.
std::string quoteCsvField(std::string_view field, char delimiter);

}  // namespace veil
