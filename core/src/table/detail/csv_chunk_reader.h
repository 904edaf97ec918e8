// Reading one chunk of a CSV body (a run of whole records). One pass tokenizes the records and
// interns every column's values, gathering the type evidence once per distinct value; a column with
// too many distinct values to intern (identifiers, measurements) stops interning, gathers evidence
// per cell, and is built by a second pass over the chunk once its type is known. The reader runs
// the passes on the chunks in parallel and joins the parts (csv_column_join.h).
#pragma once

#include "chunk_codes.h"
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

// One column of one chunk.
struct ChunkColumn {
    ColumnEvidence evidence;
    // Interned: the chunk's distinct values in order of first appearance (views into the file, or
    // into `owned` when quotes were undoubled) and one code per record into them; -1 is the empty
    // field and -2 - k the k-th missing token. False when the column has too many distinct values:
    // then the second pass builds `part` (or, for a categorical column, interns without limit).
    bool interned = true;
    std::vector<std::string_view> dictionary;
    std::deque<std::string> owned;
    ChunkCodes codes;
    std::shared_ptr<const Column> part;  // a non-categorical column built by the second pass
    // Cells that did not parse under the column's type, and the record (0-based within the chunk)
    // of the first one; set when the column is built.
    std::size_t unparsed = 0;
    std::size_t firstUnparsedRecord = 0;
};

// The chunk data[begin, end).
struct ChunkScan {
    std::size_t begin = 0, end = 0;
    std::size_t records = 0;
    std::size_t lines = 0;  // line ends consumed, blank lines included
    std::size_t blankLines = 0;
    std::size_t strayQuotes = 0;
    std::size_t strayQuoteLine = 0;  // 1-based within the chunk
    std::vector<ChunkColumn> columns;
    // The codes of the columns still interned once the number of records is estimated, one equal
    // share each in column order (see ChunkCodes).
    std::unique_ptr<std::int32_t[]> codeBlock;
    // Tokenized without error, every record had `columns` fields, and the last record ended
    // exactly at `end` (so the next chunk starts at a record boundary).
    bool clean = false;

    bool needsSecondPass() const;
};

// The first pass over data[begin, end). Returns cancelled only; a malformed chunk is reported
// through `clean`.
Status scanChunk(const CsvBody& body, ChunkScan& scan, SharedProgressReporter& progress);

// The second pass, given the column types: builds the columns the first pass did not intern.
Status rebuildChunk(const CsvBody& body, ChunkScan& scan, const std::vector<ColumnType>& types,
                    const std::vector<std::string>& names);

// The physical line (1-based within the chunk) where the chunk's record `record` (0-based) starts.
std::size_t recordLine(const CsvBody& body, const ChunkScan& scan, std::size_t record);

}  // namespace veil::detail
