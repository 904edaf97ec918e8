// The public grid of a continuous release over declared bounds (the exponential mechanism's
// quantiles and medians): its outputs are grid points, not doubles reached by arithmetic on the
// data's values, whose low bits would tell the data apart (Mironov, CCS 2012; Ilvento, CCS 2020).
#pragma once

#include "veil/common/random.h"

#include <cstdint>

namespace veil::dp {

class OutputGrid {
public:
    // The multiples of the smallest power of two at least (upper - lower) 2^-40 and max(|lower|,
    // |upper|) 2^-52: about 2^40 points over the range, each a double. lower <= upper, finite.
    OutputGrid(double lower, double upper);

    double step() const { return m_step; }
    // The grid points in [a, b), for lower <= a <= b <= upper.
    std::uint64_t countIn(double a, double b) const;
    // One grid point of [a, b) uniformly at random (countIn(a, b) > 0).
    double uniformIn(RandomSource& rng, double a, double b) const;

private:
    std::int64_t firstIndexAtOrAbove(double x) const;
    double m_step;
};

}  // namespace veil::dp
