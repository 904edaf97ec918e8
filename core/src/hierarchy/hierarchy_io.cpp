#include "veil/hierarchy/hierarchy_io.h"

#include "veil/io/atomic_file.h"

#include <filesystem>

namespace veil::hierarchy {

namespace {

// Splits text into lines (LF or CRLF), dropping a BOM and blank lines; keeps 1-based line numbers.
// A quoted field may span lines (RFC 4180); the line number is that of its first line.
struct Line {
    std::string_view text;
    long long number;
};

std::vector<Line> splitLines(std::string_view text) {
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    // Lines end at a newline outside quotes: a quoted value may hold newlines (RFC 4180).
    std::vector<Line> lines;
    long long number = 1, startNumber = 1;
    std::size_t start = 0;
    bool quoted = false;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] == '"') quoted = !quoted;
        if (i < text.size() && (text[i] != '\n' || quoted)) {
            if (text[i] == '\n') ++number;
            continue;
        }
        std::string_view line = text.substr(start, i - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!line.empty()) lines.push_back({line, startNumber});
        start = i + 1;
        startNumber = ++number;
    }
    return lines;
}

int countOutsideQuotes(std::string_view line, char c) {
    int n = 0;
    bool quoted = false;
    for (char ch : line) {
        if (ch == '"')
            quoted = !quoted;
        else if (ch == c && !quoted)
            ++n;
    }
    return n;
}

// RFC 4180 fields of one line; false when a quote is left open.
bool splitFields(std::string_view line, char delim, std::vector<std::string>& out) {
    out.clear();
    std::string cur;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cur += c;
            }
        } else if (c == '"' && cur.empty()) {
            quoted = true;
        } else if (c == delim) {
            out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(std::move(cur));
    return !quoted;
}

std::string quoteField(const std::string& field, char delim) {
    // Quoted when it holds the delimiter, a quote or a line break, is empty (an empty line would
    // vanish) or starts with a byte-order mark (read as one), so that it reads back the same.
    if (!field.empty() && field.find_first_of(std::string{delim, '"', '\n', '\r'}) == std::string::npos &&
        field.rfind("\xEF\xBB\xBF", 0) != 0)
        return field;
    std::string out = "\"";
    for (char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

}  // namespace

char detectHierarchyDelimiter(std::string_view text) {
    const auto lines = splitLines(text);
    for (char cand : {';', ',', '\t', '|'}) {
        int expected = -1;
        bool ok = !lines.empty();
        for (const auto& line : lines) {
            const int n = countOutsideQuotes(line.text, cand);
            if (n == 0 || (expected >= 0 && n != expected)) {
                ok = false;
                break;
            }
            expected = n;
        }
        if (ok) return cand;
    }
    return ';';
}

Result<Hierarchy> parseHierarchyCsv(std::string_view text, const std::string& name, const std::string& displayName,
                                    char delimiter) {
    const auto lines = splitLines(text);
    if (lines.empty()) return Status::parseError(displayName + ": the hierarchy file is empty");
    // A file with one level (values only) has no delimiter at all.
    const char delim = delimiter ? delimiter : detectHierarchyDelimiter(text);
    std::vector<std::vector<std::string>> rows;
    rows.reserve(lines.size());
    std::vector<std::string> fields;
    std::vector<long long> lineNumbers;
    lineNumbers.reserve(lines.size());
    for (const auto& line : lines) {
        if (!splitFields(line.text, delim, fields))
            return Status::parseError(formatLocation(displayName, line.number) + ": unterminated quoted field");
        if (!rows.empty() && fields.size() != rows.front().size()) {
            return Status::parseError(formatLocation(displayName, line.number) + ": " + std::to_string(fields.size()) +
                                      " levels, expected " + std::to_string(rows.front().size()) +
                                      " like the first row (all rows must have the same depth)");
        }
        rows.push_back(fields);
        lineNumbers.push_back(line.number);
    }
    auto h = Hierarchy::fromRows(name, std::move(rows));
    if (!h) return h.status().withContext(displayName);
    h->setSource(displayName, std::move(lineNumbers));
    return h;
}

Result<Hierarchy> readHierarchyCsv(const std::string& path, const std::string& name, char delimiter) {
    auto data = readWholeFile(path, "a hierarchy file (CSV: one row per value, one column per level)");
    if (!data) return data.status();
    const std::filesystem::path p(path);
    return parseHierarchyCsv(*data, name.empty() ? p.stem().string() : name, p.filename().string(), delimiter);
}

std::string formatHierarchyCsv(const Hierarchy& hierarchy, char delimiter) {
    std::string out;
    for (const auto& row : hierarchy.rows()) {
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (i) out += delimiter;
            out += quoteField(row[i], delimiter);
        }
        out += '\n';
    }
    return out;
}

Status writeHierarchyCsv(const Hierarchy& hierarchy, const std::string& path, char delimiter) {
    return writeFileAtomically(path, formatHierarchyCsv(hierarchy, delimiter));
}

}  // namespace veil::hierarchy
