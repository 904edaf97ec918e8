// Writes a minimal .ods spreadsheet for tests (libzip): a mimetype member and content.xml with
// the given table:table elements (the caller writes the rows, so that tests can use repeats).
#pragma once

#include <zip.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace veil::testing {

// `tables`: the XML of one or more <table:table> elements.
inline bool writeOds(const std::string& path, const std::string& tables) {
    int error = 0;
    zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
    if (!z) return false;
    auto add = [&](const char* name, const std::string& text) {
        char* copy = static_cast<char*>(std::malloc(text.size()));
        std::memcpy(copy, text.data(), text.size());
        zip_source_t* s = zip_source_buffer(z, copy, text.size(), 1);
        return s && zip_file_add(z, name, s, ZIP_FL_OVERWRITE) >= 0;
    };
    const std::string content =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        "<office:document-content xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
        "xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" "
        "xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" office:version=\"1.2\">"
        "<office:body><office:spreadsheet>" +
        tables + "</office:spreadsheet></office:body></office:document-content>";
    if (!add("mimetype", "application/vnd.oasis.opendocument.spreadsheet") || !add("content.xml", content)) {
        zip_discard(z);
        return false;
    }
    return zip_close(z) == 0;
}

}  // namespace veil::testing
