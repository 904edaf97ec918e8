// Writes a minimal .xlsx workbook for tests (libzip): one sheet per entry, every cell an inline
// string or a number, the first row the header.
#pragma once

#include <zip.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace veil::testing {

struct XlsxSheet {
    std::string name;
    std::vector<std::vector<std::string>> rows;  // a cell starting with '#' is a number ("#34")
};

inline bool writeXlsx(const std::string& path, const std::vector<XlsxSheet>& sheets) {
    int error = 0;
    zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
    if (!z) return false;
    auto add = [&](const std::string& name, const std::string& text) {
        char* copy = static_cast<char*>(std::malloc(text.size()));
        std::memcpy(copy, text.data(), text.size());
        zip_source_t* s = zip_source_buffer(z, copy, text.size(), 1);
        return s && zip_file_add(z, name.c_str(), s, ZIP_FL_OVERWRITE) >= 0;
    };
    const std::string ns =
        "xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
        "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"";
    std::string book = "<workbook " + ns + "><sheets>",
                rels = "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">";
    bool ok = true;
    for (std::size_t i = 0; i < sheets.size(); ++i) {
        const std::string id = std::to_string(i + 1);
        book += "<sheet name=\"" + sheets[i].name + "\" sheetId=\"" + id + "\" r:id=\"rId" + id + "\"/>";
        rels += "<Relationship Id=\"rId" + id + "\" Target=\"worksheets/sheet" + id + ".xml\"/>";
        std::string xml = "<worksheet " + ns + "><sheetData>";
        for (const auto& row : sheets[i].rows) {
            xml += "<row>";
            for (const auto& cell : row)
                xml += !cell.empty() && cell[0] == '#' ? "<c><v>" + cell.substr(1) + "</v></c>"
                                                       : "<c t=\"inlineStr\"><is><t>" + cell + "</t></is></c>";
            xml += "</row>";
        }
        ok = ok && add("xl/worksheets/sheet" + id + ".xml", xml + "</sheetData></worksheet>");
    }
    ok = ok && add("xl/workbook.xml", book + "</sheets></workbook>") &&
         add("xl/_rels/workbook.xml.rels", rels + "</Relationships>");
    if (!ok) {
        zip_discard(z);
        return false;
    }
    return zip_close(z) == 0;
}

}  // namespace veil::testing
