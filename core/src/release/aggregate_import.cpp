// Strict reader of an external engine's exact DP aggregates (the veil_aggregates CSV export).
#include "veil/release/aggregate_import.h"

#include "veil/common/validate.h"
#include "veil/io/atomic_file.h"
#include "veil/io/hash.h"
#include "veil/release/aggregate_sql.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <vector>

namespace veil::release {

namespace {

struct Record {
    std::size_t line = 0;
    std::vector<std::string> fields;
};

// RFC 4180 records (quotes, doubled quotes, CRLF), each with the line it starts on.
Result<std::vector<Record>> splitCsv(std::string_view text, const std::string& file) {
    std::vector<Record> records;
    std::size_t line = 1, i = 0;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;  // UTF-8 byte order mark
    while (i < text.size()) {
        Record r;
        r.line = line;
        std::string field;
        bool quoted = false, wasQuoted = false, done = false;
        while (!done) {
            if (i >= text.size()) {
                if (quoted)
                    return Status::parseError(file + ":" + std::to_string(r.line) + ": unterminated quoted field");
                break;
            }
            const char c = text[i++];
            if (quoted) {
                if (c == '"' && i < text.size() && text[i] == '"')
                    field += text[i++];
                else if (c == '"')
                    quoted = false;
                else {
                    if (c == '\n') ++line;
                    field += c;
                }
            } else if (c == '"' && field.empty() && !wasQuoted) {
                quoted = wasQuoted = true;
            } else if (c == ',') {
                r.fields.push_back(std::move(field));
                field.clear();
                wasQuoted = false;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i < text.size() && text[i] == '\n') ++i;
                ++line;
                done = true;
            } else {
                if (wasQuoted)
                    return Status::parseError(file + ":" + std::to_string(line) + ": text after a closing quote");
                field += c;
            }
        }
        r.fields.push_back(std::move(field));
        if (!(r.fields.size() == 1 && r.fields[0].empty() && !wasQuoted))
            records.push_back(std::move(r));  // blank line
    }
    return records;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::optional<std::int64_t> parseCount(const std::string& s) {
    std::size_t end = s.find('.');
    const std::string digits = s.substr(0, end);
    if (digits.empty() || digits.size() > 15 || !std::all_of(digits.begin(), digits.end(), isDigit))
        return std::nullopt;
    if (end != std::string::npos) {  // "12.0" as some engines write integers
        const std::string frac = s.substr(end + 1);
        if (frac.empty() || !std::all_of(frac.begin(), frac.end(), [](char c) { return c == '0'; }))
            return std::nullopt;
    }
    return std::stoll(digits);
}

std::optional<double> parseNumber(const std::string& s) {
    if (s.empty() || std::isspace(static_cast<unsigned char>(s[0]))) return std::nullopt;
    try {
        std::size_t used = 0;
        const double v = std::stod(s, &used);
        if (used != s.size() || !std::isfinite(v)) return std::nullopt;
        return v;
    } catch (...) {
        return std::nullopt;
    }
}

bool isNull(const std::string& s) {
    std::string lower = s;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s.empty() || lower == "null";
}

}  // namespace

Result<dp::ExactAggregates> parseAggregatesCsv(std::string_view text, const std::string& file,
                                               const dp::ColumnQuerySpec& spec) {
    auto domain = dp::aggregateDomain(spec);
    if (!domain) return domain.status();
    auto records = splitCsv(text, file);
    if (!records) return records.status();
    if (records->empty())
        return Status::parseError(
            file + ": empty; expected the header output_index,label,n,clamped_sum and one row per output");
    const Record& header = records->front();
    auto at = [&](std::size_t line) { return file + ":" + std::to_string(line) + ": "; };
    std::map<std::string, std::size_t> col;
    for (std::size_t c = 0; c < header.fields.size(); ++c) {
        const std::string& name = header.fields[c];
        if (std::find(kAggregateColumns.begin(), kAggregateColumns.end(), name) == kAggregateColumns.end())
            return Status::parseError(at(header.line) + "unknown column '" + name +
                                      "' (expected output_index, label, n, clamped_sum)");
        if (!col.emplace(name, c).second)
            return Status::parseError(at(header.line) + "column '" + name + "' appears twice");
    }
    for (const char* name : kAggregateColumns)
        if (!col.count(name))
            return Status::parseError(at(header.line) + "column '" + std::string(name) + "' is missing");

    const bool hasSum = spec.query == dp::QueryKind::Sum || spec.query == dp::QueryKind::Mean;
    const std::size_t outputs = domain->labels.size();
    std::vector<std::size_t> seenOn(outputs, 0);
    dp::ExactAggregates exact;
    exact.values.assign(outputs, 0.0);
    for (std::size_t r = 1; r < records->size(); ++r) {
        const Record& rec = (*records)[r];
        if (rec.fields.size() != header.fields.size())
            return Status::parseError(at(rec.line) + std::to_string(rec.fields.size()) + " fields, expected " +
                                      std::to_string(header.fields.size()));
        const std::string& idxText = rec.fields[col["output_index"]];
        const auto idx = parseCount(idxText);
        if (!idx || std::size_t(*idx) >= outputs)
            return Status::parseError(at(rec.line) + "output_index '" + idxText + "' is not one of 0.." +
                                      std::to_string(outputs - 1));
        const std::size_t o = std::size_t(*idx);
        if (seenOn[o])
            return Status::parseError(at(rec.line) + "output " + idxText + " appears twice (first on line " +
                                      std::to_string(seenOn[o]) + ")");
        seenOn[o] = rec.line;
        const std::string& label = rec.fields[col["label"]];
        if (label != domain->labels[o])
            return Status::parseError(at(rec.line) + "label '" + label + "' of output " + idxText +
                                      " is not the plan's '" + domain->labels[o] +
                                      "' (the outputs must come from the plan's domain)");
        const std::string& nText = rec.fields[col["n"]];
        const auto n = parseCount(nText);
        // The values are true answers (an engine may have computed them unseen): a message names the
        // field and the check, never the value.
        if (!n) return Status::parseError(at(rec.line) + "n is not a non-negative integer count");
        const std::string& sumText = rec.fields[col["clamped_sum"]];
        if (!hasSum) {
            if (!isNull(sumText))
                return Status::parseError(at(rec.line) + "clamped_sum must be empty for a " +
                                          dp::queryKindName(spec.query));
            exact.values[o] = double(*n);
            exact.rows += std::size_t(*n);
            continue;
        }
        const auto sum = parseNumber(sumText);
        if (!sum) return Status::parseError(at(rec.line) + "clamped_sum is not a finite number");
        const double lo = double(*n) * *spec.lower, hi = double(*n) * *spec.upper;
        const double slack = 1e-9 * std::max({1.0, std::fabs(lo), std::fabs(hi)});  // the engine's rounding
        if (*sum < lo - slack || *sum > hi + slack)
            return Status::parseError(at(rec.line) +
                                      "clamped_sum is outside [n*lower, n*upper]; were the values "
                                      "clamped to [" +
                                      formatNumber(*spec.lower) + ", " + formatNumber(*spec.upper) + "]?");
        if (spec.query == dp::QueryKind::Mean && *n == 0)
            return Status::parseError(at(rec.line) + "n is 0: a mean of no values (is the column empty?)");
        exact.values[o] = *sum;
        exact.rows = std::size_t(*n);
    }
    for (std::size_t o = 0; o < outputs; ++o)
        if (!seenOn[o])
            return Status::parseError(
                file + ": output " + std::to_string(o) + " ('" + domain->labels[o] +
                "') is missing; every output of the plan's domain must be present (n = 0 when empty)");
    return exact;
}

Result<ImportedAggregates> readAggregatesCsv(const std::string& path, const dp::ColumnQuerySpec& spec) {
    auto text = readWholeFile(path);
    if (!text) return text.status();
    auto exact = parseAggregatesCsv(*text, path, spec);
    if (!exact) return exact.status();
    return ImportedAggregates{std::move(*exact), path, sha256Hex(*text)};
}

}  // namespace veil::release
