// Reading one chunk of a CSV body (a run of whole records): pass 1 gathers type evidence and
// counts, pass 2 builds the chunk's part of every column. The reader runs both passes on the
// chunks in parallel and joins the parts (csv_column_join.h).
#pragma once

#include "csv_inference.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/table/column.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace veil::detail {

// What every chunk shares: the whole file, its delimiter, the number of fields per record.
struct CsvBody {
    std::string_view data;
    char delimiter = ',';
    std::size_t columns = 0;
    const MissingSet* missing = nullptr;
};

// Pass 1 over data[begin, end).
struct ChunkScan {
    std::size_t begin = 0, end = 0;
    std::size_t records = 0;
    std::size_t lines = 0;  // line ends consumed, blank lines included
    std::size_t blankLines = 0;
    std::size_t strayQuotes = 0;
    std::size_t strayQuoteLine = 0;  // 1-based within the chunk
    std::vector<ColumnEvidence> evidence;
    // Tokenized without error, every record had `columns` fields, and the last record ended
    // exactly at `end` (so the next chunk starts at a record boundary).
    bool clean = false;
};
// Returns cancelled only; a malformed chunk is reported through `clean`.
Status scanChunk(const CsvBody& body, ChunkScan& scan, SharedProgressReporter& progress);

// A categorical column's part: the chunk's own dictionary (in order of first appearance) and codes
// into it; -1 is the empty field and -2 - k the k-th missing token.
struct CodedPart {
    std::vector<std::string> dictionary;
    std::vector<std::int32_t> codes;
};

// Pass 2 over the same range, given the column types.
struct ChunkColumns {
    std::vector<std::shared_ptr<const Column>> parts;  // integer, real, date and text columns
    std::vector<CodedPart> coded;                      // categorical columns
    std::vector<std::size_t> unparsed;                 // cells that did not parse under their type
    std::vector<std::size_t> firstUnparsedLine;        // 1-based within the chunk
};
Status buildChunk(const CsvBody& body, const ChunkScan& scan, const std::vector<ColumnType>& types,
                  const std::vector<std::string>& names, ChunkColumns& out, SharedProgressReporter& progress);

}  // namespace veil::detail
