// Tables from .ods spreadsheets (OpenDocument 1.2, part 1, section 9: table:table, table:table-row,
// table:table-cell), read from content.xml with libzip and pugixml. The first row is the header.
// Numbers keep the text of office:value; dates are office:date-value (ISO 8601); repeated rows and
// cells (table:number-rows-repeated, table:number-columns-repeated) are expanded only up to the
// last non-empty cell, so the million blank rows an editor writes cost nothing.
#include "detail/database_sources.h"
#include "detail/source_uri.h"
#include "detail/zip_xml.h"

#include <algorithm>
#include <cstring>

namespace veil::detail {

namespace {

// "table:table-row" -> "table-row": OpenDocument names by local name, whatever the prefix.
const char* localName(const char* name) {
    const char* colon = std::strchr(name, ':');
    return colon ? colon + 1 : name;
}

bool named(const pugi::xml_node& n, const char* local) { return std::strcmp(localName(n.name()), local) == 0; }

pugi::xml_attribute attributeOf(const pugi::xml_node& n, const char* local) {
    for (const auto& a : n.attributes())
        if (std::strcmp(localName(a.name()), local) == 0) return a;
    return {};
}

std::size_t repeatOf(const pugi::xml_node& n, const char* local) {
    const auto a = attributeOf(n, local);
    return a ? std::max<std::size_t>(1, std::size_t(a.as_ullong())) : 1;
}

// The text of a paragraph: its character data, text:s as spaces, text:tab and text:line-break.
void appendText(const pugi::xml_node& n, std::string& out) {
    for (const auto& c : n.children()) {
        if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata)
            out += c.value();
        else if (named(c, "s"))
            out.append(repeatOf(c, "c"), ' ');
        else if (named(c, "tab"))
            out += '\t';
        else if (named(c, "line-break"))
            out += '\n';
        else if (!named(c, "annotation"))
            appendText(c, out);
    }
}

// One cell's text; nullopt for an empty cell.
std::optional<std::string> cellText(const pugi::xml_node& cell) {
    const std::string type = attributeOf(cell, "value-type").as_string();
    if (type == "float" || type == "percentage" || type == "currency") return attributeOf(cell, "value").as_string();
    if (type == "date") {
        std::string v = attributeOf(cell, "date-value").as_string();
        if (v.size() > 10 && v.compare(10, std::string::npos, "T00:00:00") == 0) v.resize(10);
        return v;
    }
    if (type == "boolean")
        return std::string(attributeOf(cell, "boolean-value").as_string()) == "true" ? "TRUE" : "FALSE";
    std::string text;
    bool first = true;
    for (const auto& p : cell.children()) {
        if (!named(p, "p")) continue;
        if (!first) text += '\n';
        appendText(p, text);
        first = false;
    }
    if (text.empty()) return std::nullopt;
    return text;
}

struct Run {  // one cell or row element and how often it repeats
    std::optional<std::string> text;
    std::size_t repeat;
};
struct RowRun {
    std::vector<Run> cells;
    std::size_t repeat;
    std::size_t extent = 0;  // columns up to the last non-empty cell
};

// Rows, also inside table:table-header-rows, table:table-rows and table:table-row-group.
void collectRows(const pugi::xml_node& parent, std::vector<RowRun>& rows) {
    for (const auto& n : parent.children()) {
        if (named(n, "table-header-rows") || named(n, "table-rows") || named(n, "table-row-group")) {
            collectRows(n, rows);
            continue;
        }
        if (!named(n, "table-row")) continue;
        RowRun& row = rows.emplace_back(RowRun{{}, repeatOf(n, "number-rows-repeated")});
        std::size_t column = 0;
        for (const auto& c : n.children()) {
            if (!named(c, "table-cell") && !named(c, "covered-table-cell")) continue;
            row.cells.push_back(Run{cellText(c), repeatOf(c, "number-columns-repeated")});
            column += row.cells.back().repeat;
            if (row.cells.back().text) row.extent = column;
        }
    }
}

// The named table (the first when `sheet` is empty).
Result<pugi::xml_node> findSheet(const pugi::xml_document& doc, const std::string& sheet, const std::string& shown) {
    const auto spreadsheet = doc.select_node("//*[local-name()='spreadsheet']").node();
    std::string names;
    for (const auto& t : spreadsheet.children()) {
        if (!named(t, "table")) continue;
        const std::string name = attributeOf(t, "name").as_string();
        if (sheet.empty() || sheet == name) return t;
        names += (names.empty() ? "" : ", ") + name;
    }
    if (names.empty()) return Status::parseError(shown + ": not a spreadsheet (no content.xml with sheets)");
    return Status::notFound(shown + ": no sheet '" + sheet + "' (sheets: " + names + ")");
}

TextRows expand(const std::vector<RowRun>& runs, std::size_t height, std::size_t width) {
    std::vector<std::vector<std::optional<std::string>>> grid;  // rows, each `width` wide
    for (const auto& run : runs) {
        std::vector<std::optional<std::string>> row;
        for (const auto& cell : run.cells)
            for (std::size_t k = 0; k < cell.repeat && row.size() < width; ++k) row.push_back(cell.text);
        row.resize(width);
        for (std::size_t k = 0; k < run.repeat && grid.size() < height; ++k) grid.push_back(row);
    }
    TextRows rows;
    for (std::size_t c = 0; c < width; ++c)
        rows.names.push_back(grid[0][c] && !grid[0][c]->empty() ? *grid[0][c] : "column_" + std::to_string(c + 1));
    rows.cells.resize(width);
    for (std::size_t r = 1; r < grid.size(); ++r)
        for (std::size_t c = 0; c < width; ++c) rows.cells[c].push_back(std::move(grid[r][c]));
    return rows;
}

}  // namespace

Result<TextRows> readOdsRows(const std::string& source, const RunContext& ctx) {
    const auto q = source.find('?');
    const std::string path = source.substr(0, q);
    std::string sheet;
    if (q != std::string::npos) {
        const std::string param = source.substr(q + 1);
        if (param.rfind("sheet=", 0) != 0)
            return Status::invalidArgument(source + ": unknown parameter '" + param + "' (use ?sheet=NAME)");
        sheet = percentDecode(param.substr(6));
    }
    int error = 0;
    Zip z(zip_open(path.c_str(), ZIP_RDONLY, &error));
    if (!z) return Status::ioError(path + ": cannot open the spreadsheet (not a readable .ods file)");
    auto doc = readZipXml(z.get(), "content.xml", source);
    if (!doc) return doc.status();
    auto table = findSheet(**doc, sheet, source);
    if (!table) return table.status();
    std::vector<RowRun> runs;
    collectRows(*table, runs);
    if (ctx.cancelled()) return Status::cancelled();
    std::size_t height = 0, width = 0, row = 0;
    for (const auto& run : runs) {
        row += run.repeat;
        if (run.extent == 0) continue;
        height = row;
        width = std::max(width, run.extent);
    }
    if (height == 0) return Status::invalidArgument(source + ": the sheet is empty");
    return expand(runs, height, width);
}

}  // namespace veil::detail
