// Points for the spatial tests, from a seeded, non-private test generator.
#pragma once

#include "veil/common/random.h"
#include "veil/spatial/point_set.h"

#include <cstdint>
#include <vector>

namespace veil::spatial::test {

// Clustered points: a dense blob, a sparse background (a seeded, non-private test generator).
inline PointSet clusteredPoints(std::size_t n, std::uint64_t seed) {
    SeededRandom rng(seed);
    std::vector<double> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (i % 4 == 0) {
            x[i] = 100.0 * rng.uniform01();
            y[i] = 100.0 * rng.uniform01();
        } else {
            x[i] = 20.0 + 10.0 * rng.uniform01() * rng.uniform01();
            y[i] = 60.0 + 15.0 * rng.uniform01();
        }
    }
    return makePointSet(std::move(x), std::move(y), Rect{0, 0, 100, 100}).value();
}

}  // namespace veil::spatial::test
