// Tables from .xlsx spreadsheets (ECMA-376 SpreadsheetML): the workbook's sheet list and
// relationships, shared strings, cell styles (to know which numbers are dates) and one sheet's
// cells, read with libzip and pugixml. The first row is the header. Numbers keep the text the file
// stores; date-formatted serial numbers become ISO dates (1900 date system).
#include "detail/database_sources.h"
#include "detail/source_uri.h"
#include "detail/zip_xml.h"

#include "veil/table/column.h"

#include <pugixml.hpp>
#include <zip.h>

#include <cmath>
#include <map>
#include <optional>
#include <memory>

namespace veil::detail {

namespace {

std::string textOf(const pugi::xml_node& n) {  // every <t> under n, in order (rich text runs)
    std::string out;
    for (const auto& t : n.select_nodes(".//*[local-name()='t']")) out += t.node().child_value();
    return out;
}

// Built-in date formats (ECMA-376 18.8.30) and custom ones with day/month/year codes.
bool isDateFormat(int id, const std::string& code) {
    if ((id >= 14 && id <= 22) || (id >= 45 && id <= 47)) return true;
    bool quoted = false;
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = char(std::tolower(static_cast<unsigned char>(code[i])));
        if (code[i] == '"') quoted = !quoted;
        if (code[i] == '[') i = code.find(']', i) == std::string::npos ? code.size() : code.find(']', i);
        if (!quoted && (c == 'd' || c == 'y')) return true;
    }
    return false;
}

std::vector<bool> dateStyles(const pugi::xml_document& styles) {
    std::map<int, std::string> custom;
    for (const auto& f : styles.select_nodes("//*[local-name()='numFmt']"))
        custom[f.node().attribute("numFmtId").as_int()] = f.node().attribute("formatCode").as_string();
    std::vector<bool> out;
    const auto xfs = styles.select_node("//*[local-name()='cellXfs']").node();
    for (const auto& xf : xfs.children()) {
        const int id = xf.attribute("numFmtId").as_int();
        out.push_back(isDateFormat(id, custom.count(id) ? custom[id] : std::string()));
    }
    return out;
}

std::size_t columnIndex(const std::string& ref) {  // "C12" -> 2
    std::size_t c = 0;
    for (char ch : ref) {
        if (ch < 'A' || ch > 'Z') break;
        c = c * 26 + std::size_t(ch - 'A' + 1);
    }
    return c == 0 ? 0 : c - 1;
}

std::string serialToDate(const std::string& v) {
    const double serial = std::atof(v.c_str());
    if (serial != std::floor(serial) || serial < 1) return v;
    const int days = int(serial) < 60 ? int(serial) + 1 : int(serial);  // Excel's 1900-02-29
    return formatIsoDate(daysFromCivil(1899, 12, 30) + days);
}

}  // namespace

namespace {

// The archive member of the named sheet (the first when `sheet` is empty).
Result<std::string> sheetMember(zip_t* z, const std::string& sheet, const std::string& shown) {
    auto workbook = readZipXml(z, "xl/workbook.xml", shown);
    if (!workbook) return workbook.status();
    auto rels = readZipXml(z, "xl/_rels/workbook.xml.rels", shown);
    if (!rels) return rels.status();
    std::string names, id;
    for (const auto& n : (*workbook)->select_nodes("//*[local-name()='sheet']")) {
        const std::string name = n.node().attribute("name").as_string();
        names += (names.empty() ? "" : ", ") + name;
        for (const auto& a : n.node().attributes())
            if (std::string(a.name()).size() >= 3 &&
                std::string(a.name()).substr(std::string(a.name()).size() - 3) == ":id")
                if (id.empty() && (sheet.empty() || sheet == name)) id = a.as_string();
    }
    if (names.empty()) return Status::parseError(shown + ": not a spreadsheet (no xl/workbook.xml with sheets)");
    if (id.empty()) return Status::notFound(shown + ": no sheet '" + sheet + "' (sheets: " + names + ")");
    for (const auto& r : (*rels)->select_nodes("//*[local-name()='Relationship']"))
        if (id == r.node().attribute("Id").as_string()) {
            const std::string target = r.node().attribute("Target").as_string();
            return target.rfind("/xl/", 0) == 0 ? target.substr(1) : "xl/" + target;
        }
    return Status::parseError(shown + ": the workbook names a sheet the archive does not hold");
}

// The text of one cell: shared strings, inline strings, booleans, numbers (dates by style); nullopt
// for a cell with no value (a blank cell that only carries a style).
std::optional<std::string> cellText(const pugi::xml_node& c, const std::vector<std::string>& shared,
                                    const std::vector<bool>& dates) {
    const std::string type = c.attribute("t").as_string();
    const pugi::xml_node value = c.child("v");
    if (type != "inlineStr" && !value) return std::nullopt;
    std::string v = value.child_value();
    if (type == "s") {
        const auto i = std::size_t(std::atoll(v.c_str()));
        return i < shared.size() ? shared[i] : std::string();
    }
    if (type == "inlineStr") return textOf(c.child("is"));
    if (type == "b") return v == "1" ? "TRUE" : "FALSE";
    const auto style = std::size_t(c.attribute("s").as_uint());
    if ((type.empty() || type == "n") && style < dates.size() && dates[style]) return serialToDate(v);
    return v;
}

}  // namespace

Result<TextRows> readXlsxRows(const std::string& source, const RunContext& ctx) {
    const auto q = source.find('?');
    const std::string path = source.substr(0, q);
    const std::string& shown = source;
    std::string sheet;
    if (q != std::string::npos) {
        const std::string param = source.substr(q + 1);
        if (param.rfind("sheet=", 0) != 0)
            return Status::invalidArgument(shown + ": unknown parameter '" + param + "' (use ?sheet=NAME)");
        sheet = percentDecode(param.substr(6));
    }
    int error = 0;
    Zip z(zip_open(path.c_str(), ZIP_RDONLY, &error));
    if (!z) return Status::ioError(path + ": cannot open the spreadsheet (not a readable .xlsx file)");
    auto member = sheetMember(z.get(), sheet, shown);
    if (!member) return member.status();
    std::vector<std::string> shared;
    auto strings = readZipXml(z.get(), "xl/sharedStrings.xml", shown);
    if (!strings) return strings.status();
    for (const auto& si : (*strings)->select_nodes("//*[local-name()='si']")) shared.push_back(textOf(si.node()));
    auto styles = readZipXml(z.get(), "xl/styles.xml", shown);
    if (!styles) return styles.status();
    const std::vector<bool> dates = dateStyles(**styles);
    auto doc = readZipXml(z.get(), *member, shown);
    if (!doc) return doc.status();
    // Cells by row number (the rows' r= attribute: blank rows are not written) and column.
    std::map<std::size_t, std::map<std::size_t, std::string>> grid;
    std::size_t width = 0, nextRow = 1;
    for (const auto& row : (*doc)->select_nodes("//*[local-name()='sheetData']/*[local-name()='row']")) {
        if (ctx.cancelled()) return Status::cancelled();
        const std::size_t r = row.node().attribute("r") ? row.node().attribute("r").as_ullong() : nextRow;
        nextRow = r + 1;
        std::size_t next = 0;
        for (const auto& c : row.node().children()) {
            const std::string ref = c.attribute("r").as_string();
            const std::size_t col = ref.empty() ? next : columnIndex(ref);
            next = col + 1;
            if (auto text = cellText(c, shared, dates)) {
                grid[r][col] = std::move(*text);
                width = std::max(width, next);
            }
        }
    }
    if (grid.empty()) return Status::invalidArgument(shown + ": the sheet is empty");
    TextRows rows;
    const auto& header = grid.begin()->second;
    for (std::size_t c = 0; c < width; ++c) {
        auto it = header.find(c);
        rows.names.push_back(it != header.end() ? it->second : std::string());  // unnamed: column_N later
    }
    rows.cells.resize(width);
    for (std::size_t r = grid.begin()->first + 1; r <= grid.rbegin()->first; ++r) {
        const auto row = grid.find(r);
        for (std::size_t c = 0; c < width; ++c) {
            const auto it =
                row == grid.end() ? std::map<std::size_t, std::string>::const_iterator{} : row->second.find(c);
            const bool present = row != grid.end() && it != row->second.end();
            rows.cells[c].push_back(present ? std::optional<std::string>(it->second) : std::nullopt);
        }
    }
    return rows;
}

}  // namespace veil::detail
