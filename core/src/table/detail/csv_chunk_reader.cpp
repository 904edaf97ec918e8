#include "csv_chunk_reader.h"

#include "csv_tokenizer.h"
#include "string_interner.h"

namespace veil::detail {

namespace {

constexpr std::size_t kRecordsPerReport = 4096;

}  // namespace

Status scanChunk(const CsvBody& body, ChunkScan& scan, SharedProgressReporter& progress) {
    CsvTokenizer tok(body.data.substr(scan.begin), body.delimiter);
    const std::size_t length = scan.end - scan.begin;
    scan.evidence.assign(body.columns, ColumnEvidence{});
    std::vector<CsvField> fields;
    std::string scratch;
    std::size_t line = 0, reported = 0;
    scan.clean = true;
    for (tok.skipBlankLines(); tok.offset() < length; tok.skipBlankLines()) {
        if (!tok.next(fields, line)) break;
        if (fields.size() != body.columns) {
            scan.clean = false;
            break;
        }
        for (std::size_t c = 0; c < body.columns; ++c) {
            const std::string_view v = fields[c].value(scratch);
            if (!body.missing->isMissing(v)) scan.evidence[c].observe(v);
        }
        if (++scan.records % kRecordsPerReport == 0) {
            if (!progress.add((long long)(tok.offset() - reported))) return Status::cancelled();
            reported = tok.offset();
        }
    }
    if (tok.error() || tok.offset() != length) scan.clean = false;
    scan.lines = tok.line() - 1;
    scan.blankLines = tok.blankLines();
    scan.strayQuotes = tok.strayQuotes();
    scan.strayQuoteLine = tok.strayQuoteLine();
    if (!progress.add((long long)(length - std::min(length, reported)))) return Status::cancelled();
    return Status::ok();
}

namespace {

// Interns a categorical column's values in one chunk.
class ChunkInterner {
public:
    explicit ChunkInterner(CodedPart& part, std::size_t records) : m_part(part) { m_part.codes.reserve(records); }
    void add(const CsvField& field, std::string_view value) {
        const std::uint64_t hash = hashBytes(value);
        std::int32_t code = m_index.find(value, hash);
        if (code < 0) {
            m_part.dictionary.emplace_back(value);
            // Keys must outlive the dictionary's growth: file bytes, or an owned copy when unescaped.
            const std::string_view key = field.hasEscapes ? std::string_view(m_owned.emplace_back(value)) : value;
            code = m_index.add(key, hash);
        }
        m_part.codes.push_back(code);
    }
    void addMissing(int token) { m_part.codes.push_back(token < 0 ? -1 : -2 - token); }

private:
    CodedPart& m_part;
    StringInterner m_index;
    std::deque<std::string> m_owned;
};

}  // namespace

Status buildChunk(const CsvBody& body, const ChunkScan& scan, const std::vector<ColumnType>& types,
                  const std::vector<std::string>& names, ChunkColumns& out, SharedProgressReporter& progress) {
    const std::size_t ncols = body.columns;
    std::vector<Column::Builder> builders;
    std::vector<ChunkInterner> interners;
    builders.reserve(ncols);
    out.coded.resize(ncols);
    interners.reserve(ncols);
    for (std::size_t c = 0; c < ncols; ++c) {
        const bool coded = types[c] == ColumnType::Categorical;
        builders.emplace_back(names[c], types[c], coded ? 0 : scan.records);
        interners.emplace_back(out.coded[c], coded ? scan.records : 0);
    }
    out.unparsed.assign(ncols, 0);
    out.firstUnparsedLine.assign(ncols, 0);

    CsvTokenizer tok(body.data.substr(scan.begin, scan.end - scan.begin), body.delimiter);
    std::vector<CsvField> fields;
    std::string scratch;
    std::size_t line = 0, records = 0, reported = 0;
    while (tok.next(fields, line)) {
        for (std::size_t c = 0; c < ncols; ++c) {
            const std::string_view v = fields[c].value(scratch);
            if (const int token = body.missing->match(v); token != MissingSet::kPresent) {
                if (types[c] == ColumnType::Categorical)
                    interners[c].addMissing(token);
                else if (token < 0)
                    builders[c].appendMissing();
                else
                    builders[c].appendMissingToken(v);
            } else if (types[c] == ColumnType::Categorical) {
                interners[c].add(fields[c], v);
            } else if (!builders[c].appendParsed(v)) {
                builders[c].appendUnparsed(v);
                if (out.unparsed[c]++ == 0) out.firstUnparsedLine[c] = line;
            }
        }
        if (++records % kRecordsPerReport == 0) {
            if (!progress.add((long long)(tok.offset() - reported))) return Status::cancelled();
            reported = tok.offset();
        }
    }
    (void)progress.add((long long)(tok.offset() - reported));
    out.parts.resize(ncols);
    for (std::size_t c = 0; c < ncols; ++c)
        if (types[c] != ColumnType::Categorical) out.parts[c] = builders[c].finish();
    return Status::ok();
}

}  // namespace veil::detail
