#include "veil/table/csv_reader.h"

#include "detail/csv_tokenizer.h"
#include "veil/io/mapped_file.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <unordered_map>

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

struct Inference {
    bool canInt = true, canReal = true, canDate = true;
    std::size_t values = 0;  // non-missing
};

bool parsesAsInt(std::string_view t) {
    if (t.empty()) return false;
    std::size_t i = (t[0] == '-' || t[0] == '+') ? 1 : 0;
    if (i == t.size() || t.size() - i > 18) {
        if (t.size() - i <= 19 && i < t.size()) {
            std::int64_t v;
            const char* b = t.data() + (t[0] == '+' ? 1 : 0);
            auto r = std::from_chars(b, t.data() + t.size(), v);
            return r.ec == std::errc() && r.ptr == t.data() + t.size();
        }
        return false;
    }
    for (; i < t.size(); ++i)
        if (t[i] < '0' || t[i] > '9') return false;
    return true;
}

bool parsesAsReal(std::string_view t) {
    if (t.empty()) return false;
    double v;
    const char* b = t.data() + (t[0] == '+' ? 1 : 0);
    auto r = std::from_chars(b, t.data() + t.size(), v);
    return r.ec == std::errc() && r.ptr == t.data() + t.size() && std::isfinite(v);
}

// The missing-value tokens: match() is -1 for the empty field, the token's index for a token, and
// kPresent otherwise.
class MissingSet {
public:
    static constexpr int kPresent = -2;
    explicit MissingSet(const std::vector<std::string>& tokens) {
        for (std::size_t k = 0; k < tokens.size(); ++k) {
            m_tokens.emplace(tokens[k], int(k));
            m_maxLen = std::max(m_maxLen, tokens[k].size());
        }
    }
    int match(std::string_view v) const {
        if (v.empty()) return -1;
        if (v.size() > m_maxLen) return kPresent;
        auto it = m_tokens.find(v);
        return it == m_tokens.end() ? kPresent : it->second;
    }
    bool isMissing(std::string_view v) const { return match(v) != kPresent; }

private:
    std::map<std::string, int, std::less<>> m_tokens;
    std::size_t m_maxLen = 0;
};

// A code, not a number: digits after an optional sign that start with a 0 followed by another
// digit ("03097", "007.5", "-01"). Such columns stay categorical so that the zeros are kept.
bool hasLeadingZero(std::string_view t) {
    const std::size_t i = !t.empty() && (t[0] == '-' || t[0] == '+') ? 1 : 0;
    return t.size() >= i + 2 && t[i] == '0' && t[i + 1] >= '0' && t[i + 1] <= '9';
}

std::string locate(const std::string& file, std::size_t line, std::size_t col = 0) {
    return formatLocation(file, (long long)line, (long long)col);
}

}  // namespace

Result<CsvReadResult> parseCsv(std::string_view data, const std::string& name, const CsvReadOptions& options,
                               const RunContext& ctx) {
    CsvReadResult result;
    // UTF-8 byte order mark.
    if (data.size() >= 3 && (unsigned char)data[0] == 0xEF && (unsigned char)data[1] == 0xBB &&
        (unsigned char)data[2] == 0xBF)
        data.remove_prefix(3);
    if (data.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return Status::parseError(name + ": the file is empty");
    // Files of another kind, named by what they start with (a spreadsheet is a zip archive).
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

    if (const std::size_t bad = detail::findInvalidUtf8(data); bad != std::string_view::npos) {
        const std::size_t line = std::size_t(std::count(data.begin(), data.begin() + std::ptrdiff_t(bad), '\n')) + 1;
        const std::size_t lineStart = data.rfind('\n', bad == 0 ? 0 : bad - 1);
        const std::size_t col = lineStart == std::string_view::npos || bad == 0 ? bad + 1 : bad - lineStart;
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02x", (unsigned char)data[bad]);
        return Status::parseError(locate(name, line, col) + ": invalid UTF-8 (byte " + hex +
                                  "); save the file as UTF-8 and open it again");
    }

    const char delim = options.delimiter ? options.delimiter : detectDelimiter(data);
    result.delimiter = delim;
    const MissingSet missing(options.missingTokens);

    // ---- Pass 1: header, field counts, type inference ----
    ctx.report(0.0, "Reading " + name);
    CsvTokenizer tok(data, delim);
    std::vector<CsvField> fields;
    std::size_t line = 0;
    std::string scratch;
    std::vector<std::string> names;
    if (!tok.next(fields, line)) {
        if (const auto* e = tok.error())
            return Status::parseError(locate(name, e->line, e->column) + ": " + e->message);
        return Status::parseError(name + ": the file is empty");
    }
    const std::size_t ncols = fields.size();
    if (options.hasHeader) {
        std::map<std::string, int> seen;
        for (std::size_t c = 0; c < ncols; ++c) {
            std::string h(fields[c].value(scratch));
            const auto b = h.find_first_not_of(" \t"), e = h.find_last_not_of(" \t");
            h = b == std::string::npos ? std::string() : h.substr(b, e - b + 1);
            if (h.empty()) {
                h = "column_" + std::to_string(c + 1);
                result.warnings.push_back(locate(name, line) + ": column " + std::to_string(c + 1) +
                                          " has no name; it is called '" + h + "'");
            }
            if (int k = seen[h]++; k > 0) {
                const std::string renamed = h + "_" + std::to_string(k + 1);
                result.warnings.push_back(locate(name, line) + ": duplicate column name '" + h + "' renamed to '" +
                                          renamed + "'");
                h = renamed;
            }
            names.push_back(h);
        }
    } else {
        for (std::size_t c = 0; c < ncols; ++c) names.push_back("column_" + std::to_string(c + 1));
    }
    for (const auto& [col, type] : options.typeOverrides) {
        (void)type;
        if (std::find(names.begin(), names.end(), col) == names.end())
            return Status::notFound(name + ": type override for unknown column '" + col + "'");
    }

    std::vector<Inference> inf(ncols);
    std::size_t records = 0;
    auto inferRecord = [&](const std::vector<CsvField>& fs) {
        for (std::size_t c = 0; c < ncols; ++c) {
            const std::string_view v = fs[c].value(scratch);
            if (missing.isMissing(v)) continue;
            Inference& in = inf[c];
            ++in.values;
            if ((in.canInt || in.canReal) && hasLeadingZero(v)) in.canInt = in.canReal = false;
            if (in.canInt && !parsesAsInt(v)) in.canInt = false;
            if (!in.canInt && in.canReal && !parsesAsReal(v)) in.canReal = false;
            if (in.canDate) {
                std::int32_t d;
                if (!parseIsoDate(v, d)) in.canDate = false;
            }
        }
    };
    if (!options.hasHeader) {
        inferRecord(fields);
        ++records;
    }
    ProgressReporter pass1(ctx, "Reading " + name, (long long)data.size(), 0.0, 0.5);
    while (tok.next(fields, line)) {
        if (fields.size() != ncols) {
            return Status::parseError(locate(name, line) + ": " + std::to_string(fields.size()) + " field" +
                                      (fields.size() == 1 ? "" : "s") + ", expected " + std::to_string(ncols));
        }
        inferRecord(fields);
        ++records;
        if ((records & 1023) == 0 && !pass1.step((long long)tok.offset())) return Status::cancelled();
    }
    if (const auto* e = tok.error()) return Status::parseError(locate(name, e->line, e->column) + ": " + e->message);
    if (tok.blankLines() > 0)
        result.warnings.push_back(name + ": skipped " + std::to_string(tok.blankLines()) + " blank line" +
                                  (tok.blankLines() == 1 ? "" : "s"));
    if (tok.strayQuotes() > 0)
        result.warnings.push_back(locate(name, tok.strayQuoteLine()) + ": " + std::to_string(tok.strayQuotes()) +
                                  " quote character(s) inside unquoted fields were kept as text");
    if (records == 0) result.warnings.push_back(name + ": the file has a header but no records");

    // Decide types.
    std::vector<ColumnType> types(ncols, ColumnType::Categorical);
    for (std::size_t c = 0; c < ncols; ++c) {
        if (auto it = options.typeOverrides.find(names[c]); it != options.typeOverrides.end()) {
            types[c] = it->second;
            continue;
        }
        const Inference& in = inf[c];
        if (in.values == 0)
            types[c] = ColumnType::Categorical;
        else if (in.canInt)
            types[c] = ColumnType::Integer;
        else if (in.canReal)
            types[c] = ColumnType::Real;
        else if (in.canDate)
            types[c] = ColumnType::Date;
    }

    // ---- Pass 2: build the columns ----
    std::vector<Column::Builder> builders;
    builders.reserve(ncols);
    // String columns are interned while building and demoted to text when too diverse.
    std::vector<std::unordered_map<std::string_view, std::int32_t>> interns(ncols);
    std::vector<std::vector<std::string>> dictionaries(ncols);
    std::vector<std::vector<std::int32_t>> codes(ncols);
    for (std::size_t c = 0; c < ncols; ++c) {
        builders.emplace_back(names[c], types[c] == ColumnType::Text ? ColumnType::Text : types[c], records);
        if (types[c] == ColumnType::Categorical) codes[c].reserve(records);
    }
    std::vector<std::size_t> unparsed(ncols, 0);
    std::vector<std::size_t> firstUnparsedLine(ncols, 0);
    CsvTokenizer tok2(data, delim);
    if (options.hasHeader) tok2.next(fields, line);
    ProgressReporter pass2(ctx, "Reading " + name, (long long)data.size(), 0.5, 1.0);
    std::size_t r = 0;
    std::deque<std::string> escaped;  // owned (stable) copies of unescaped values used as dictionary keys
    while (tok2.next(fields, line)) {
        for (std::size_t c = 0; c < ncols; ++c) {
            std::string_view v = fields[c].value(scratch);
            if (const int token = missing.match(v); token != MissingSet::kPresent) {
                // Codes -2 - k stand for missing token k until the dictionary is set.
                if (types[c] == ColumnType::Categorical)
                    codes[c].push_back(token < 0 ? -1 : -2 - token);
                else if (token < 0)
                    builders[c].appendMissing();
                else
                    builders[c].appendMissingToken(v);
                continue;
            }
            if (types[c] == ColumnType::Categorical) {
                auto it = interns[c].find(v);
                if (it == interns[c].end()) {
                    dictionaries[c].emplace_back(v);
                    const std::string_view key = fields[c].hasEscapes ? std::string_view(escaped.emplace_back(v)) : v;
                    it = interns[c].emplace(key, std::int32_t(dictionaries[c].size() - 1)).first;
                }
                codes[c].push_back(it->second);
            } else if (!builders[c].appendParsed(v)) {
                builders[c].appendUnparsed(v);
                if (unparsed[c]++ == 0) firstUnparsedLine[c] = line;
            }
        }
        ++r;
        if ((r & 1023) == 0 && !pass2.step((long long)tok2.offset())) return Status::cancelled();
    }

    std::vector<std::shared_ptr<const Column>> columns;
    columns.reserve(ncols);
    for (std::size_t c = 0; c < ncols; ++c) {
        if (types[c] == ColumnType::Categorical) {
            const std::size_t distinct = dictionaries[c].size();
            const bool forced = options.typeOverrides.count(names[c]) > 0;
            const bool categorical =
                forced || distinct <= std::min(options.categoricalMaxDistinct, std::max<std::size_t>(1, records / 2));
            if (categorical) {
                builders[c].setDictionary(std::move(dictionaries[c]));
                for (std::int32_t code : codes[c]) {
                    if (code <= -2)
                        builders[c].appendMissingToken(options.missingTokens[std::size_t(-2 - code)]);
                    else
                        builders[c].appendCode(code);
                }
            } else {
                Column::Builder text(names[c], ColumnType::Text, records);
                for (std::int32_t code : codes[c]) {
                    if (code <= -2)
                        text.appendMissingToken(options.missingTokens[std::size_t(-2 - code)]);
                    else if (code < 0)
                        text.appendMissing();
                    else
                        text.appendText(dictionaries[c][std::size_t(code)]);
                }
                builders[c] = std::move(text);
            }
            std::vector<std::int32_t>().swap(codes[c]);
            std::unordered_map<std::string_view, std::int32_t>().swap(interns[c]);
        }
        if (unparsed[c] > 0)
            result.warnings.push_back(locate(name, firstUnparsedLine[c]) + ": column '" + names[c] +
                                      "': " + std::to_string(unparsed[c]) + " value(s) are not " +
                                      columnTypeName(types[c]) + " and were read as missing");
        columns.push_back(builders[c].finish());
    }
    result.table = Table(std::move(columns));
    ctx.report(1.0, "Reading " + name);
    return result;
}

Result<CsvReadResult> readCsvFile(const std::string& path, const CsvReadOptions& options, const RunContext& ctx) {
    auto file = MappedFile::open(path);
    if (!file) return file.status();
    return parseCsv((*file)->bytes(), path, options, ctx);
}

}  // namespace veil
