// Column: one typed, immutable column of a Table. Storage is columnar: int64 for integers,
// double for reals, int32 days since 1970-01-01 for dates, int32 codes into a dictionary for
// categorical values, and one character buffer with offsets for free text. Missing values are
// tracked in a separate mask for every type.
//
// Lossless: an integer, real or date column whose file text is not the canonical rendering of the
// parsed value ("+5", "1.50", "2024/01/05"), or that holds text that did not parse under a type the
// user chose, also keeps the original text of every cell. toString() and exports then give the
// file's text back, and a type change re-derives from it (originalText), never from the number.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace veil {

enum class ColumnType { Integer, Real, Date, Categorical, Text };
enum class AttributeRole { Identifier, QuasiIdentifier, Sensitive, Insensitive };

const char* columnTypeName(ColumnType type);  // "integer", "real", "date", "categorical", "text"
std::optional<ColumnType> parseColumnType(std::string_view name);
const char* attributeRoleName(AttributeRole role);  // "identifier", "quasi-identifier", "sensitive", "insensitive"
std::optional<AttributeRole> parseAttributeRole(std::string_view name);

inline bool isNumericType(ColumnType t) {
    return t == ColumnType::Integer || t == ColumnType::Real || t == ColumnType::Date;
}

class Column {
public:
    class Builder;

    const std::string& name() const { return m_name; }
    ColumnType type() const { return m_type; }
    std::size_t size() const { return m_size; }
    bool isMissing(std::size_t row) const { return !m_missing.empty() && m_missing[row] != 0; }
    std::size_t missingCount() const { return m_missingCount; }

    // Typed access; the caller checks type() first. Values at missing rows are unspecified.
    std::int64_t integerAt(std::size_t row) const { return m_ints[row]; }
    double realAt(std::size_t row) const { return m_reals[row]; }
    std::int32_t dateAt(std::size_t row) const { return m_dates[row]; }
    std::int32_t codeAt(std::size_t row) const { return m_codes[row]; }  // -1 when missing
    std::string_view textAt(std::size_t row) const {
        return std::string_view(m_text.data() + m_offsets[row], m_offsets[row + 1] - m_offsets[row]);
    }
    const std::vector<std::string>& dictionary() const { return m_dictionary; }

    // Integer, real and date columns as a double (dates: days since epoch). NaN when missing.
    double numericAt(std::size_t row) const;
    // The value as text ("" when missing): integers in decimal, reals shortest round-trip,
    // dates ISO 8601, categorical and text verbatim.
    std::string toString(std::size_t row) const;
    // Categorical: the dictionary value; text: the text; others: toString.
    std::string_view stringViewAt(std::size_t row, std::string& scratch) const;
    // The cell as the file gave it: also the missing-value token ("NA", "?") of a missing cell, and
    // the text of a cell that is missing because it did not parse under a type the user chose.
    // Exports write this, so untouched columns come out as they came in.
    std::string_view originalText(std::size_t row, std::string& scratch) const;
    // True when the column keeps the original text of its cells (see above).
    bool keepsOriginalText() const { return !m_rawOffsets.empty(); }

    // Raw arrays for fast loops.
    const std::vector<std::int64_t>& integers() const { return m_ints; }
    const std::vector<double>& reals() const { return m_reals; }
    const std::vector<std::int32_t>& dates() const { return m_dates; }
    const std::vector<std::int32_t>& codes() const { return m_codes; }
    // One byte per row, non-zero when missing; empty when nothing is missing.
    const std::vector<std::uint8_t>& missingMask() const { return m_missing; }

    std::size_t memoryBytes() const;

    // One column holding the rows of `parts` in order (same name and type; dictionaries, missing
    // tokens and original texts are merged). Each part is released once copied, so the peak
    // memory is about one column more than the parts.
    static std::shared_ptr<const Column> concatenate(std::vector<std::shared_ptr<const Column>> parts);

private:
    Column() = default;
    std::string m_name;
    ColumnType m_type = ColumnType::Text;
    std::size_t m_size = 0;
    std::size_t m_missingCount = 0;
    std::vector<std::uint8_t> m_missing;  // empty when nothing is missing
    std::vector<std::int64_t> m_ints;
    std::vector<double> m_reals;
    std::vector<std::int32_t> m_dates;
    std::vector<std::int32_t> m_codes;
    std::vector<std::string> m_dictionary;
    std::string m_text;
    std::vector<std::uint64_t> m_offsets;
    std::vector<std::string> m_missingTokens;  // m_missing[row] = 2 + k: missing, written as token k
    std::string m_raw;                         // original cell text of numeric and date columns ...
    std::vector<std::uint64_t> m_rawOffsets;   // ... empty when every cell is canonical
    std::string canonicalText(std::size_t row) const;
    std::vector<std::uint8_t> mergeMissingTokens(const std::vector<std::string>& tokens);
    std::string_view rawAt(std::size_t row) const {
        return std::string_view(m_raw.data() + m_rawOffsets[row], m_rawOffsets[row + 1] - m_rawOffsets[row]);
    }
};

// Builds a Column value by value. For categorical columns, appendCategory() interns strings.
class Column::Builder {
public:
    Builder(std::string name, ColumnType type, std::size_t reserve = 0);
    ~Builder();
    Builder(Builder&&) noexcept;
    Builder& operator=(Builder&&) noexcept;

    void appendMissing();
    void appendMissingToken(std::string_view token);  // missing, written as token ("NA") on export
    void appendInteger(std::int64_t v);
    void appendReal(double v);
    void appendDate(std::int32_t daysSinceEpoch);
    void appendCategory(std::string_view v);
    void appendCode(std::int32_t code);  // with a dictionary given by setDictionary
    // appendCode(remap[k]) for each k of `codes`, in one step; every k in [0, remap.size()).
    void appendRemappedCodes(std::span<const std::int32_t> codes, std::span<const std::int32_t> remap);
    // The values of `from` at `rows`, in one step: `from` has this column's type (integer, real or
    // date), nothing missing and no original text kept.
    void appendRowsOf(const Column& from, std::span<const std::int32_t> rows);
    void setDictionary(std::vector<std::string> dictionary);
    void appendText(std::string_view v);
    // Appends the textual value parsed according to the column type; returns false if it does not
    // parse. The text is kept when it is not the value's canonical rendering. On false nothing is
    // appended; appendUnparsed then records the cell as missing with its text kept.
    bool appendParsed(std::string_view text);
    void appendUnparsed(std::string_view text);

    std::size_t size() const;
    std::shared_ptr<const Column> finish();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// Day number <-> ISO date helpers (proleptic Gregorian).
std::int32_t daysFromCivil(int year, unsigned month, unsigned day);
void civilFromDays(std::int32_t days, int& year, unsigned& month, unsigned& day);
std::string formatIsoDate(std::int32_t days);
// Accepts YYYY-MM-DD (and YYYY/MM/DD); false if not a valid date.
bool parseIsoDate(std::string_view text, std::int32_t& days);

// Convert a column to another type (user override), from each cell's original text. Values that do
// not parse become missing (their text is kept, so converting back restores them) and are counted
// in *unparsed.
std::shared_ptr<const Column> convertColumn(const Column& column, ColumnType target, std::size_t* unparsed = nullptr);

}  // namespace veil
