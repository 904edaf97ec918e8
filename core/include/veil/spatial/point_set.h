// PointSet: the sensitive input of a private spatial decomposition - one point per individual,
// in a public rectangular domain. Built from two numeric columns of a Table or from vectors.
// Neighbouring data sets differ by adding or removing one point.
#pragma once

#include "veil/common/status.h"
#include "veil/spatial/rect.h"
#include "veil/table/table.h"

#include <optional>
#include <string>
#include <vector>

namespace veil::spatial {

struct PointSet {
    std::vector<double> x;
    std::vector<double> y;
    // The public domain every decomposition partitions. Points lie inside it (see clampToDomain).
    Rect domain;
    // True when the domain was taken from the data's bounding box (not private: pass a domain).
    bool domainFromData = false;
    std::vector<std::string> warnings;

    std::size_t size() const { return x.size(); }
};

// Bounding box of the points, widened to a non-degenerate rectangle (width and height > 0;
// a zero extent becomes [v - 0.5, v + 0.5]) whose upper edges lie just above the largest
// coordinates so that every point is inside the half-open rectangle.
Rect boundingDomain(const std::vector<double>& x, const std::vector<double>& y);

// Builds a PointSet from coordinate vectors. Errors: sizes differ, a coordinate is NaN or
// infinite (message gives the row), an invalid domain. Points outside a given domain are clamped
// into it (a warning says how many). Without a domain, the bounding box is used (a warning says
// that this is not private). O(n).
Result<PointSet> makePointSet(std::vector<double> x, std::vector<double> y,
                              const std::optional<Rect>& domain = std::nullopt);

// Points from two numeric columns of a table (integer, real or date). Errors: unknown column,
// non-numeric column (names its type), missing values (names the first row). O(n).
Result<PointSet> pointsFromTable(const Table& table, const std::string& xColumn, const std::string& yColumn,
                                 const std::optional<Rect>& domain = std::nullopt);

// Number of points inside the half-open rectangle (exact, O(n)).
std::size_t countPointsIn(const PointSet& points, const Rect& rect);

}  // namespace veil::spatial
