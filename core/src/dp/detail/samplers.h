// Exact and floating-point-safe noise samplers. PRIVATE to the dp module: everything else draws
// noise through a mechanism (laplace_mechanism.h, gaussian_mechanism.h, geometric_mechanism.h),
// which validates its parameters at construction.
// - Bernoulli(exp(-gamma)), discrete Laplace and discrete Gaussian are exact: the laws of Canonne,
//   Kamath, Steinke, "The Discrete Gaussian for Differential Privacy", NeurIPS 2020 (Algorithms
//   1-3), drawn in O(1) random words by inversion with certified bounds and lazy uniforms
//   (exact_bernoulli.h, exact_geometric.h; docs/algorithms/exact_samplers.md).
// - Continuous outputs avoid Mironov's floating-point attack (CCS 2012) by snapping: the value is
//   rounded to a power-of-two granularity g and integer-valued discrete noise on the lattice g*Z
//   is added (the approach of Google's differential-privacy library); the caller's sensitivity is
//   widened by g where the rounding can move neighbouring values apart.
// Every sampler refuses a scale or value outside the supported range (veil/dp/privacy.h:
// kMinNoiseScale..kMaxNoiseScale, |value| <= kMaxReleasedMagnitude, geometric scale <=
// kMaxGeometricScale) with an error; none ever returns its input unchanged.
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"

#include <cstdint>
#include <span>

namespace veil::dp::detail {

// Exactly Bernoulli(exp(-gamma)) for rational gamma = num/den >= 0 (CKS20 Algorithm 1).
bool sampleBernoulliExpNeg(RandomSource& rng, std::uint64_t num, std::uint64_t den);

// Two-sided geometric / discrete Laplace on Z with P(x) proportional to exp(-|x| * den / num),
// i.e. scale t = num/den (the law of CKS20 Algorithm 2). Precondition: num, den > 0.
std::int64_t sampleDiscreteLaplace(RandomSource& rng, std::uint64_t num, std::uint64_t den);

// Discrete Gaussian on Z with variance parameter sigma^2 = num/den (CKS20 Algorithm 3).
// Precondition: num, den > 0.
std::int64_t sampleDiscreteGaussian(RandomSource& rng, std::uint64_t num, std::uint64_t den);

// Granularity for snapping: the smallest power of two >= scale * 2^-40 (so the lattice is far
// finer than the noise). Precondition: scale in [kMinNoiseScale, kMaxNoiseScale].
double snappingGranularity(double scale);

// Laplace noise of scale b on the lattice g*Z, g = snappingGranularity(b): value rounded to g
// plus g * DiscreteLaplace(b / g). Errors: b or value outside the supported range, not finite.
Result<double> addSnappedLaplace(RandomSource& rng, double value, double scale);

// The lattice of a Laplace scale b, worked out once for many draws: g and b / g = num / den.
struct LaplaceLattice {
    double granularity = 0.0;
    std::uint64_t num = 0;
    int shift = 0;  // b / g = num / 2^shift
    std::uint64_t den() const { return std::uint64_t(1) << shift; }
};
// Errors: b outside the supported range (as addSnappedLaplace).
Result<LaplaceLattice> laplaceLattice(double scale);
// The lattice g * Z given (a power of two) for a scale b, rounded up to 40 significant bits and to
// a multiple of g / 2^12. b / g must lie in [2^-20, 2^41). Errors: it does not (the message shows
// no value: b may depend on the data).
Result<LaplaceLattice> laplaceLatticeOn(double scale, double granularity);
// addSnappedLaplace with the lattice of its scale; the same draws. Errors: value out of range.
Result<double> addSnappedLaplace(RandomSource& rng, double value, const LaplaceLattice& lattice);
// addSnappedLaplace on every value, in place, with one buffer of random words and bits for all:
// each value gets the same noise distribution; the draws differ from one call per value. Errors
// (before any value is changed): a value out of range.
Status addSnappedLaplaceToAll(RandomSource& rng, std::span<double> values, const LaplaceLattice& lattice);

// Gaussian noise of standard deviation sigma on the lattice g*Z, g = snappingGranularity(sigma).
// Errors as addSnappedLaplace.
Result<double> addSnappedGaussian(RandomSource& rng, double value, double sigma);

// Integer-valued noise for counts: value + DiscreteLaplace(scale) (geometric mechanism, alpha =
// exp(-1/scale)); scale may be fractional (represented as a rational >= scale). Errors: scale not
// in (0, kMaxGeometricScale]; the noisy value does not fit in 64 bits.
Result<std::int64_t> addGeometricNoise(RandomSource& rng, std::int64_t value, double scale);

// Writes a rational num/den >= x (equal whenever x is representable with a 64-bit numerator and a
// power-of-two denominator <= 2^62; otherwise rounded up, i.e. more noise). False for x <= 0,
// NaN, infinity or x >= 2^62.
bool toRationalAtLeast(double x, std::uint64_t& num, std::uint64_t& den);

// The Laplace scale to pass to addSnappedLaplace for a query of the given sensitivity at epsilon:
// (sensitivity + g) / epsilon with g = snappingGranularity of that scale (rounding to the lattice
// moves two neighbouring values apart by at most g more than the sensitivity). Infinite or zero
// when the inputs leave the supported range (the caller's validation then refuses it).
double snappedLaplaceScale(double sensitivity, double epsilon);

}  // namespace veil::dp::detail
