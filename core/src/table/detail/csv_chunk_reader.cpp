#include "csv_chunk_reader.h"

#include "csv_tokenizer.h"
#include "string_interner.h"

#include <algorithm>

namespace veil::detail {

namespace {

constexpr std::size_t kRecordsPerReport = 4096;
// A column keeps interning while it has at most this many distinct values, or at most one per two
// records: past both, interning costs more than it saves and the column is built from the text.
constexpr std::size_t kAlwaysInterned = 4096;
// Records read before the interned columns' codes are given their shares of one block, sized for
// the chunk's estimated number of records: enough for a column of distinct values to have stopped
// interning (past kAlwaysInterned values), so that the block holds only the columns that keep codes.
constexpr std::size_t kRecordsBeforeReserve = 16384;
// Records taken from the tokenizer at a time when they are plain (nextPlainRecords).
constexpr std::size_t kBatchRecords = 32;

// Interns one column's values in one chunk. `end`: the end of the bytes the fields lie in.
class ColumnInterner {
public:
    ColumnInterner(ChunkColumn& column, bool limited, const char* end)
        : m_column(column), m_limited(limited), m_end(end) {}

    void addMissing(int token) {
        if (m_column.interned) m_column.codes.push_back(token < 0 ? -1 : -2 - token);
    }
    // `records`: the records read so far, this one included.
    // `escaped`: the value was undoubled into a scratch buffer (it is not a view into the file).
    [[gnu::always_inline]] void add(std::string_view value, bool escaped, std::size_t records) {
        if (!m_column.interned) {
            m_column.evidence.observe(value);
            return;
        }
        const std::size_t readable = escaped ? value.size() : std::size_t(m_end - value.data());
        const InternKey key = InternKey::of(value, readable);
        const std::int32_t code = m_index.find(key);
        if (code < 0)
            addNew(escaped, value, readable, records);
        else
            m_column.codes.push_back(code);
    }
    void finish() {
        if (m_column.interned) m_column.dictionary = m_index.takeKeys();
    }

private:
    void stopInterning() {
        m_column.interned = false;
        m_column.codes.clear();
        m_column.owned = {};
        m_index = StringInterner();
    }
    // Keys must outlive the dictionary's growth: file bytes, or an owned copy when unescaped. The
    // key is made again here, so that add() keeps it in registers instead of memory.
    [[gnu::noinline]] void addNew(bool escaped, std::string_view value, std::size_t readable, std::size_t records) {
        const InternKey key = InternKey::of(value, readable);
        const std::string_view stored = escaped ? std::string_view(m_column.owned.emplace_back(key.text)) : key.text;
        m_column.evidence.observe(stored);
        const std::int32_t code = m_index.add(key, stored);
        if (m_limited && m_index.size() > kAlwaysInterned && m_index.size() * 2 > records) {
            stopInterning();
            return;
        }
        m_column.codes.push_back(code);
    }
    ChunkColumn& m_column;
    bool m_limited;
    const char* m_end;
    StringInterner m_index;
};

// The interned columns' codes move into one block sized for the chunk's estimated records.
void reserveCodes(ChunkScan& scan, std::size_t length, std::size_t offset) {
    const std::size_t estimate = scan.records * length / std::max<std::size_t>(1, offset) * 9 / 8;
    const auto interned = std::size_t(
        std::count_if(scan.columns.begin(), scan.columns.end(), [](const ChunkColumn& c) { return c.interned; }));
    scan.codeBlock = std::make_unique_for_overwrite<std::int32_t[]>(estimate * interned);
    std::int32_t* share = scan.codeBlock.get();
    for (auto& column : scan.columns)
        if (column.interned) {
            column.codes.moveInto(share, estimate);
            share += estimate;
        }
}

}  // namespace

bool ChunkScan::needsSecondPass() const {
    for (const auto& c : columns)
        if (!c.interned) return true;
    return false;
}

Status scanChunk(const CsvBody& body, ChunkScan& scan, SharedProgressReporter& progress) {
    const std::size_t ncols = body.columns;
    CsvTokenizer tok(body.data.substr(scan.begin), body.delimiter);
    const std::size_t length = scan.end - scan.begin;
    scan.columns = std::vector<ChunkColumn>(ncols);
    std::vector<ColumnInterner> interners;
    interners.reserve(ncols);
    const char* const dataEnd = body.data.data() + body.data.size();
    for (auto& column : scan.columns) interners.emplace_back(column, true, dataEnd);
    std::vector<CsvField> fields;
    std::vector<std::string_view> plain(ncols * kBatchRecords);
    std::string scratch;
    std::size_t line = 0, reported = 0, reportedRecords = 0;
    scan.records = 0;
    scan.clean = true;
    // `records`: the records read so far, the value's own included.
    auto intern = [&](std::size_t c, std::string_view v, bool escaped, std::size_t records) {
        if (const int token = body.missing->match(v); token != MissingSet::kPresent)
            interners[c].addMissing(token);
        else
            interners[c].add(v, escaped, records);
    };
    for (tok.skipBlankLines(); tok.offset() < length; tok.skipBlankLines()) {
        if (const std::size_t got = tok.nextPlainRecords(ncols, kBatchRecords, plain.data(), length)) {
            // A record at a time (a column at a time measured about 5 % slower on 10x adult).
            for (std::size_t r = 0; r < got; ++r)
                for (std::size_t c = 0; c < ncols; ++c) intern(c, plain[r * ncols + c], false, scan.records + r + 1);
            scan.records += got;
        } else if (tok.nextPlain(ncols, plain.data())) {  // no quotes: the fields are the file's bytes
            ++scan.records;
            for (std::size_t c = 0; c < ncols; ++c) intern(c, plain[c], false, scan.records);
        } else {
            if (!tok.next(fields, line)) break;
            if (fields.size() != ncols) {
                scan.clean = false;
                break;
            }
            ++scan.records;
            for (std::size_t c = 0; c < ncols; ++c)
                intern(c, fields[c].value(scratch), fields[c].hasEscapes, scan.records);
        }
        if (!scan.codeBlock && scan.records >= kRecordsBeforeReserve) reserveCodes(scan, length, tok.offset());
        if (scan.records - reportedRecords >= kRecordsPerReport) {
            if (!progress.add((long long)(tok.offset() - reported))) return Status::cancelled();
            reported = tok.offset();
            reportedRecords = scan.records;
        }
    }
    if (tok.error() || tok.offset() != length) scan.clean = false;
    for (auto& interner : interners) interner.finish();
    scan.lines = tok.line() - 1;
    scan.blankLines = tok.blankLines();
    scan.strayQuotes = tok.strayQuotes();
    scan.strayQuoteLine = tok.strayQuoteLine();
    if (!progress.add((long long)(length - std::min(length, reported)))) return Status::cancelled();
    return Status::ok();
}

Status rebuildChunk(const CsvBody& body, ChunkScan& scan, const std::vector<ColumnType>& types,
                    const std::vector<std::string>& names) {
    // The columns to build: a categorical one is interned without limit, any other parsed.
    std::vector<std::size_t> todo;
    for (std::size_t c = 0; c < body.columns; ++c)
        if (!scan.columns[c].interned) todo.push_back(c);
    if (todo.empty()) return Status::ok();
    std::vector<ColumnInterner> interners;  // per column of todo
    std::vector<Column::Builder> builders;  // per column of todo
    interners.reserve(todo.size());
    builders.reserve(todo.size());
    for (const std::size_t c : todo) {
        ChunkColumn& column = scan.columns[c];
        column.interned = types[c] == ColumnType::Categorical;
        if (column.interned) column.codes.reserve(scan.records);
        interners.emplace_back(column, false, body.data.data() + body.data.size());
        builders.emplace_back(names[c], types[c], column.interned ? 0 : scan.records);
    }

    CsvTokenizer tok(body.data.substr(scan.begin, scan.end - scan.begin), body.delimiter);
    std::vector<CsvField> fields;
    std::string scratch;
    std::size_t line = 0;
    for (std::size_t record = 0; tok.next(fields, line); ++record) {
        for (std::size_t i = 0; i < todo.size(); ++i) {
            ChunkColumn& column = scan.columns[todo[i]];
            const CsvField& field = fields[todo[i]];
            const std::string_view v = field.value(scratch);
            if (const int token = body.missing->match(v); token != MissingSet::kPresent) {
                if (column.interned)
                    interners[i].addMissing(token);
                else if (token < 0)
                    builders[i].appendMissing();
                else
                    builders[i].appendMissingToken(v);
            } else if (column.interned) {
                interners[i].add(v, field.hasEscapes, record + 1);
            } else if (!builders[i].appendParsed(v)) {
                builders[i].appendUnparsed(v);
                if (column.unparsed++ == 0) column.firstUnparsedRecord = record;
            }
        }
    }
    for (std::size_t i = 0; i < todo.size(); ++i) {
        if (scan.columns[todo[i]].interned)
            interners[i].finish();
        else
            scan.columns[todo[i]].part = builders[i].finish();
    }
    return Status::ok();
}

std::size_t recordLine(const CsvBody& body, const ChunkScan& scan, std::size_t record) {
    CsvTokenizer tok(body.data.substr(scan.begin, scan.end - scan.begin), body.delimiter);
    std::vector<CsvField> fields;
    std::size_t line = 1;
    for (std::size_t k = 0; k <= record && tok.next(fields, line); ++k) {
    }
    return line;
}

}  // namespace veil::detail
