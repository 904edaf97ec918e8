#include "veil/table/column.h"

#include "veil/common/validate.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace veil {

const char* columnTypeName(ColumnType type) {
    switch (type) {
        case ColumnType::Integer:
            return "integer";
        case ColumnType::Real:
            return "real";
        case ColumnType::Date:
            return "date";
        case ColumnType::Categorical:
            return "categorical";
        case ColumnType::Text:
            return "text";
    }
    return "text";
}

std::optional<ColumnType> parseColumnType(std::string_view name) {
    if (name == "integer" || name == "int") return ColumnType::Integer;
    if (name == "real" || name == "double" || name == "decimal") return ColumnType::Real;
    if (name == "date") return ColumnType::Date;
    if (name == "categorical" || name == "category") return ColumnType::Categorical;
    if (name == "text" || name == "string") return ColumnType::Text;
    return std::nullopt;
}

const char* attributeRoleName(AttributeRole role) {
    switch (role) {
        case AttributeRole::Identifier:
            return "identifier";
        case AttributeRole::QuasiIdentifier:
            return "quasi-identifier";
        case AttributeRole::Sensitive:
            return "sensitive";
        case AttributeRole::Insensitive:
            return "insensitive";
    }
    return "insensitive";
}

std::optional<AttributeRole> parseAttributeRole(std::string_view name) {
    if (name == "identifier" || name == "id") return AttributeRole::Identifier;
    if (name == "quasi-identifier" || name == "qi") return AttributeRole::QuasiIdentifier;
    if (name == "sensitive") return AttributeRole::Sensitive;
    if (name == "insensitive") return AttributeRole::Insensitive;
    return std::nullopt;
}

// --- dates (Howard Hinnant's days_from_civil / civil_from_days algorithms) ---
std::int32_t daysFromCivil(int y, unsigned m, unsigned d) {
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return std::int32_t(era * 146097 + int(doe) - 719468);
}

void civilFromDays(std::int32_t z0, int& year, unsigned& month, unsigned& day) {
    const int z = z0 + 719468;
    const int era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = unsigned(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int y = int(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    day = doy - (153 * mp + 2) / 5 + 1;
    month = mp < 10 ? mp + 3 : mp - 9;
    year = y + (month <= 2);
}

std::string formatIsoDate(std::int32_t days) {
    int y;
    unsigned m, d;
    civilFromDays(days, y, m, d);
    if (y < 0 || y > 9999) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", y, m, d);
        return buf;
    }
    std::string out = "0000-00-00";
    for (int i = 3; i >= 0; --i, y /= 10) out[std::size_t(i)] = char('0' + y % 10);
    out[5] = char('0' + m / 10);
    out[6] = char('0' + m % 10);
    out[8] = char('0' + d / 10);
    out[9] = char('0' + d % 10);
    return out;
}

bool parseIsoDate(std::string_view t, std::int32_t& days) {
    if (t.size() != 10) return false;
    const char sep = t[4];
    if ((sep != '-' && sep != '/') || t[7] != sep) return false;
    auto digits = [&](std::size_t from, std::size_t n, int& out) {
        out = 0;
        for (std::size_t i = from; i < from + n; ++i) {
            if (t[i] < '0' || t[i] > '9') return false;
            out = out * 10 + (t[i] - '0');
        }
        return true;
    };
    int y, m, d;
    if (!digits(0, 4, y) || !digits(5, 2, m) || !digits(8, 2, d)) return false;
    if (m < 1 || m > 12 || d < 1) return false;
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    const int maxd = mdays[m - 1] + (m == 2 && leap ? 1 : 0);
    if (d > maxd) return false;
    days = daysFromCivil(y, unsigned(m), unsigned(d));
    return true;
}

// --- Column ---
double Column::numericAt(std::size_t row) const {
    if (isMissing(row)) return std::numeric_limits<double>::quiet_NaN();
    switch (m_type) {
        case ColumnType::Integer:
            return double(m_ints[row]);
        case ColumnType::Real:
            return m_reals[row];
        case ColumnType::Date:
            return double(m_dates[row]);
        default:
            return std::numeric_limits<double>::quiet_NaN();
    }
}

std::string Column::toString(std::size_t row) const {
    if (isMissing(row)) return {};
    if (!m_rawOffsets.empty()) return std::string(rawAt(row));
    return canonicalText(row);
}

std::string Column::canonicalText(std::size_t row) const {
    if (isMissing(row)) return {};
    switch (m_type) {
        case ColumnType::Integer:
            return std::to_string(m_ints[row]);
        case ColumnType::Real:
            return formatNumber(m_reals[row]);
        case ColumnType::Date:
            return formatIsoDate(m_dates[row]);
        case ColumnType::Categorical:
            return m_dictionary[std::size_t(m_codes[row])];
        case ColumnType::Text:
            return std::string(textAt(row));
    }
    return {};
}

std::string_view Column::stringViewAt(std::size_t row, std::string& scratch) const {
    if (isMissing(row)) return {};
    if (m_type == ColumnType::Categorical) return m_dictionary[std::size_t(m_codes[row])];
    if (m_type == ColumnType::Text) return textAt(row);
    scratch = toString(row);
    return scratch;
}

std::string_view Column::originalText(std::size_t row, std::string& scratch) const {
    if (!m_missing.empty() && m_missing[row] >= 2) return m_missingTokens[m_missing[row] - 2];
    if (!m_rawOffsets.empty()) return rawAt(row);
    return stringViewAt(row, scratch);
}

std::size_t Column::memoryBytes() const {
    std::size_t bytes = sizeof(Column) + m_missing.capacity() + m_ints.capacity() * 8 + m_reals.capacity() * 8 +
                        m_dates.capacity() * 4 + m_codes.capacity() * 4 + m_text.capacity() + m_offsets.capacity() * 8 +
                        m_raw.capacity() + m_rawOffsets.capacity() * 8;
    for (const auto& s : m_dictionary) bytes += sizeof(std::string) + (s.size() > 15 ? s.capacity() : 0);
    bytes += m_missingTokens.size() * sizeof(std::string);
    return bytes;
}

// --- Builder ---
struct Column::Builder::Impl {
    std::shared_ptr<Column> col;
    std::unordered_map<std::string, std::int32_t> intern;
    bool anyMissing = false;

    void markMissing(bool missing) {
        auto& c = *col;
        if (missing) {
            if (!anyMissing) {
                anyMissing = true;
                c.m_missing.assign(c.m_size, 0);
            }
            c.m_missing.push_back(1);
            ++c.m_missingCount;
        } else if (anyMissing) {
            c.m_missing.push_back(0);
        }
        ++c.m_size;
        if (keepRaw && rawPending) c.m_raw.append(c.canonicalText(c.m_size - 1));
        if (keepRaw) c.m_rawOffsets.push_back(c.m_raw.size());
    }

    // Starts keeping the original text: the rows so far were canonical, so their text is their
    // rendering.
    void startKeepingRaw() {
        auto& c = *col;
        keepRaw = true;
        c.m_rawOffsets.reserve(c.m_ints.capacity() + c.m_reals.capacity() + c.m_dates.capacity() + 1);
        c.m_rawOffsets.push_back(0);
        for (std::size_t r = 0; r < c.m_size; ++r) {
            c.m_raw.append(c.canonicalText(r));
            c.m_rawOffsets.push_back(c.m_raw.size());
        }
    }
    bool keepRaw = false;
    bool rawPending = true;  // markMissing appends the row's rendering unless appendParsed gives the text
};

namespace {

// The file text is the canonical rendering of the parsed value (what toString would print).
bool isCanonical(std::string_view text, ColumnType type, std::int64_t i, double d, std::int32_t days) {
    char buf[64];
    std::to_chars_result r{};
    switch (type) {
        case ColumnType::Integer:
            r = std::to_chars(buf, buf + sizeof buf, i);
            break;
        case ColumnType::Real:
            r = std::to_chars(buf, buf + sizeof buf, d);
            break;
        case ColumnType::Date:
            // parseIsoDate took four, two and two digits with one separator: canonical with '-'.
            (void)days;
            return text.size() == 10 && text[4] == '-' && text[7] == '-';
        default:
            return true;
    }
    return std::string_view(buf, std::size_t(r.ptr - buf)) == text;
}

}  // namespace

Column::Builder::Builder(std::string name, ColumnType type, std::size_t reserve) : m_impl(std::make_unique<Impl>()) {
    m_impl->col = std::shared_ptr<Column>(new Column);
    auto& c = *m_impl->col;
    c.m_name = std::move(name);
    c.m_type = type;
    switch (type) {
        case ColumnType::Integer:
            c.m_ints.reserve(reserve);
            break;
        case ColumnType::Real:
            c.m_reals.reserve(reserve);
            break;
        case ColumnType::Date:
            c.m_dates.reserve(reserve);
            break;
        case ColumnType::Categorical:
            c.m_codes.reserve(reserve);
            break;
        case ColumnType::Text:
            c.m_offsets.reserve(reserve + 1);
            c.m_offsets.push_back(0);
            break;
    }
}
Column::Builder::~Builder() = default;
Column::Builder::Builder(Builder&&) noexcept = default;
Column::Builder& Column::Builder::operator=(Builder&&) noexcept = default;

void Column::Builder::appendMissing() {
    auto& c = *m_impl->col;
    switch (c.m_type) {
        case ColumnType::Integer:
            c.m_ints.push_back(0);
            break;
        case ColumnType::Real:
            c.m_reals.push_back(std::numeric_limits<double>::quiet_NaN());
            break;
        case ColumnType::Date:
            c.m_dates.push_back(0);
            break;
        case ColumnType::Categorical:
            c.m_codes.push_back(-1);
            break;
        case ColumnType::Text:
            c.m_offsets.push_back(c.m_text.size());
            break;
    }
    m_impl->markMissing(true);
}

void Column::Builder::appendMissingToken(std::string_view token) {
    auto& c = *m_impl->col;
    appendMissing();
    if (token.empty()) return;
    auto it = std::find(c.m_missingTokens.begin(), c.m_missingTokens.end(), token);
    if (it == c.m_missingTokens.end()) {
        if (c.m_missingTokens.size() >= 250) return;  // m_missing is one byte per row
        it = c.m_missingTokens.emplace(c.m_missingTokens.end(), token);
    }
    c.m_missing.back() = std::uint8_t(2 + (it - c.m_missingTokens.begin()));
}

void Column::Builder::appendInteger(std::int64_t v) {
    m_impl->col->m_ints.push_back(v);
    m_impl->markMissing(false);
}
void Column::Builder::appendReal(double v) {
    if (std::isnan(v)) return appendMissing();
    m_impl->col->m_reals.push_back(v);
    m_impl->markMissing(false);
}
void Column::Builder::appendDate(std::int32_t d) {
    m_impl->col->m_dates.push_back(d);
    m_impl->markMissing(false);
}
void Column::Builder::appendCategory(std::string_view v) {
    auto& c = *m_impl->col;
    auto [it, inserted] = m_impl->intern.try_emplace(std::string(v), std::int32_t(c.m_dictionary.size()));
    if (inserted) c.m_dictionary.emplace_back(v);
    c.m_codes.push_back(it->second);
    m_impl->markMissing(false);
}
void Column::Builder::appendCode(std::int32_t code) {
    if (code < 0) return appendMissing();
    m_impl->col->m_codes.push_back(code);
    m_impl->markMissing(false);
}
void Column::Builder::appendRemappedCodes(std::span<const std::int32_t> codes, std::span<const std::int32_t> remap) {
    auto& c = *m_impl->col;
    if (m_impl->keepRaw) {
        for (const std::int32_t code : codes) appendCode(remap[std::size_t(code)]);
        return;
    }
    const std::size_t from = c.m_codes.size();
    c.m_codes.resize(from + codes.size());
    std::int32_t* out = c.m_codes.data() + from;
    for (std::size_t i = 0; i < codes.size(); ++i) out[i] = remap[std::size_t(codes[i])];
    if (m_impl->anyMissing) c.m_missing.resize(c.m_missing.size() + codes.size(), 0);
    c.m_size += codes.size();
}

namespace {

template <typename T>
void gather(std::vector<T>& out, const std::vector<T>& values, std::span<const std::int32_t> rows) {
    const std::size_t from = out.size();
    out.resize(from + rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) out[from + i] = values[std::size_t(rows[i])];
}

}  // namespace

void Column::Builder::appendRowsOf(const Column& from, std::span<const std::int32_t> rows) {
    auto& c = *m_impl->col;
    assert(from.m_type == c.m_type && isNumericType(c.m_type) && from.m_missingCount == 0 && !from.keepsOriginalText());
    if (m_impl->keepRaw) {  // each cell's text is kept: appended one at a time
        for (const std::int32_t row : rows) {
            if (c.m_type == ColumnType::Integer)
                appendInteger(from.integerAt(std::size_t(row)));
            else if (c.m_type == ColumnType::Real)
                appendReal(from.realAt(std::size_t(row)));
            else
                appendDate(from.dateAt(std::size_t(row)));
        }
        return;
    }
    if (c.m_type == ColumnType::Integer)
        gather(c.m_ints, from.m_ints, rows);
    else if (c.m_type == ColumnType::Real)
        gather(c.m_reals, from.m_reals, rows);
    else
        gather(c.m_dates, from.m_dates, rows);
    if (m_impl->anyMissing) c.m_missing.resize(c.m_missing.size() + rows.size(), 0);
    c.m_size += rows.size();
}

void Column::Builder::setDictionary(std::vector<std::string> dictionary) {
    auto& c = *m_impl->col;
    c.m_dictionary = std::move(dictionary);
    m_impl->intern.clear();
    for (std::size_t i = 0; i < c.m_dictionary.size(); ++i) m_impl->intern.emplace(c.m_dictionary[i], std::int32_t(i));
}
void Column::Builder::appendText(std::string_view v) {
    auto& c = *m_impl->col;
    c.m_text.append(v);
    c.m_offsets.push_back(c.m_text.size());
    m_impl->markMissing(false);
}

bool Column::Builder::appendParsed(std::string_view t) {
    if (t.empty()) {
        appendMissing();
        return true;
    }
    const ColumnType type = m_impl->col->m_type;
    std::int64_t i = 0;
    double d = 0;
    std::int32_t days = 0;
    switch (type) {
        case ColumnType::Integer: {
            const char* b = t.data() + (t[0] == '+' ? 1 : 0);
            auto r = std::from_chars(b, t.data() + t.size(), i);
            if (r.ec != std::errc() || r.ptr != t.data() + t.size()) return false;
            break;
        }
        case ColumnType::Real: {
            const char* b = t.data() + (t[0] == '+' ? 1 : 0);
            auto r = std::from_chars(b, t.data() + t.size(), d);
            if (r.ec != std::errc() || r.ptr != t.data() + t.size() || !std::isfinite(d)) return false;
            break;
        }
        case ColumnType::Date:
            if (!parseIsoDate(t, days)) return false;
            break;
        case ColumnType::Categorical:
            appendCategory(t);
            return true;
        case ColumnType::Text:
            appendText(t);
            return true;
    }
    if (!m_impl->keepRaw && !isCanonical(t, type, i, d, days)) m_impl->startKeepingRaw();
    if (m_impl->keepRaw) {
        m_impl->col->m_raw.append(t);
        m_impl->rawPending = false;
    }
    if (type == ColumnType::Integer)
        appendInteger(i);
    else if (type == ColumnType::Real)
        appendReal(d);
    else
        appendDate(days);
    m_impl->rawPending = true;
    return true;
}

void Column::Builder::appendUnparsed(std::string_view t) {
    const ColumnType type = m_impl->col->m_type;
    if (type == ColumnType::Categorical || type == ColumnType::Text) {
        appendParsed(t);
        return;
    }
    if (!m_impl->keepRaw) m_impl->startKeepingRaw();
    m_impl->col->m_raw.append(t);
    m_impl->rawPending = false;
    appendMissing();
    m_impl->rawPending = true;
}

std::size_t Column::Builder::size() const { return m_impl->col->m_size; }

std::shared_ptr<const Column> Column::Builder::finish() {
    auto col = std::move(m_impl->col);
    m_impl->intern.clear();
    m_impl->col = nullptr;
    col->m_ints.shrink_to_fit();
    col->m_reals.shrink_to_fit();
    col->m_dates.shrink_to_fit();
    col->m_codes.shrink_to_fit();
    col->m_offsets.shrink_to_fit();
    col->m_rawOffsets.shrink_to_fit();
    return col;
}

std::shared_ptr<const Column> convertColumn(const Column& column, ColumnType target, std::size_t* unparsed) {
    Column::Builder b(column.name(), target, column.size());
    std::size_t bad = 0;
    std::string scratch;
    for (std::size_t i = 0; i < column.size(); ++i) {
        const std::string_view v = column.originalText(i, scratch);
        if (v.empty()) {
            b.appendMissing();
        } else if (!b.appendParsed(v)) {
            b.appendUnparsed(v);
            ++bad;
        }
    }
    if (unparsed) *unparsed = bad;
    return b.finish();
}

}  // namespace veil
