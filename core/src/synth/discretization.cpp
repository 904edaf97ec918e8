// Public discretization and decoding for synthetic tables (see discretization.h).
#include "veil/synth/discretization.h"

#include "veil/common/limits.h"
#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <unordered_map>

namespace veil::synth {

AttributeDomain binsDomain(const std::string& column, double lower, double upper, std::size_t bins,
                           const std::string& source) {
    AttributeDomain d;
    d.column = column;
    d.kind = AttributeDomain::Kind::NumericBins;
    d.lower = lower;
    d.upper = upper;
    d.bins = bins;
    d.source = source;
    return d;
}

AttributeDomain categoriesDomain(const std::string& column, std::vector<std::string> categories,
                                 const std::string& source) {
    AttributeDomain d;
    d.column = column;
    d.categories = std::move(categories);
    d.source = source;
    return d;
}

AttributeDomain teachingDictionaryDomain(const std::string& column, const Column& values) {
    auto categories = values.dictionary();
    std::sort(categories.begin(), categories.end());
    AttributeDomain d = categoriesDomain(column, std::move(categories), "the data's dictionary (teaching mode)");
    d.fromData = true;
    return d;
}

Result<double> parseDomainBound(std::string_view text, bool* isDate) {
    if (isDate) *isDate = false;
    const std::string s(text);
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (!s.empty() && *end == '\0' && std::isfinite(v)) return v;
    std::int32_t days = 0;
    if (s.size() == 10 && parseIsoDate(s, days)) {
        if (isDate) *isDate = true;
        return static_cast<double>(days);
    }
    return Status::invalidArgument("'" + s + "' is not a number or an ISO date (YYYY-MM-DD)");
}

std::string AttributeDomain::label(std::size_t code) const {
    if (code == otherCode()) return "(missing or other)";
    if (kind == Kind::Categories) return code < categories.size() ? categories[code] : std::string();
    const double width = (upper - lower) / static_cast<double>(bins);
    const double lo = lower + width * static_cast<double>(code);
    const bool last = code + 1 == bins;
    const double hi = last ? upper : lo + width;
    if (dateBounds) {  // the days d with lo <= d < hi (d <= upper in the last bin)
        const auto day = [](double d) { return formatIsoDate(static_cast<std::int32_t>(d)); };
        return "[" + day(std::ceil(lo)) + ", " + day(last ? std::floor(hi) : std::ceil(hi)) + (last ? "]" : ")");
    }
    return "[" + formatNumber(lo) + ", " + formatNumber(hi) + (last ? "]" : ")");
}

nlohmann::json AttributeDomain::toJson() const {
    nlohmann::json j;
    j["column"] = column;
    j["source"] = source;
    if (kind == Kind::NumericBins) {
        j["kind"] = "bins";
        if (dateBounds)
            j["bounds"] = {formatIsoDate(static_cast<std::int32_t>(lower)),
                           formatIsoDate(static_cast<std::int32_t>(upper))};
        else
            j["bounds"] = {lower, upper};
        j["bins"] = bins;
    } else {
        j["kind"] = "categories";
        j["categories"] = categories;
        j["from_data"] = fromData;
    }
    return j;
}

Status validateDomain(const AttributeDomain& d) {
    if (d.column.empty()) return Status::invalidArgument("a synthetic-data column has an empty name");
    const std::string where = "column '" + d.column + "'";
    if (d.kind == AttributeDomain::Kind::NumericBins) {
        VEIL_RETURN_IF_ERROR(requireFinite(d.lower, "lower bound of " + where));
        VEIL_RETURN_IF_ERROR(requireFinite(d.upper, "upper bound of " + where));
        if (!(d.lower < d.upper))
            return Status::invalidArgument("bounds of " + where + ": lower " + formatNumber(d.lower) +
                                           " must be below upper " + formatNumber(d.upper));
        if (d.bins == 0 || d.bins > limits::kMaxHistogramBins)
            return Status::invalidArgument("bins of " + where + ": " + std::to_string(d.bins) + " is not in [1, " +
                                           std::to_string(limits::kMaxHistogramBins) + "]");
        return Status::ok();
    }
    if (d.categories.empty()) return Status::invalidArgument("categories of " + where + ": none declared");
    return requireDistinct(d.categories, "categories of " + where);
}

namespace {

Result<std::vector<std::int32_t>> numericCodes(const Column& col, const AttributeDomain& d) {
    if (!isNumericType(col.type()))
        return Status::invalidArgument("column '" + d.column + "' is " + columnTypeName(col.type()) +
                                       ": --bins/--bounds need a numeric column (declare its categories instead)");
    if (d.dateBounds && col.type() != ColumnType::Date)
        return Status::invalidArgument("column '" + d.column + "' is " + columnTypeName(col.type()) +
                                       ": its bounds are dates, which only a date column takes");
    std::vector<std::int32_t> codes(col.size(), 0);
    const double width = (d.upper - d.lower) / static_cast<double>(d.bins);
    for (std::size_t r = 0; r < col.size(); ++r) {
        const double v = col.numericAt(r);
        if (std::isnan(v)) {
            codes[r] = static_cast<std::int32_t>(d.otherCode());
            continue;
        }
        const double b = std::floor((std::clamp(v, d.lower, d.upper) - d.lower) / width);
        codes[r] = static_cast<std::int32_t>(std::clamp(b, 0.0, static_cast<double>(d.bins - 1)));
    }
    return codes;
}

Result<std::vector<std::int32_t>> categoryCodes(const Column& col, const AttributeDomain& d) {
    if (col.type() != ColumnType::Categorical && col.type() != ColumnType::Text)
        return Status::invalidArgument("column '" + d.column + "' is " + columnTypeName(col.type()) +
                                       ": give it --bins and --bounds (categories are for text columns)");
    std::unordered_map<std::string, std::int32_t> index;
    for (std::size_t i = 0; i < d.categories.size(); ++i) index.emplace(d.categories[i], static_cast<std::int32_t>(i));
    std::vector<std::int32_t> codes(col.size(), 0);
    std::string scratch;
    for (std::size_t r = 0; r < col.size(); ++r) {
        const auto it = col.isMissing(r) ? index.end() : index.find(std::string(col.stringViewAt(r, scratch)));
        codes[r] = it == index.end() ? static_cast<std::int32_t>(d.otherCode()) : it->second;
    }
    return codes;
}

}  // namespace

Result<Discretized> discretize(const Table& table, const std::vector<AttributeDomain>& domains) {
    if (domains.empty()) return Status::invalidArgument("columns: no column to synthesize");
    std::vector<std::vector<std::int32_t>> all;
    DiscreteTable out;
    for (const auto& d : domains) {
        VEIL_RETURN_IF_ERROR(validateDomain(d));
        if (std::find(out.names.begin(), out.names.end(), d.column) != out.names.end())
            return Status::invalidArgument("columns: '" + d.column + "' is listed twice");
        auto idx = table.columnIndex(d.column);
        if (!idx) return idx.status();
        const Column& col = table.column(*idx);
        auto codes = d.kind == AttributeDomain::Kind::NumericBins ? numericCodes(col, d) : categoryCodes(col, d);
        if (!codes) return codes.status();
        all.push_back(std::move(*codes));
        out.names.push_back(d.column);
        out.sizes.push_back(d.codeCount());
    }
    Discretized result;
    for (std::size_t r = 0; r < table.rowCount(); ++r)
        for (std::size_t j = 0; j < all.size(); ++j)
            if (static_cast<std::size_t>(all[j][r]) == domains[j].otherCode()) {
                ++result.otherRows;
                break;
            }
    out.codes = std::move(all);
    result.table = std::move(out);
    return result;
}

Table decode(const DiscreteTable& codes, const std::vector<AttributeDomain>& domains,
             const std::vector<ColumnType>& types, RandomSource& random) {
    std::vector<std::shared_ptr<const Column>> columns;
    const std::size_t n = codes.rowCount();
    for (std::size_t j = 0; j < domains.size(); ++j) {
        const auto& d = domains[j];
        const ColumnType type = j < types.size() ? types[j] : ColumnType::Real;
        const bool isInt = type == ColumnType::Integer || type == ColumnType::Date;
        if (d.kind == AttributeDomain::Kind::Categories) {
            Column::Builder b(d.column, ColumnType::Categorical, n);
            b.setDictionary(d.categories);
            for (std::size_t r = 0; r < n; ++r) {
                const auto code = static_cast<std::size_t>(codes.codes[j][r]);
                b.appendCode(code == d.otherCode() ? -1 : static_cast<std::int32_t>(code));
            }
            columns.push_back(b.finish());
            continue;
        }
        Column::Builder b(d.column, isInt ? type : ColumnType::Real, n);
        const double width = (d.upper - d.lower) / static_cast<double>(d.bins);
        for (std::size_t r = 0; r < n; ++r) {
            if (static_cast<std::size_t>(codes.codes[j][r]) == d.otherCode()) {
                b.appendMissing();
                continue;
            }
            const double lo = d.lower + width * codes.codes[j][r];
            if (isInt) {
                // Integers whose value falls in [lo, lo + width) (the last bin also holds upper).
                const bool last = static_cast<std::size_t>(codes.codes[j][r]) + 1 == d.bins;
                const auto first = static_cast<std::int64_t>(std::ceil(lo));
                auto end = static_cast<std::int64_t>(last ? std::floor(d.upper) : std::ceil(lo + width) - 1);
                end = std::max(end, first);
                const auto v =
                    first + static_cast<std::int64_t>(random.uniformBelow(static_cast<std::uint64_t>(end - first + 1)));
                if (type == ColumnType::Date)
                    b.appendDate(static_cast<std::int32_t>(v));
                else
                    b.appendInteger(v);
            } else {
                b.appendReal(lo + width * random.uniform01());
            }
        }
        columns.push_back(b.finish());
    }
    return Table(std::move(columns));
}

Result<Discretized> discretizeForRelease(const Table& table, const std::vector<AttributeDomain>& domains,
                                         bool teaching) {
    for (const auto& dom : domains)
        if (dom.fromData && !teaching)
            return Status::invalidArgument("column '" + dom.column +
                                           "': categories read off the data are for teaching mode only; "
                                           "declare them (a hierarchy or a categories list)");
    return discretize(table, domains);
}

Table decodeLike(const DiscreteTable& codes, const Table& source, const std::vector<AttributeDomain>& domains,
                 RandomSource& random) {
    std::vector<ColumnType> types;
    types.reserve(domains.size());
    for (const auto& dom : domains) {
        auto idx = source.columnIndex(dom.column);
        types.push_back(idx ? source.column(*idx).type() : ColumnType::Real);
    }
    return decode(codes, domains, types, random);
}

}  // namespace veil::synth
