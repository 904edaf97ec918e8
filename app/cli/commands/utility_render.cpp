#include "utility_render.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace veil::cli {

namespace {

using namespace veil::anonymity;

std::string threeDecimals(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

// `text` cut to `width` characters (bytes; labels are mostly ASCII), marked with "~" when cut.
std::string fitted(const std::string& text, std::size_t width) {
    return text.size() <= width ? text : text.substr(0, width - 1) + "~";
}

std::string padded(const std::string& text, std::size_t width, bool right) {
    if (text.size() >= width) return text;
    const std::string pad(width - text.size(), ' ');
    return right ? pad + text : text + pad;
}

std::string numberOrDash(const std::optional<NumericSummary>& s, double NumericSummary::*field) {
    if (!s) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", (*s).*field);
    return buf;
}

void printAttributes(std::ostream& out, const std::vector<AttributeUtility>& attributes) {
    out << "attribute            distinct before/after   entropy before/after (bits)   suppressed   most frequent "
           "before / after\n";
    for (const auto& u : attributes) {
        char line[200];
        std::snprintf(line, sizeof line, "%-20s %8zu / %-8zu        %8.3f / %-8.3f          %-12zu %s / %s\n",
                      fitted(u.name, 20).c_str(), u.distinctBefore, u.distinctAfter, u.entropyBefore, u.entropyAfter,
                      u.suppressedAfter, fitted(u.modeBefore, 20).c_str(),
                      u.modeAfter.empty() ? "-" : fitted(u.modeAfter, 20).c_str());
        out << line;
    }
    const bool numbers = std::any_of(attributes.begin(), attributes.end(),
                                     [](const AttributeUtility& u) { return u.numericBefore.has_value(); });
    if (!numbers) return;
    out << "\nnumbers (after: \"-\" when the released values are not numbers)\n"
           "attribute            min before/after      max before/after      mean before/after     std before/after\n";
    for (const auto& u : attributes) {
        if (!u.numericBefore) continue;
        std::string line = padded(fitted(u.name, 20), 21, false);
        for (auto field : {&NumericSummary::min, &NumericSummary::max, &NumericSummary::mean, &NumericSummary::stdDev})
            line +=
                padded(numberOrDash(u.numericBefore, field) + " / " + numberOrDash(u.numericAfter, field), 22, false);
        line.erase(line.find_last_not_of(' ') + 1);
        out << line << '\n';
    }
}

// One table, at most as wide as its caps made it: row labels up to 20 characters, columns up to 10.
void printTable(std::ostream& out, const ContingencyTable& t, const std::string& title, const std::string& a,
                const std::string& b) {
    out << "  " << title << " (" << t.total << " records):\n";
    std::size_t rowWidth = 0;
    for (const auto& r : t.rows) rowWidth = std::max(rowWidth, std::min<std::size_t>(r.size(), 20));
    std::vector<std::size_t> widths;
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        std::size_t w = std::min<std::size_t>(t.columns[c].size(), 10);
        for (std::size_t r = 0; r < t.rows.size(); ++r) w = std::max(w, std::to_string(t.count(r, c)).size());
        widths.push_back(w);
    }
    std::string header = "    " + std::string(rowWidth, ' ');
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        header += "  " + padded(fitted(t.columns[c], 10), widths[c], true);
    out << header << '\n';
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        std::string line = "    " + padded(fitted(t.rows[r], 20), rowWidth, false);
        for (std::size_t c = 0; c < t.columns.size(); ++c)
            line += "  " + padded(std::to_string(t.count(r, c)), widths[c], true);
        out << line << '\n';
    }
    auto note = [&out](std::size_t shown, std::size_t values, const std::string& name) {
        out << "    (" << name << ": the " << shown << " most frequent of " << values
            << " values shown, the others in \"" << ContingencyTable::kOtherLabel << "\")\n";
    };
    if (t.rowsPooled) note(t.rows.size() - 1, t.rowValues, a);
    if (t.columnsPooled) note(t.columns.size() - 1, t.columnValues, b);
}

nlohmann::json tableJson(const ContingencyTable& t) {
    nlohmann::json counts = nlohmann::json::array();
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (std::size_t c = 0; c < t.columns.size(); ++c) row.push_back(t.count(r, c));
        counts.push_back(std::move(row));
    }
    return {{"rows", t.rows},
            {"columns", t.columns},
            {"counts", std::move(counts)},
            {"total", t.total},
            {"row_values", t.rowValues},
            {"column_values", t.columnValues},
            {"rows_pooled", t.rowsPooled},
            {"columns_pooled", t.columnsPooled}};
}

nlohmann::json numbersJson(const std::optional<NumericSummary>& s) {
    if (!s) return nullptr;
    return {{"count", s->count}, {"min", s->min}, {"max", s->max}, {"mean", s->mean}, {"std", s->stdDev}};
}

}  // namespace

void printUtilityText(std::ostream& out, const UtilityReport& report) {
    printAttributes(out, report.attributes);
    for (const auto& p : report.contingency) {
        out << "\nContingency " << p.a << " x " << p.b << ": total-variation distance " << threeDecimals(p.distance)
            << " (the release spread over the original values)\n";
        printTable(out, p.before, "original", p.a, p.b);
        printTable(out, p.after, "released", p.a, p.b);
    }
    if (const auto& a = report.classification) {
        out << "\nPredicting '" << a->target << "' (" << classifierTitle(a->model) << ", " << a->folds
            << "-fold, tested on the original records): trained on the original " << threeDecimals(a->original)
            << ", trained on the release " << threeDecimals(a->released) << ", most frequent value (ZeroR) "
            << threeDecimals(a->zeroR);
        if (a->suppressedRecords > 0) out << "; " << a->suppressedRecords << " suppressed records left out of training";
        out << '\n';
    }
}

nlohmann::json utilityJson(const UtilityReport& report) {
    nlohmann::json j;
    j["attributes"] = nlohmann::json::array();
    for (const auto& u : report.attributes)
        j["attributes"].push_back({{"name", u.name},
                                   {"distinct_before", u.distinctBefore},
                                   {"distinct_after", u.distinctAfter},
                                   {"entropy_before", u.entropyBefore},
                                   {"entropy_after", u.entropyAfter},
                                   {"suppressed_after", u.suppressedAfter},
                                   {"mode_before", u.modeBefore},
                                   {"mode_after", u.modeAfter},
                                   {"numeric_before", numbersJson(u.numericBefore)},
                                   {"numeric_after", numbersJson(u.numericAfter)}});
    j["contingency"] = nlohmann::json::array();
    for (const auto& p : report.contingency)
        j["contingency"].push_back({{"a", p.a},
                                    {"b", p.b},
                                    {"distance", p.distance},
                                    {"before", tableJson(p.before)},
                                    {"after", tableJson(p.after)}});
    if (const auto& a = report.classification)
        j["classification"] = {{"target", a->target},     {"model", classifierName(a->model)},
                               {"folds", a->folds},       {"original", a->original},
                               {"released", a->released}, {"zero_r", a->zeroR},
                               {"records", a->records},   {"suppressed_records", a->suppressedRecords}};
    return j;
}

}  // namespace veil::cli
