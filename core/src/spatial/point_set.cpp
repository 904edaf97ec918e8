// PointSet construction and validation.
#include "veil/spatial/point_set.h"

#include "veil/common/validate.h"

#include <cmath>
#include <limits>

namespace veil::spatial {

namespace {

double nextUp(double v) { return std::nextafter(v, std::numeric_limits<double>::infinity()); }

Status validateDomain(const Rect& d) {
    for (double v : {d.x0, d.y0, d.x1, d.y1})
        if (!std::isfinite(v))
            return Status::invalidArgument("domain bounds must be finite (got " + formatNumber(v) + ")");
    if (!(d.x1 > d.x0) || !(d.y1 > d.y0))
        return Status::invalidArgument("domain must have positive width and height (got x " + formatNumber(d.x0) +
                                       ".." + formatNumber(d.x1) + ", y " + formatNumber(d.y0) + ".." +
                                       formatNumber(d.y1) + ")");
    return Status::ok();
}

}  // namespace

Rect boundingDomain(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.empty()) return Rect{0.0, 0.0, 1.0, 1.0};
    double minX = x[0], maxX = x[0], minY = y[0], maxY = y[0];
    for (std::size_t i = 1; i < x.size(); ++i) {
        minX = std::min(minX, x[i]);
        maxX = std::max(maxX, x[i]);
        minY = std::min(minY, y[i]);
        maxY = std::max(maxY, y[i]);
    }
    auto widen = [](double& lo, double& hi) {
        if (hi - lo <= 0.0) {
            lo -= 0.5;
            hi += 0.5;
        } else {
            // Half-open upper edge just above the maximum, relative to the extent.
            hi = std::max(nextUp(hi), hi + (hi - lo) * 1e-9);
        }
    };
    widen(minX, maxX);
    widen(minY, maxY);
    return Rect{minX, minY, maxX, maxY};
}

Result<PointSet> makePointSet(std::vector<double> x, std::vector<double> y, const std::optional<Rect>& domain) {
    if (x.size() != y.size())
        return Status::invalidArgument("x has " + std::to_string(x.size()) + " values but y has " +
                                       std::to_string(y.size()));
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!std::isfinite(x[i]) || !std::isfinite(y[i]))
            return Status::invalidArgument("point " + std::to_string(i + 1) + " has a non-finite coordinate (" +
                                           formatNumber(x[i]) + ", " + formatNumber(y[i]) + ")");
    }
    PointSet ps;
    if (domain) {
        VEIL_RETURN_IF_ERROR(validateDomain(*domain));
        ps.domain = *domain;
        const double maxX = std::nextafter(domain->x1, domain->x0);
        const double maxY = std::nextafter(domain->y1, domain->y0);
        std::size_t clamped = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            const double cx = std::clamp(x[i], domain->x0, maxX);
            const double cy = std::clamp(y[i], domain->y0, maxY);
            if (cx != x[i] || cy != y[i]) ++clamped;
            x[i] = cx;
            y[i] = cy;
        }
        if (clamped > 0)
            ps.warnings.push_back(std::to_string(clamped) + " point(s) outside the domain were clamped onto its edge");
    } else {
        ps.domain = boundingDomain(x, y);
        ps.domainFromData = true;
        ps.warnings.push_back(
            "the domain is the data's bounding box, which is not differentially private; "
            "give a public domain for a release");
    }
    ps.x = std::move(x);
    ps.y = std::move(y);
    return ps;
}

Result<PointSet> pointsFromTable(const Table& table, const std::string& xColumn, const std::string& yColumn,
                                 const std::optional<Rect>& domain) {
    std::vector<double> coords[2];
    const std::string names[2] = {xColumn, yColumn};
    for (int d = 0; d < 2; ++d) {
        auto index = table.columnIndex(names[d]);
        if (!index) return index.status();
        const Column& col = table.column(*index);
        if (table.rowCount() > 0 && !isNumericType(col.type()))
            return Status::invalidArgument("column '" + names[d] + "' is " + columnTypeName(col.type()) +
                                           ", not numeric: spatial points need two numeric columns");
        coords[d].resize(table.rowCount());
        if (table.rowCount() == 0) continue;  // no records: an empty point set (the type was not inferable)
        for (std::size_t r = 0; r < col.size(); ++r) {
            if (col.isMissing(r))
                return Status::invalidArgument("column '" + names[d] + "' has a missing value in data row " +
                                               std::to_string(r + 1));
            coords[d][r] = col.numericAt(r);
        }
    }
    auto ps = makePointSet(std::move(coords[0]), std::move(coords[1]), domain);
    if (!ps) return ps.status().withContext("columns '" + xColumn + "', '" + yColumn + "'");
    return ps;
}

std::size_t countPointsIn(const PointSet& points, const Rect& rect) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < points.size(); ++i) n += rect.containsPoint(points.x[i], points.y[i]) ? 1 : 0;
    return n;
}

}  // namespace veil::spatial
