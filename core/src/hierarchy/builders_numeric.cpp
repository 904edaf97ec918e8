// Interval, masking and date hierarchy builders (ARX's hierarchy wizards, materialised).
#include "veil/hierarchy/builders.h"

#include "veil/common/validate.h"

#include <charconv>
#include <cmath>
#include <unordered_set>

namespace veil::hierarchy {

namespace {

bool parseNumber(const std::string& text, double& out) {
    const char* b = text.data();
    const char* e = b + text.size();
    while (b < e && *b == ' ') ++b;
    auto [ptr, ec] = std::from_chars(b, e, out);
    return ec == std::errc() && ptr == e && std::isfinite(out);
}

}  // namespace

std::vector<std::string> distinctValues(const Column& column) {
    std::vector<std::string> out;
    std::unordered_set<std::string> seen;
    std::string scratch;
    for (std::size_t r = 0; r < column.size(); ++r) {
        if (column.isMissing(r)) continue;
        std::string v(column.stringViewAt(r, scratch));
        if (seen.insert(v).second) out.push_back(std::move(v));
    }
    return out;
}

Result<Hierarchy> IntervalHierarchyBuilder::build(const std::vector<std::string>& values,
                                                  const std::string& name) const {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(width, "interval width"));
    VEIL_RETURN_IF_ERROR(requireFinite(origin, "interval origin"));
    for (int f : fanouts)
        if (f < 2)
            return Status::invalidArgument("interval fan-out must be at least 2 (got " + std::to_string(f) + ")");
    if (bottomCoding && topCoding && *bottomCoding >= *topCoding)
        return Status::invalidArgument("bottom coding (" + formatNumber(*bottomCoding) +
                                       ") must be below top coding (" + formatNumber(*topCoding) + ")");
    std::vector<std::vector<std::string>> rows;
    for (const auto& v : values) {
        double x = 0;
        if (!parseNumber(v, x)) return Status::invalidArgument("interval hierarchy: value '" + v + "' is not a number");
        std::vector<std::string> row{v};
        double w = width;
        auto index = static_cast<long long>(std::floor((x - origin) / width));
        for (std::size_t level = 0; level <= fanouts.size(); ++level) {
            if (level > 0) {
                w *= fanouts[level - 1];
                index = static_cast<long long>(std::floor(double(index) / fanouts[level - 1]));
            }
            if (bottomCoding && x < *bottomCoding) {
                row.push_back(std::string("<").append(formatNumber(*bottomCoding)));
            } else if (topCoding && x >= *topCoding) {
                row.push_back(std::string(">=").append(formatNumber(*topCoding)));
            } else {
                const double lo = origin + double(index) * w;
                row.push_back(
                    std::string("[").append(formatNumber(lo)).append(",").append(formatNumber(lo + w)).append("["));
            }
        }
        row.push_back("*");
        rows.push_back(std::move(row));
    }
    return Hierarchy::fromRows(name, std::move(rows));
}

Result<Hierarchy> MaskingHierarchyBuilder::build(const std::vector<std::string>& values,
                                                 const std::string& name) const {
    if (maxMasked < 0)
        return Status::invalidArgument("masking: maxMasked must be >= 0 (got " + std::to_string(maxMasked) + ")");
    std::size_t longest = 0;
    for (const auto& v : values) longest = std::max(longest, v.size());
    const std::size_t levels = maxMasked > 0 ? std::min<std::size_t>(std::size_t(maxMasked), longest) : longest;
    std::vector<std::vector<std::string>> rows;
    bool topUniform = true;
    for (const auto& v : values) {
        std::vector<std::string> row{v};
        for (std::size_t i = 1; i <= levels; ++i) {
            std::string m = v;
            const std::size_t n = std::min(i, m.size());
            for (std::size_t c = m.size() - n; c < m.size(); ++c) m[c] = mask;
            row.push_back(std::move(m));
        }
        if (!rows.empty() && row.back() != rows.front().back()) topUniform = false;
        rows.push_back(std::move(row));
    }
    // Add a common root unless the last masked level already is one.
    if (!topUniform || levels == 0 || levels < longest)
        for (auto& row : rows) row.push_back("*");
    return Hierarchy::fromRows(name, std::move(rows));
}

Result<Hierarchy> DateHierarchyBuilder::build(const std::vector<std::string>& values, const std::string& name) const {
    std::vector<std::vector<std::string>> rows;
    for (const auto& v : values) {
        std::int32_t days = 0;
        if (!parseIsoDate(v, days))
            return Status::invalidArgument("date hierarchy: value '" + v + "' is not a date (YYYY-MM-DD)");
        int y = 0;
        unsigned m = 0, d = 0;
        civilFromDays(days, y, m, d);
        std::vector<std::string> row{v};
        for (DateGranularity g : levels) {
            char buf[32];
            switch (g) {
                case DateGranularity::Month:
                    std::snprintf(buf, sizeof buf, "%04d-%02u", y, m);
                    break;
                case DateGranularity::Year:
                    std::snprintf(buf, sizeof buf, "%04d", y);
                    break;
                case DateGranularity::Decade:
                    std::snprintf(buf, sizeof buf, "%04ds", y - ((y % 10) + 10) % 10);
                    break;
                case DateGranularity::Century:
                    std::snprintf(buf, sizeof buf, "%04d-%04d", y - ((y % 100) + 100) % 100,
                                  y - ((y % 100) + 100) % 100 + 99);
                    break;
            }
            row.emplace_back(buf);
        }
        row.push_back("*");
        rows.push_back(std::move(row));
    }
    return Hierarchy::fromRows(name, std::move(rows));
}

}  // namespace veil::hierarchy
