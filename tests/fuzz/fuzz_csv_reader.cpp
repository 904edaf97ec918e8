// libFuzzer target for the CSV reader: any bytes must give a table or a clean error, never a
// crash, hang or sanitizer report; a parsed table must survive a write/read round trip; and the
// parallel reader, cutting the bytes into many small chunks, must give exactly the one-piece result.
// Built by the asan preset (VEIL_FUZZ); run by tools/fuzz.sh.
#include "fuzz_support.h"

#include "veil/table/csv_reader.h"
#include "veil/table/csv_writer.h"

#include <cstdint>
#include <cstdlib>
#include <sstream>

namespace {

// Everything the reader decided, as text (error, warnings, names, types, every cell's text).
std::string describe(const veil::Result<veil::CsvReadResult>& r) {
    if (!r.isOk()) return "error " + r.status().message();
    std::string out;
    for (const auto& w : r->warnings) out += w + '\n';
    std::string scratch;
    for (std::size_t c = 0; c < r->table.columnCount(); ++c) {
        const veil::Column& col = r->table.column(c);
        out += col.name() + ':' + veil::columnTypeName(col.type()) + '\n';
        for (const auto& v : col.dictionary()) out += v + '|';
        for (std::size_t i = 0; i < col.size(); ++i) {
            out += col.originalText(i, scratch);
            out += col.isMissing(i) ? "*|" : "|";
        }
        out += '\n';
    }
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    veil::CsvReadOptions onePiece;
    onePiece.threads = 1;
    auto r = veil::parseCsv(bytes, "fuzz.csv", onePiece);
    veil::CsvReadOptions pieces;
    pieces.threads = 2;
    pieces.chunkBytes = 1 + size % 13;
    if (describe(veil::parseCsv(bytes, "fuzz.csv", pieces)) != describe(r)) std::abort();
    if (!r.isOk()) {
        veil::fuzz::checkError(r.status(), "fuzz.csv");
        return 0;
    }
    const veil::Table& t = r->table;
    std::string scratch;
    for (std::size_t c = 0; c < t.columnCount(); ++c)
        for (std::size_t i = 0; i < t.rowCount(); ++i) (void)t.column(c).toString(i);
    // Round trip: what we write, we read back with the same shape.
    std::ostringstream out;
    veil::CsvWriteOptions w;
    w.delimiter = r->delimiter;
    veil::writeCsv(t, out, w);
    veil::CsvReadOptions o;
    o.delimiter = r->delimiter;
    auto again = veil::parseCsv(out.str(), "again.csv", o);
    if (again.isOk() && t.rowCount() > 0 && again->table.columnCount() != t.columnCount()) std::abort();
    return 0;
}
