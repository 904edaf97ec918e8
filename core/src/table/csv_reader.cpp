#include "veil/table/csv_reader.h"

#include "detail/csv_chunk_reader.h"
#include "detail/csv_chunks.h"
#include "detail/csv_column_join.h"
#include "detail/csv_inference.h"
#include "detail/csv_tokenizer.h"
#include "veil/common/parallel.h"
#include "veil/io/mapped_file.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>

namespace veil {

using detail::CsvField;
using detail::CsvTokenizer;

char detectDelimiter(std::string_view data) {
    static constexpr std::array<char, 4> candidates = {',', ';', '\t', '|'};
    // Count candidates per line outside quotes over the first lines.
    std::vector<std::array<std::size_t, 4>> lines;
    std::array<std::size_t, 4> cur{};
    bool inQuotes = false;
    const std::size_t limit = std::min<std::size_t>(data.size(), 1 << 16);
    for (std::size_t i = 0; i < limit && lines.size() < 30; ++i) {
        const char c = data[i];
        if (c == '"')
            inQuotes = !inQuotes;
        else if (!inQuotes && (c == '\n' || c == '\r')) {
            if (cur != std::array<std::size_t, 4>{}) lines.push_back(cur);
            cur = {};
        } else if (!inQuotes) {
            for (std::size_t k = 0; k < 4; ++k)
                if (c == candidates[k]) ++cur[k];
        }
    }
    if (cur != std::array<std::size_t, 4>{} && lines.size() < 30) lines.push_back(cur);
    if (lines.empty()) return ',';
    char best = ',';
    double bestScore = 0;
    for (std::size_t k = 0; k < 4; ++k) {
        // Score: lines agreeing with the header's count (non-zero), weighted by that count a little.
        const std::size_t headerCount = lines[0][k];
        if (headerCount == 0) continue;
        std::size_t agree = 0;
        for (const auto& l : lines) agree += l[k] == headerCount ? 1 : 0;
        const double score =
            double(agree) / double(lines.size()) * 1000.0 + double(std::min<std::size_t>(headerCount, 999));
        if (score > bestScore) {
            bestScore = score;
            best = candidates[k];
        }
    }
    return best;
}

namespace {

std::string locate(const std::string& file, std::size_t line, std::size_t col = 0) {
    return formatLocation(file, (long long)line, (long long)col);
}

// Refuses files that are not CSV text, naming what they are when their first bytes tell.
Status checkIsText(std::string_view data, const std::string& name, int threads) {
    if (data.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return Status::parseError(name + ": the file is empty");
    static const struct {
        std::string_view magic, kind;
    } kinds[] = {{"PK\x03\x04", "a zip archive (an .xlsx or .ods spreadsheet?)"},
                 {"SQLite format 3", "a SQLite database"},
                 {"\x1f\x8b", "a gzip archive"},
                 {"%PDF-", "a PDF document"},
                 {"\x93NUMPY", "a NumPy .npy array"},
                 {"\xD0\xCF\x11\xE0", "an old Office document (.xls?)"}};
    for (const auto& k : kinds)
        if (data.substr(0, k.magic.size()) == k.magic)
            return Status::parseError(name + ": is " + std::string(k.kind) + ", not a CSV text file");
    if (data.substr(0, std::min<std::size_t>(data.size(), 4096)).find('\0') != std::string_view::npos)
        return Status::parseError(name + ": holds NUL bytes (a binary file, or UTF-16 text?); save it as UTF-8 CSV");
    if (const std::size_t bad = detail::findInvalidUtf8(data, threads); bad != std::string_view::npos) {
        const std::size_t line = std::size_t(std::count(data.begin(), data.begin() + std::ptrdiff_t(bad), '\n')) + 1;
        const std::size_t lineStart = data.rfind('\n', bad == 0 ? 0 : bad - 1);
        const std::size_t col = lineStart == std::string_view::npos || bad == 0 ? bad + 1 : bad - lineStart;
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02x", (unsigned char)data[bad]);
        return Status::parseError(locate(name, line, col) + ": invalid UTF-8 (byte " + hex +
                                  "); save the file as UTF-8 and open it again");
    }
    return Status::ok();
}

// The header's column names (trimmed; empty and repeated names made unique, with a warning).
std::vector<std::string> headerNames(const std::vector<CsvField>& fields, const std::string& name, std::size_t line,
                                     std::vector<std::string>& warnings) {
    std::vector<std::string> raw;
    raw.reserve(fields.size());
    std::string scratch;
    for (const auto& f : fields) raw.emplace_back(f.value(scratch));
    return detail::uniqueColumnNames(std::move(raw), locate(name, line), warnings);
}

// The first malformed record of the body (read in one piece), as an error naming its line.
Status firstMalformedRecord(std::string_view data, char delim, std::size_t bodyStart, std::size_t firstLine,
                            std::size_t ncols, const std::string& name) {
    detail::CsvTokenizer tok(data.substr(bodyStart), delim);
    std::vector<CsvField> fields;
    std::size_t line = 0;
    while (tok.next(fields, line)) {
        if (fields.size() != ncols)
            return Status::parseError(locate(name, firstLine + line - 1) + ": " + std::to_string(fields.size()) +
                                      " field" + (fields.size() == 1 ? "" : "s") + ", expected " +
                                      std::to_string(ncols));
    }
    if (const auto* e = tok.error())
        return Status::parseError(locate(name, firstLine + e->line - 1, e->column) + ": " + e->message);
    return Status::internal(name + ": a chunk did not read cleanly, yet the whole body does");
}

}  // namespace

namespace {

// Automatic chunking: at least this many bytes per chunk, and up to four chunks per thread so that
// the threads finish together (three 8 MB chunks on two threads left one thread idle a third of
// the time on 10x adult).
constexpr std::size_t kAutomaticChunkBytes = std::size_t(1) << 20;
// Files from this size on are not kept resident while read (readCsvFile).
constexpr std::size_t kReleasePagesFrom = std::size_t(64) << 20;

// The body: data[start, end) after the header, from physical line `firstLine` on.
struct BodyPlan {
    detail::CsvBody body;
    std::size_t start = 0;
    std::size_t firstLine = 1;
    int threads = 1;
    std::size_t chunkBytes = 0;
    bool automaticChunks = true;  // chunkBytes chosen by the reader, not the caller
    // Called with each chunk's bytes after each pass over it (a large mapped file drops them from
    // memory; later reads fault them in again from the page cache).
    std::function<void(std::string_view)> doneWith;
};

// The first pass on chunks in parallel; when a chunk does not end where the next begins (a quote the
// parity guess got wrong) or any chunk is malformed, the body is scanned again in one piece, and a
// malformed body is reported at its first bad record.
Result<std::vector<detail::ChunkScan>> scanBody(const BodyPlan& plan, const std::string& name, const RunContext& ctx) {
    const std::string_view data = plan.body.data;
    const std::size_t bytes = data.size() - plan.start;
    // A few chunks per thread for balance; as many as asked when the caller sets the size.
    const std::size_t most = plan.automaticChunks ? std::size_t(plan.threads) * 4 : 4096;
    const std::size_t parts = plan.threads <= 1 ? 1 : std::clamp<std::size_t>(bytes / plan.chunkBytes, 1, most);
    for (std::size_t wanted : {parts, std::size_t(1)}) {
        const auto cuts = detail::splitAtRecords(data, plan.start, wanted, plan.threads);
        std::vector<detail::ChunkScan> scans(cuts.size() - 1);
        SharedProgressReporter progress(ctx, "Reading " + name, (long long)bytes, 0.0, 0.6);
        VEIL_RETURN_IF_ERROR(parallelFor(scans.size(), plan.threads, ctx, [&](std::size_t k) {
            scans[k].begin = cuts[k];
            scans[k].end = cuts[k + 1];
            Status scanned = detail::scanChunk(plan.body, scans[k], progress);
            // The interned values stay views into the file: pages dropped here are read again from
            // the page cache when the columns are joined (and by a second pass).
            if (plan.doneWith) plan.doneWith(data.substr(cuts[k], cuts[k + 1] - cuts[k]));
            return scanned;
        }));
        if (std::all_of(scans.begin(), scans.end(), [](const auto& s) { return s.clean; })) return scans;
        if (scans.size() == 1) break;
    }
    return firstMalformedRecord(data, plan.body.delimiter, plan.start, plan.firstLine, plan.body.columns, name);
}

void addScanWarnings(const std::vector<detail::ChunkScan>& scans, std::size_t firstLine, const std::string& name,
                     std::vector<std::string>& warnings) {
    std::size_t blank = 0, stray = 0, strayLine = 0, line = firstLine;
    for (const auto& s : scans) {
        blank += s.blankLines;
        if (stray == 0 && s.strayQuotes > 0) strayLine = line + s.strayQuoteLine - 1;
        stray += s.strayQuotes;
        line += s.lines;
    }
    if (blank > 0)
        warnings.push_back(name + ": skipped " + std::to_string(blank) + " blank line" + (blank == 1 ? "" : "s"));
    if (stray > 0)
        warnings.push_back(locate(name, strayLine) + ": " + std::to_string(stray) +
                           " quote character(s) inside unquoted fields were kept as text");
}

// Warnings for cells that did not parse under their column's type, at the first such line.
void addUnparsedWarnings(const BodyPlan& plan, const std::vector<detail::ChunkScan>& scans,
                         const std::vector<ColumnType>& types, const std::vector<std::string>& names,
                         const std::string& name, std::vector<std::string>& warnings) {
    for (std::size_t c = 0; c < names.size(); ++c) {
        std::size_t unparsed = 0, first = 0, line = plan.firstLine;
        for (const auto& scan : scans) {
            const auto& part = scan.columns[c];
            if (unparsed == 0 && part.unparsed > 0)
                first = line + detail::recordLine(plan.body, scan, part.firstUnparsedRecord) - 1;
            unparsed += part.unparsed;
            line += scan.lines;
        }
        if (unparsed > 0)
            warnings.push_back(locate(name, first) + ": column '" + names[c] + "': " + std::to_string(unparsed) +
                               " value(s) are not " + columnTypeName(types[c]) + " and were read as missing");
    }
}

// The second pass on the chunks that need it, then one column per name from the chunks' parts.
Result<std::vector<std::shared_ptr<const Column>>> buildBody(
    const BodyPlan& plan, std::vector<detail::ChunkScan>& scans, const std::vector<ColumnType>& types,
    const std::vector<std::string>& names, const CsvReadOptions& options, const std::string& name,
    const RunContext& ctx, std::vector<std::string>& warnings) {
    const std::size_t ncols = plan.body.columns;
    std::vector<std::size_t> again;
    std::size_t againBytes = 0;
    for (std::size_t k = 0; k < scans.size(); ++k)
        if (scans[k].needsSecondPass()) {
            again.push_back(k);
            againBytes += scans[k].end - scans[k].begin;
        }
    SharedProgressReporter progress(ctx, "Reading " + name, (long long)againBytes, 0.6, 0.9);
    VEIL_RETURN_IF_ERROR(parallelFor(again.size(), plan.threads, ctx, [&](std::size_t i) {
        auto& scan = scans[again[i]];
        Status built = detail::rebuildChunk(plan.body, scan, types, names);
        if (!built) return built;
        if (plan.doneWith) plan.doneWith(plan.body.data.substr(scan.begin, scan.end - scan.begin));
        return progress.add((long long)(scan.end - scan.begin)) ? Status::ok() : Status::cancelled();
    }));
    std::size_t records = 0;
    for (const auto& s : scans) records += s.records;
    const std::size_t maxDistinct = detail::categoricalLimit(options.categoricalMaxDistinct, records);
    std::vector<std::shared_ptr<const Column>> columns(ncols);
    VEIL_RETURN_IF_ERROR(parallelFor(ncols, plan.threads, ctx, [&](std::size_t c) {
        std::vector<detail::ChunkColumn*> parts;
        parts.reserve(scans.size());
        for (auto& scan : scans) parts.push_back(&scan.columns[c]);
        columns[c] = detail::joinColumn(names[c], types[c], parts, options.missingTokens, maxDistinct,
                                        options.typeOverrides.count(names[c]) > 0);
        return Status::ok();
    }));
    addUnparsedWarnings(plan, scans, types, names, name, warnings);
    return columns;
}

Result<CsvReadResult> readCsvBytes(std::string_view data, const std::string& name, const CsvReadOptions& options,
                                   const RunContext& ctx, std::function<void(std::string_view)> doneWith) {
    CsvReadResult result;
    // UTF-8 byte order mark.
    if (data.size() >= 3 && (unsigned char)data[0] == 0xEF && (unsigned char)data[1] == 0xBB &&
        (unsigned char)data[2] == 0xBF)
        data.remove_prefix(3);
    BodyPlan plan;
    plan.doneWith = std::move(doneWith);
    plan.threads = threadsFor(options.threads);
    plan.automaticChunks = options.chunkBytes == 0;
    plan.chunkBytes = plan.automaticChunks ? kAutomaticChunkBytes : options.chunkBytes;
    ctx.report(0.0, "Reading " + name);
    VEIL_RETURN_IF_ERROR(checkIsText(data, name, plan.threads));
    const char delim = options.delimiter ? options.delimiter : detectDelimiter(data);
    result.delimiter = delim;
    const detail::MissingSet missing(options.missingTokens);

    // The first record: the header, or the first row (which fixes the number of fields).
    CsvTokenizer tok(data, delim);
    std::vector<CsvField> fields;
    std::size_t line = 0;
    if (!tok.next(fields, line)) {
        if (const auto* e = tok.error())
            return Status::parseError(locate(name, e->line, e->column) + ": " + e->message);
        return Status::parseError(name + ": the file is empty");
    }
    std::vector<std::string> names;
    if (options.hasHeader) {
        names = headerNames(fields, name, line, result.warnings);
        plan.start = tok.offset();
        plan.firstLine = tok.line();
    } else {
        for (std::size_t c = 0; c < fields.size(); ++c) names.push_back("column_" + std::to_string(c + 1));
    }
    for (const auto& override : options.typeOverrides)
        if (std::find(names.begin(), names.end(), override.first) == names.end())
            return Status::notFound(name + ": type override for unknown column '" + override.first + "'");
    plan.body = {data, delim, names.size(), &missing};

    auto scans = scanBody(plan, name, ctx);
    if (!scans) return scans.status();
    addScanWarnings(*scans, plan.firstLine, name, result.warnings);
    std::vector<detail::ColumnEvidence> evidence(names.size());
    std::size_t records = 0;
    for (const auto& s : *scans) {
        records += s.records;
        for (std::size_t c = 0; c < names.size(); ++c) evidence[c].merge(s.columns[c].evidence);
    }
    if (records == 0 && options.hasHeader) result.warnings.push_back(name + ": the file has a header but no records");
    std::vector<ColumnType> types(names.size());
    for (std::size_t c = 0; c < names.size(); ++c) {
        const auto it = options.typeOverrides.find(names[c]);
        types[c] = it != options.typeOverrides.end() ? it->second : evidence[c].type();
    }
    auto columns = buildBody(plan, *scans, types, names, options, name, ctx, result.warnings);
    if (!columns) return columns.status();
    result.table = Table(std::move(*columns));
    ctx.report(1.0, "Reading " + name);
    return result;
}

}  // namespace

Result<CsvReadResult> parseCsv(std::string_view data, const std::string& name, const CsvReadOptions& options,
                               const RunContext& ctx) {
    return readCsvBytes(data, name, options, ctx, {});
}

Result<CsvReadResult> readCsvFile(const std::string& path, const CsvReadOptions& options, const RunContext& ctx) {
    // A smaller file is read into memory (the passes over a mapped file fault its pages in); a large
    // one is mapped, and its pages are dropped after each pass over them, so that the file and the
    // table are never resident together.
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (!error && size < kReleasePagesFrom) {
        auto file = MappedFile::read(path, threadsFor(options.threads));
        if (!file) return file.status();
        return readCsvBytes((*file)->bytes(), path, options, ctx, {});
    }
    auto file = MappedFile::open(path);
    if (!file) return file.status();
    const MappedFile& mapped = **file;
    return readCsvBytes(mapped.bytes(), path, options, ctx, [&mapped](std::string_view done) { mapped.release(done); });
}

}  // namespace veil
