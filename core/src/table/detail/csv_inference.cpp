#include "csv_inference.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>

namespace veil::detail {

MissingSet::MissingSet(const std::vector<std::string>& tokens) : m_tokens(tokens) {
    for (const auto& t : tokens) {
        if (t.empty()) continue;
        auto& longest = m_longestFrom[static_cast<unsigned char>(t[0])];
        longest = std::max(longest, t.size());
    }
}

std::vector<std::string> uniqueColumnNames(std::vector<std::string> names, const std::string& where,
                                           std::vector<std::string>& warnings) {
    std::map<std::string, int> seen;
    for (std::size_t c = 0; c < names.size(); ++c) {
        std::string& h = names[c];
        const auto b = h.find_first_not_of(" \t"), e = h.find_last_not_of(" \t");
        h = b == std::string::npos ? std::string() : h.substr(b, e - b + 1);
        if (h.empty()) {
            h = "column_" + std::to_string(c + 1);
            std::string w = where;
            w += ": column " + std::to_string(c + 1);
            w += " has no name; it is called '" + h + "'";
            warnings.push_back(std::move(w));
        }
        if (int k = seen[h]++; k > 0) {
            std::string renamed = h;
            renamed += "_" + std::to_string(k + 1);
            std::string w = where;
            w += ": duplicate column name '" + h;
            w += "' renamed to '" + renamed + "'";
            warnings.push_back(std::move(w));
            h = renamed;
        }
    }
    return names;
}

bool parsesAsInt(std::string_view t) {
    if (t.empty()) return false;
    const std::size_t i0 = (t[0] == '-' || t[0] == '+') ? 1 : 0;
    if (i0 == t.size()) return false;
    if (t.size() - i0 > 18) {
        // Near the int64 limits: let from_chars decide (it refuses overflow).
        if (t.size() - i0 > 19) return false;
        std::int64_t v;
        const char* b = t.data() + (t[0] == '+' ? 1 : 0);
        auto r = std::from_chars(b, t.data() + t.size(), v);
        return r.ec == std::errc() && r.ptr == t.data() + t.size();
    }
    for (std::size_t i = i0; i < t.size(); ++i)
        if (t[i] < '0' || t[i] > '9') return false;
    return true;
}

bool parsesAsReal(std::string_view t) {
    if (t.empty()) return false;
    // Plain decimals ([sign] digits [. digits], no exponent, at most 300 digits) are finite reals.
    std::size_t i = (t[0] == '-' || t[0] == '+') ? 1 : 0, digits = 0;
    for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) ++digits;
    if (i < t.size() && t[i] == '.')
        for (++i; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) ++digits;
    if (i == t.size() && digits > 0 && digits <= 300) return true;
    double v;
    const char* b = t.data() + (t[0] == '+' ? 1 : 0);
    auto r = std::from_chars(b, t.data() + t.size(), v);
    return r.ec == std::errc() && r.ptr == t.data() + t.size() && std::isfinite(v);
}

bool hasLeadingZero(std::string_view t) {
    const std::size_t i = !t.empty() && (t[0] == '-' || t[0] == '+') ? 1 : 0;
    return t.size() >= i + 2 && t[i] == '0' && t[i + 1] >= '0' && t[i + 1] <= '9';
}

void ColumnEvidence::observe(std::string_view v) {
    ++values;
    if ((canInt || canReal) && hasLeadingZero(v)) canInt = canReal = false;
    if (canInt && !parsesAsInt(v)) canInt = false;
    if (!canInt && canReal && !parsesAsReal(v)) canReal = false;
    if (canDate) {
        std::int32_t d;
        if (!parseIsoDate(v, d)) canDate = false;
    }
}

void ColumnEvidence::merge(const ColumnEvidence& o) {
    canInt = canInt && o.canInt;
    canReal = canReal && o.canReal;
    canDate = canDate && o.canDate;
    values += o.values;
}

ColumnType ColumnEvidence::type() const {
    if (values == 0) return ColumnType::Categorical;
    if (canInt) return ColumnType::Integer;
    if (canReal) return ColumnType::Real;
    if (canDate) return ColumnType::Date;
    return ColumnType::Categorical;
}

}  // namespace veil::detail
