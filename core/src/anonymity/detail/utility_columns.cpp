#include "anonymity/detail/utility_columns.h"

#include <cmath>
#include <cstring>
#include <unordered_map>

namespace veil::anonymity::detail {

TextCodes textCodes(const Column& column) {
    TextCodes out;
    std::unordered_map<std::string, std::uint32_t> index;
    out.codes.resize(column.size());
    std::string scratch;
    for (std::size_t r = 0; r < column.size(); ++r) {
        auto [it, added] = index.try_emplace(std::string(column.originalText(r, scratch)), std::uint32_t(index.size()));
        if (added) {
            out.names.push_back(it->first);
            out.counts.push_back(0);
        }
        out.codes[r] = it->second;
        ++out.counts[it->second];
    }
    return out;
}

std::vector<std::uint8_t> suppressedCodes(const Column& column, const TextCodes& released,
                                          const UtilityOptions& options) {
    std::vector<std::uint8_t> out(released.names.size(), 0);
    if (options.suppressedToken)
        for (std::size_t g = 0; g < released.names.size(); ++g)
            if (released.names[g] == *options.suppressedToken) out[g] = 1;
    if (column.missingCount() == 0) return out;
    std::vector<std::size_t> missing(released.names.size(), 0);
    for (std::size_t r = 0; r < column.size(); ++r)
        if (column.isMissing(r)) ++missing[released.codes[r]];
    for (std::size_t g = 0; g < out.size(); ++g)
        if (missing[g] == released.counts[g]) out[g] = 1;
    return out;
}

bool naturalLess(const std::string& a, const std::string& b) {
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            std::size_t ei = i, ej = j;
            while (ei < a.size() && digit(a[ei])) ++ei;
            while (ej < b.size() && digit(b[ej])) ++ej;
            std::size_t si = i, sj = j;  // leading zeros do not change the value
            while (si + 1 < ei && a[si] == '0') ++si;
            while (sj + 1 < ej && b[sj] == '0') ++sj;
            if (ei - si != ej - sj) return ei - si < ej - sj;
            const int c = std::memcmp(a.data() + si, b.data() + sj, ei - si);
            if (c != 0) return c < 0;
            i = ei, j = ej;
        } else {
            if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
            ++i, ++j;
        }
    }
    if ((i < a.size()) != (j < b.size())) return i >= a.size();
    return a < b;
}

Result<const Column*> namedColumn(const Table& table, const std::string& name, const char* which) {
    auto index = table.columnIndex(name);
    if (!index) return index.status().withContext(which);
    return &table.column(*index);
}

Status checkAligned(const Table& original, const Table& released) {
    if (original.rowCount() != released.rowCount())
        return Status::invalidArgument("utility: the released table has " + std::to_string(released.rowCount()) +
                                       " rows, the original " + std::to_string(original.rowCount()) +
                                       "; rows must be aligned (suppressed rows kept as '*')");
    return Status::ok();
}

double entropyBits(const std::vector<std::size_t>& counts, std::size_t total) {
    if (total == 0) return 0.0;
    double h = 0;
    for (std::size_t n : counts) {
        if (n == 0) continue;
        const double p = double(n) / double(total);
        h -= p * std::log2(p);
    }
    return h;
}

}  // namespace veil::anonymity::detail
