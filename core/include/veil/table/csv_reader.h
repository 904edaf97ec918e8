// CSV reader: RFC 4180 quoting (embedded delimiters, doubled quotes, newlines), CRLF or LF,
// UTF-8 with or without BOM, delimiter detection among , ; tab |, a header row, and per-column
// type inference (integer, real, date, categorical, text) that the caller can override.
// Errors name file, line and column: "adult.csv:1042: 8 fields, expected 9".
// Complexity: two linear passes over the (memory-mapped) bytes, each on all cores: the body is cut
// into chunks at record boundaries (quote-aware) and the chunks' columns are joined in order.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/table/table.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace veil {

struct CsvReadOptions {
    char delimiter = 0;  // 0 = detect among , ; \t |
    bool hasHeader = true;
    std::map<std::string, ColumnType> typeOverrides;  // by column name
    // Tokens read as missing (besides the empty field).
    std::vector<std::string> missingTokens = {"NA", "N/A", "NULL", "?"};
    // A string column with at most this many distinct values (or at most half the rows) is
    // categorical (dictionary-encoded); otherwise text.
    std::size_t categoricalMaxDistinct = 65536;
    // Threads for tokenizing and building (0 = all cores); the file is cut into chunks of about
    // `chunkBytes` at record boundaries (0 = automatic; tests set it small).
    int threads = 0;
    std::size_t chunkBytes = 0;
};

struct CsvReadResult {
    Table table;
    char delimiter = ',';
    std::vector<std::string> warnings;  // e.g. "file has a header but no records"
};

// Reads a file (memory-mapped). `ctx` gets progress and may cancel.
Result<CsvReadResult> readCsvFile(const std::string& path, const CsvReadOptions& options = {},
                                  const RunContext& ctx = {});
// Parses bytes already in memory; `displayName` is used in messages.
Result<CsvReadResult> parseCsv(std::string_view data, const std::string& displayName,
                               const CsvReadOptions& options = {}, const RunContext& ctx = {});

// Guess the delimiter from the first lines (outside quotes): the candidate that gives the same
// non-zero count on most lines. Returns ',' when nothing fits.
char detectDelimiter(std::string_view data);

}  // namespace veil
