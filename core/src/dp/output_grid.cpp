// A public output grid for continuous releases (Ilvento, CCS 2020: the exponential mechanism on a
// finite set of representable outputs).
#include "veil/dp/output_grid.h"

#include <algorithm>
#include <cmath>

namespace veil::dp {

namespace {
// The smallest power of two at least x (x > 0, finite).
double powerOfTwoAtLeast(double x) {
    int exponent = 0;
    const double mantissa = std::frexp(x, &exponent);  // x = mantissa 2^exponent, mantissa in [0.5, 1)
    return std::ldexp(1.0, mantissa == 0.5 ? exponent - 1 : exponent);
}
}  // namespace

OutputGrid::OutputGrid(double lower, double upper)
    : m_step(powerOfTwoAtLeast(
          std::max({std::ldexp(upper - lower, -40), std::ldexp(std::max(std::fabs(lower), std::fabs(upper)), -52),
                    std::ldexp(1.0, -1000)}))) {}

// x / step is exact (a power of two, |x| / step <= 2^52 and far from the subnormals).
std::int64_t OutputGrid::firstIndexAtOrAbove(double x) const {
    return static_cast<std::int64_t>(std::ceil(x / m_step));
}

std::uint64_t OutputGrid::countIn(double a, double b) const {
    return b > a ? static_cast<std::uint64_t>(firstIndexAtOrAbove(b) - firstIndexAtOrAbove(a)) : 0;
}

double OutputGrid::uniformIn(RandomSource& rng, double a, double b) const {
    const std::uint64_t k = rng.uniformBelow(countIn(a, b));
    return static_cast<double>(firstIndexAtOrAbove(a) + static_cast<std::int64_t>(k)) * m_step;
}

}  // namespace veil::dp
