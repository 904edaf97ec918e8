// Public discretization for synthetic tables (issue 17): every column is mapped onto a declared,
// finite domain before any private step. Numeric columns are cut into equal-width bins between
// declared bounds; categorical columns use declared categories (or a hierarchy's level-0 values).
// Nothing about the domain is read off the data, except in teaching mode where a categorical
// column may use its own dictionary (the domain then says so).
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"
#include "veil/table/table.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace veil::synth {

// The public domain of one column.
struct AttributeDomain {
    enum class Kind { NumericBins, Categories };
    std::string column;
    Kind kind = Kind::Categories;
    double lower = 0.0, upper = 0.0;      // NumericBins: declared bounds (values outside are clamped)
    std::size_t bins = 0;                 // NumericBins: equal-width bins
    std::vector<std::string> categories;  // Categories: declared values
    std::string source;                   // "declared bounds", "hierarchy adult_hierarchy_sex.csv", ...
    bool fromData = false;                // teaching only: the data's own dictionary
    bool dateBounds = false;              // NumericBins: bounds declared as ISO dates (their day numbers)

    // The declared values; code size() is one more, public, value: "missing or outside the declared
    // values", so that every row is kept (the row count stays the table's, public under replace-one
    // neighbouring, and no row's presence depends on its values).
    std::size_t size() const { return kind == Kind::NumericBins ? bins : categories.size(); }
    std::size_t codeCount() const { return size() + 1; }
    std::size_t otherCode() const { return size(); }
    std::string label(std::size_t code) const;  // "[17, 30)", the category, or "(missing or other)"
    nlohmann::json toJson() const;              // what the plan records
};

// A declared bound: a number, or an ISO date YYYY-MM-DD, read as its day number since 1970-01-01
// (*isDate set). Errors name the text.
Result<double> parseDomainBound(std::string_view text, bool* isDate = nullptr);

// Declared domains, as every caller builds them: equal-width bins between bounds, or categories.
// `source` says where they come from ("declared bounds and bins", "hierarchy FILE", ...).
AttributeDomain binsDomain(const std::string& column, double lower, double upper, std::size_t bins,
                           const std::string& source = "declared bounds and bins");
AttributeDomain categoriesDomain(const std::string& column, std::vector<std::string> categories,
                                 const std::string& source = "declared categories");
// TEACHING MODE ONLY: the column's own dictionary (sorted), marked fromData; a release refuses it.
AttributeDomain teachingDictionaryDomain(const std::string& column, const Column& values);

// Errors naming the field: an empty column name, bounds not finite or lower >= upper, bins 0 or
// above kMaxHistogramBins, no categories or a duplicated category.
Status validateDomain(const AttributeDomain& domain);

// A table of codes: column j holds values in [0, sizes[j]).
struct DiscreteTable {
    std::vector<std::string> names;
    std::vector<std::size_t> sizes;
    std::vector<std::vector<std::int32_t>> codes;  // codes[column][row]
    std::size_t rowCount() const { return codes.empty() ? 0 : codes.front().size(); }
};

struct Discretized {
    DiscreteTable table;
    std::size_t otherRows = 0;  // rows with a missing or undeclared value (teaching mode may report it)
};

// Maps the named columns of `table` onto `domains` (one per column, by name); a missing value or a
// category outside the declared ones takes the column's otherCode(), so no row is dropped. Errors: an unknown column; a
// numeric domain on a text/categorical column or categories on a numeric column (the message names the column); an
// invalid domain. Complexity: O(rows x columns).
Result<Discretized> discretize(const Table& table, const std::vector<AttributeDomain>& domains);
// discretize() for a release: categories read off the data (AttributeDomain::fromData) are refused
// unless `teaching` (they would make the output domain depend on the data).
Result<Discretized> discretizeForRelease(const Table& table, const std::vector<AttributeDomain>& domains,
                                         bool teaching);

// Turns codes back into a typed table: categories as categorical columns; numeric bins as a value
// drawn uniformly inside the bin; otherCode() as a missing cell (whole numbers for integer and date columns), with
// `random` (post-processing). `types[j]`: the type column j had (Integer, Date or Real for numeric bins).
Table decode(const DiscreteTable& codes, const std::vector<AttributeDomain>& domains,
             const std::vector<ColumnType>& types, RandomSource& random);
// decode() with each column's type taken from `source`, the table the codes were synthesized from.
Table decodeLike(const DiscreteTable& codes, const Table& source, const std::vector<AttributeDomain>& domains,
                 RandomSource& random);

}  // namespace veil::synth
