// CSV tokenizer (RFC 4180): splits bytes into records of fields, tracking physical line numbers
// so that errors can name them. Quoted fields may hold delimiters, doubled quotes and newlines;
// records end at LF, CRLF or a lone CR. Used by the reader's passes over chunks (csv_chunk_reader.h).
#pragma once

#include "byte_scan.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace veil::detail {

struct CsvField {
    std::string_view raw;  // bytes between the quotes (quoted) or the whole field
    bool quoted = false;
    bool hasEscapes = false;  // quoted and contains "" pairs: value() undoubles them

    // The field's value; uses `scratch` only when quotes need undoubling.
    std::string_view value(std::string& scratch) const {
        if (!hasEscapes) return raw;
        scratch.clear();
        for (std::size_t i = 0; i < raw.size(); ++i) {
            scratch += raw[i];
            if (raw[i] == '"') ++i;  // skip the second quote of a pair
        }
        return scratch;
    }
};

struct CsvTokenError {
    std::size_t line = 0;
    std::size_t column = 0;
    std::string message;
};

class CsvTokenizer {
public:
    CsvTokenizer(std::string_view data, char delimiter)
        : m_data(data), m_delim(delimiter), m_fieldEnds(data.data(), data.size(), delimiter) {}

    // Reads the next record into `fields`; returns false at end of input or on error (check
    // error()). `line` receives the physical line where the record starts (1-based).
    // Blank lines are skipped and counted.
    bool next(std::vector<CsvField>& fields, std::size_t& line);

    // The next record when it is plain, the common case: exactly `n` fields, none quoted and none
    // holding a quote, ended by a line end or the end of the data; its fields go to fields[0, n)
    // (views into the data). False, with nothing consumed, for any other record: next() reads it
    // (and reports it) instead. The same records, lines and offsets as next(), without the
    // per-field bookkeeping of quoted fields.
    bool nextPlain(std::size_t n, std::string_view* fields);

    // Up to `most` plain records (as nextPlain reads them) that start before `limit`; record r's
    // fields go to fields[r * n, r * n + n). Fewer, or none, at the first record nextPlain or next
    // must read (a quote, a lone CR, another number of fields, a blank line) and within 64 bytes of
    // the data's end. A batch: separators are found 64 bytes at a time and taken from a bitmap in
    // order (the structural index of simdjson, Langdale and Lemire, VLDB J. 2019), without the
    // per-record call and checks of nextPlain.
    std::size_t nextPlainRecords(std::size_t n, std::size_t most, std::string_view* fields, std::size_t limit);

    // Skips blank lines (counting them), so that offset() is where the next record starts.
    void skipBlankLines();

    const CsvTokenError* error() const { return m_error.message.empty() ? nullptr : &m_error; }
    std::size_t offset() const { return m_pos; }
    std::size_t line() const { return m_line; }  // the current physical line (1-based)
    std::size_t blankLines() const { return m_blankLines; }
    std::size_t strayQuotes() const { return m_strayQuotes; }
    std::size_t strayQuoteLine() const { return m_strayQuoteLine; }

private:
    std::string_view m_data;
    char m_delim;
    FieldEndScanner m_fieldEnds;
    std::size_t m_pos = 0;
    std::size_t m_line = 1;
    std::size_t m_lineStart = 0;
    std::size_t m_blankLines = 0;
    std::size_t m_strayQuotes = 0;
    std::size_t m_strayQuoteLine = 0;
    CsvTokenError m_error;
};

// Index of the first invalid UTF-8 byte, or npos when the bytes are valid UTF-8; large inputs are
// checked on `threads` threads.
std::size_t findInvalidUtf8(std::string_view data, int threads = 1);

}  // namespace veil::detail
