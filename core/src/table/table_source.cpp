#include "veil/table/table_source.h"

#include "detail/csv_inference.h"
#include "detail/database_sources.h"
#include "detail/source_uri.h"
#include "detail/text_columns.h"

#include <algorithm>
#include <cctype>

namespace veil {

namespace {

Result<CsvReadResult> tableFromRows(const std::string& uri, detail::TextRows rows, const CsvReadOptions& options,
                                    const RunContext& ctx) {
    CsvReadResult result;
    rows.names = detail::uniqueColumnNames(std::move(rows.names), detail::redactPassword(uri), result.warnings);
    for (const auto& override : options.typeOverrides)
        if (std::find(rows.names.begin(), rows.names.end(), override.first) == rows.names.end())
            return Status::notFound(detail::redactPassword(uri) + ": type override for unknown column '" +
                                    override.first + "'");
    std::vector<std::shared_ptr<const Column>> columns;
    for (std::size_t c = 0; c < rows.names.size(); ++c) {
        std::size_t unparsed = 0;
        columns.push_back(detail::columnFromText(rows.names[c], rows.cells[c], options, &unparsed));
        if (unparsed > 0)
            result.warnings.push_back(detail::redactPassword(uri) + ": column '" + rows.names[c] +
                                      "': " + std::to_string(unparsed) + " value(s) are not " +
                                      columnTypeName(columns.back()->type()) + " and were read as missing");
        std::vector<std::optional<std::string>>().swap(rows.cells[c]);
    }
    result.table = Table(std::move(columns));
    ctx.report(1.0, "Reading " + detail::redactPassword(uri));
    return result;
}

bool startsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

bool hasExtension(const std::string& source, std::string_view extension) {
    if (isDatabaseSource(source)) return false;
    std::string path = source.substr(0, source.find('?'));
    for (char& c : path) c = char(std::tolower(static_cast<unsigned char>(c)));
    return path.size() > extension.size() &&
           path.compare(path.size() - extension.size(), extension.size(), extension) == 0;
}
bool isXlsx(const std::string& source) { return hasExtension(source, ".xlsx"); }
bool isOds(const std::string& source) { return hasExtension(source, ".ods"); }

}  // namespace

bool isDatabaseSource(const std::string& source) {
    return startsWith(source, "sqlite:") || startsWith(source, "postgresql://") || startsWith(source, "postgres://");
}

// PATH.xlsx or PATH.ods, optionally ?sheet=NAME.
bool isSpreadsheet(const std::string& source) { return isXlsx(source) || isOds(source); }

std::string redactSourcePassword(const std::string& source) { return detail::redactPassword(source); }

Result<CsvReadResult> readTable(const std::string& source, const CsvReadOptions& options, const RunContext& ctx) {
    if (isSpreadsheet(source)) {
        auto rows = isOds(source) ? detail::readOdsRows(source, ctx) : detail::readXlsxRows(source, ctx);
        if (!rows) return rows.status();
        return tableFromRows(source, std::move(*rows), options, ctx);
    }
    if (!isDatabaseSource(source)) return readCsvFile(source, options, ctx);
    ctx.report(0.0, "Reading " + detail::redactPassword(source));
    auto rows =
        startsWith(source, "sqlite:") ? detail::readSqliteRows(source, ctx) : detail::readPostgresRows(source, ctx);
    if (!rows) return rows.status();
    return tableFromRows(source, std::move(*rows), options, ctx);
}

}  // namespace veil
