#include "veil/table/csv_writer.h"

#include "veil/io/atomic_file.h"

namespace veil {

std::string quoteCsvField(std::string_view field, char delimiter) {
    bool needs = false;
    for (char c : field)
        if (c == delimiter || c == '"' || c == '\n' || c == '\r') {
            needs = true;
            break;
        }
    if (!needs && !field.empty() && (field.front() == ' ' || field.back() == ' ')) needs = true;
    if (!needs) return std::string(field);
    std::string out;
    out.reserve(field.size() + 2);
    out += '"';
    for (char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
    return out;
}

void writeCsv(const Table& table, std::ostream& out, const CsvWriteOptions& options) {
    const std::size_t ncols = table.columnCount();
    if (options.writeHeader) {
        for (std::size_t c = 0; c < ncols; ++c) {
            if (c) out << options.delimiter;
            out << quoteCsvField(table.column(c).name(), options.delimiter);
        }
        out << '\n';
    }
    std::string line, scratch;
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        line.clear();
        for (std::size_t c = 0; c < ncols; ++c) {
            if (c) line += options.delimiter;
            // The cell's original text: untouched columns come out as they came in, missing-value
            // tokens ("NA", "?") included; other missing cells as options.missing.
            const std::string_view text = table.column(c).originalText(r, scratch);
            line += text.empty() ? options.missing : quoteCsvField(text, options.delimiter);
        }
        line += '\n';
        out.write(line.data(), std::streamsize(line.size()));
    }
}

Status writeCsvFile(const Table& table, const std::string& path, const CsvWriteOptions& options) {
    return writeFileAtomically(path, [&](std::ostream& out) {
        writeCsv(table, out, options);
        return bool(out);
    });
}

}  // namespace veil
