// Rect: an axis-aligned rectangle [x0, x1) x [y0, y1) in the plane, the cell shape of every
// spatial decomposition and the shape of a range-count query.
#pragma once

#include <algorithm>

namespace veil::spatial {

struct Rect {
    double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;

    double width() const { return x1 - x0; }
    double height() const { return y1 - y0; }
    double area() const { return width() * height(); }
    double lower(int dim) const { return dim == 0 ? x0 : y0; }
    double upper(int dim) const { return dim == 0 ? x1 : y1; }

    bool containsPoint(double x, double y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
    // True when `other` lies entirely inside this rectangle.
    bool containsRect(const Rect& other) const {
        return other.x0 >= x0 && other.x1 <= x1 && other.y0 >= y0 && other.y1 <= y1;
    }
    bool intersects(const Rect& other) const {
        return other.x0 < x1 && other.x1 > x0 && other.y0 < y1 && other.y1 > y0;
    }
    // Area of the intersection (0 when disjoint).
    double overlapArea(const Rect& other) const {
        const double w = std::min(x1, other.x1) - std::max(x0, other.x0);
        const double h = std::min(y1, other.y1) - std::max(y0, other.y0);
        return (w > 0.0 && h > 0.0) ? w * h : 0.0;
    }
    friend bool operator==(const Rect&, const Rect&) = default;
};

}  // namespace veil::spatial
