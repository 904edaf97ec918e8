// Exact discrete samplers and snapped continuous noise (Canonne, Kamath, Steinke 2020, Algs 1-3).
#include "dp/detail/samplers.h"

#include "dp/detail/discrete_laplace_batch.h"
#include "dp/detail/exact_bernoulli.h"
#include "dp/detail/exact_geometric.h"
#include "veil/common/validate.h"
#include "veil/dp/privacy.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <span>
#include <string.h>  // explicit_bzero

namespace veil::dp::detail {

namespace mp = boost::multiprecision;

bool sampleBernoulliExpNeg(RandomSource& rng, std::uint64_t num, std::uint64_t den) {
    if (den == 0) return false;  // gamma = infinity
    BitBuffer bits(rng);
    return bernoulliExpNeg(bits, num, den);
}

namespace {

// exp(-r/d) for 0 <= r <= d at `precision` bits: the alternating series sum_k (-1)^k (r/d)^k / k!
// with terms T_k = floor(T_{k-1} r / (d k)), T_0 = 2^precision, summed until one is 0. Each T_k is
// below the true term t_k by e_k <= e_{k-1} / k + 1 <= 2 units, and since the terms decrease
// (r <= d) the tail after the last term K is below t_K <= T_K + 2 = 2: the slack is 2K + 2.
void expNegFractionBounds(const BigUInt& r, const BigUInt& d, unsigned precision, BigUInt& lo, BigUInt& hi) {
    BigUInt term = BigUInt(1) << precision;
    BigUInt positive = term, negative = 0;
    std::uint64_t k = 0;
    while (term > 0) {
        ++k;
        term = term * r / (d * k);
        (k % 2 == 1 ? negative : positive) += term;
    }
    const BigUInt slack = BigUInt(2 * k + 2);
    const BigUInt sum = positive - negative;  // positive >= negative: the series is alternating
    lo = sum > slack ? BigUInt(sum - slack) : BigUInt(0);
    hi = sum + slack;
}

// ceil(x / 2^shift)
BigUInt shiftUp(const BigUInt& x, unsigned shift) {
    BigUInt q = x >> shift;
    if ((q << shift) != x) ++q;
    return q;
}

}  // namespace

void expNegBounds(const BigUInt& num, const BigUInt& den, unsigned bits, BigUInt& lo, BigUInt& hi) {
    const BigUInt whole = num / den;
    if (whole >= bits) {  // exp(-whole) < 2^-bits
        lo = 0;
        hi = 1;
        return;
    }
    constexpr unsigned kGuard = 16;  // covers the series' slack and the products' roundings
    const unsigned precision = bits + kGuard;
    expNegFractionBounds(num % den, den, precision, lo, hi);
    const auto units = whole.convert_to<unsigned>();
    if (units > 0) {
        BigUInt eLo, eHi;  // exp(-1)
        expNegFractionBounds(BigUInt(1), BigUInt(1), precision, eLo, eHi);
        for (unsigned i = 0; i < units; ++i) {
            lo = (lo * eLo) >> precision;
            hi = shiftUp(hi * eHi, precision);
        }
    }
    lo >>= kGuard;
    hi = shiftUp(hi, kGuard);
}

void WordCache::refill() {
    m_rng.fill(std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(m_words), sizeof m_words));
    m_next = 0;
}

WordCache::~WordCache() { explicit_bzero(m_words, sizeof m_words); }

std::int64_t sampleDiscreteLaplace(RandomSource& source, std::uint64_t num, std::uint64_t den) {
    if (num == 0 || den == 0) return 0;  // scale 0: no noise (callers validate scale > 0)
    BitBuffer rng(source);
    return exactDiscreteLaplace(rng, num, den);
}

std::int64_t sampleDiscreteGaussianExact(RandomSource& rng, const BigUInt& num, const BigUInt& den) {
    if (num == 0 || den == 0) return 0;
    // t = floor(sigma) + 1 where floor(sqrt(num/den)) = isqrt(floor(num/den)).
    const BigUInt t = mp::sqrt(BigUInt(num / den)) + 1;
    if (t > BigUInt(std::numeric_limits<std::uint64_t>::max() / 4)) return 0;  // outside supported range
    const std::uint64_t tSmall = t.convert_to<std::uint64_t>();
    const BigUInt denominator = BigUInt(2) * num * t * t * den;  // 2 sigma^2 t^2 den^2 / den
    for (;;) {
        // CKS20 Algorithm 3: Y ~ Lap_Z(t), accept with prob exp(-(|Y| - sigma^2/t)^2 / (2 sigma^2)).
        const std::int64_t y = sampleDiscreteLaplace(rng, tSmall, 1);
        const BigUInt absY = BigUInt(static_cast<std::uint64_t>(y < 0 ? -y : y));
        const BigUInt a = absY * t * den;
        const BigUInt diff = a > num ? BigUInt(a - num) : BigUInt(num - a);
        if (bernoulliExpNegBig(rng, diff * diff, denominator)) return y;
    }
}

std::int64_t sampleDiscreteGaussian(RandomSource& rng, std::uint64_t num, std::uint64_t den) {
    return sampleDiscreteGaussianExact(rng, BigUInt(num), BigUInt(den));
}

double snappingGranularity(double scale) {
    if (!(scale > 0.0) || !std::isfinite(scale)) return std::numeric_limits<double>::quiet_NaN();
    int exponent = 0;
    const double mantissa = std::frexp(scale, &exponent);  // scale = mantissa * 2^exponent
    // Smallest power of two >= scale * 2^-40.
    int e = (mantissa == 0.5) ? exponent - 1 - 40 : exponent - 40;
    if (e < -1074) e = -1074;
    return std::ldexp(1.0, e);
}

namespace {

// scale / g as an exact dyadic rational num / 2^shift (num < 2^53), g a power of two.
void latticeScale(double scale, double g, BigUInt& num, BigUInt& den) {
    int exponent = 0;
    const double mantissa = std::frexp(scale, &exponent);
    const auto m = static_cast<std::uint64_t>(std::ldexp(mantissa, 53));  // scale = m * 2^(exponent-53)
    int gExp = 0;
    std::frexp(g, &gExp);
    const int shift = (exponent - 53) - (gExp - 1);  // scale/g = m * 2^shift
    num = m;
    den = 1;
    if (shift >= 0)
        num <<= shift;
    else
        den <<= -shift;
}

// Same as latticeScale for the Laplace path, in 64 bits: with g >= scale * 2^-40 the ratio is
// below 2^41, so the shift is negative and den = 2^-shift (trailing zeros of m stripped) fits.
bool latticeScale64(double scale, double g, std::uint64_t& num, std::uint64_t& den) {
    int exponent = 0;
    const double mantissa = std::frexp(scale, &exponent);
    auto m = static_cast<std::uint64_t>(std::ldexp(mantissa, 53));
    int gExp = 0;
    std::frexp(g, &gExp);
    int shift = (exponent - 53) - (gExp - 1);
    while (shift < 0 && (m & 1U) == 0) {
        m >>= 1;
        ++shift;
    }
    if (shift > 0 || shift < -62) return false;
    num = m;
    den = std::uint64_t(1) << (-shift);
    return true;
}

// std::nearbyint in the default rounding mode (round half to even), inline: below 2^52 adding and
// removing 2^52 rounds to an integer; at or above it, the value already is one.
double roundHalfEven(double x) {
    const double a = std::fabs(x);
    if (!(a < 0x1p52)) return x;
    return std::copysign((a + 0x1p52) - 0x1p52, x);
}

double snapToLattice(double value, double g) { return roundHalfEven(value / g) * g; }

}  // namespace

namespace {

// A finite value within the supported magnitude (checkValue's test, inline for loops over blocks).
bool releasable(double value) { return std::fabs(value) <= kMaxReleasedMagnitude; }

// The contract of the snapped samplers (veil/dp/privacy.h): a scale and a value in the supported
// range. Never answer outside it (an infinite scale once meant "return the value unchanged").
Status checkValue(double value) {
    if (!releasable(value))  // the value is a true answer: not shown
        return Status::invalidArgument("the value to release is not a finite number of magnitude at most " +
                                       formatNumber(kMaxReleasedMagnitude));
    return Status::ok();
}

Status checkSnapped(double value, double scale, const char* what) {
    if (!(scale >= kMinNoiseScale && scale <= kMaxNoiseScale))
        return Status::invalidArgument(std::string("the ") + what + " scale " + formatNumber(scale) +
                                       " is outside the supported range [" + formatNumber(kMinNoiseScale) + ", " +
                                       formatNumber(kMaxNoiseScale) +
                                       "]; choose a larger epsilon or a smaller sensitivity");
    return checkValue(value);
}

}  // namespace

Result<LaplaceLattice> laplaceLattice(double scale) {
    VEIL_RETURN_IF_ERROR(checkSnapped(0.0, scale, "Laplace"));
    LaplaceLattice lattice;
    lattice.granularity = snappingGranularity(scale);
    std::uint64_t den = 1;
    if (!latticeScale64(scale, lattice.granularity, lattice.num, den))  // ratio below 2^41
        return Status::internal("Laplace scale " + formatNumber(scale) + " has no 64-bit lattice ratio");
    lattice.shift = std::countr_zero(den);
    return lattice;
}

Result<LaplaceLattice> laplaceLatticeOn(double scale, double granularity) {
    LaplaceLattice lattice;
    lattice.granularity = granularity;
    const double ratio = scale / granularity;
    std::uint64_t den = 1;
    if (std::isfinite(ratio) && ratio >= 0x1p-20 && ratio < 0x1p41) {
        int exponent = 0;
        std::frexp(scale, &exponent);
        // 40 significant bits, and at most 12 below g: scale / g = num / 2^shift, num < 2^53, shift <= 60.
        const double unit = std::min(std::ldexp(1.0, exponent - 40), std::ldexp(granularity, -12));
        if (latticeScale64(std::ceil(scale / unit) * unit, granularity, lattice.num, den)) {
            lattice.shift = std::countr_zero(den);
            return lattice;
        }
    }
    return Status::internal("a data-dependent Laplace scale is outside its public lattice's range");
}

namespace {
// One snapped Laplace value from a bit buffer (one per call, or one shared by a block).
template <typename Bits>
double snappedLaplace(Bits& bits, double value, const LaplaceLattice& lattice, const DiscreteLaplaceScale& noise) {
    const std::int64_t k = noise.sample(bits);
    return snapToLattice(value, lattice.granularity) + lattice.granularity * static_cast<double>(k);
}
}  // namespace

Result<double> addSnappedLaplace(RandomSource& rng, double value, const LaplaceLattice& lattice) {
    VEIL_RETURN_IF_ERROR(checkValue(value));
    BitBuffer bits(rng);
    return snappedLaplace(bits, value, lattice, DiscreteLaplaceScale(lattice.num, lattice.den()));
}

Status addSnappedLaplaceToAll(RandomSource& rng, std::span<double> values, const LaplaceLattice& lattice) {
    for (const double value : values)
        if (!releasable(value)) return checkValue(value);  // the call only words the error
    const DiscreteLaplaceScale noise(lattice.num, lattice.den());
    DiscreteLaplaceBatch batch(rng, noise);
    std::array<std::int64_t, DiscreteLaplaceBatch::kSize> draws{};
    // g is a power of two between 2^-373 and 2^353 (the supported scales): x / g is x (1 / g)
    // exactly, so snapToLattice's value without a division per value.
    const double g = lattice.granularity, inverse = 1.0 / g;
    for (std::size_t start = 0; start < values.size(); start += draws.size()) {
        const std::span<double> block = values.subspan(start, std::min(draws.size(), values.size() - start));
        batch.draw(std::span(draws).first(block.size()));
        for (std::size_t i = 0; i < block.size(); ++i)
            block[i] = roundHalfEven(block[i] * inverse) * g + g * static_cast<double>(draws[i]);
    }
    explicit_bzero(draws.data(), sizeof draws);
    return Status::ok();
}

Result<double> addSnappedLaplace(RandomSource& rng, double value, double scale) {
    VEIL_RETURN_IF_ERROR(checkSnapped(value, scale, "Laplace"));
    auto lattice = laplaceLattice(scale);
    if (!lattice) return lattice.status();
    return addSnappedLaplace(rng, value, *lattice);
}

Result<double> addSnappedGaussian(RandomSource& rng, double value, double sigma) {
    VEIL_RETURN_IF_ERROR(checkSnapped(value, sigma, "Gaussian"));
    const double g = snappingGranularity(sigma);
    BigUInt num, den;
    latticeScale(sigma, g, num, den);
    const std::int64_t k = sampleDiscreteGaussianExact(rng, num * num, den * den);
    return snapToLattice(value, g) + g * static_cast<double>(k);
}

bool toRationalAtLeast(double x, std::uint64_t& num, std::uint64_t& den) {
    if (!(x > 0.0) || !std::isfinite(x)) return false;
    int exponent = 0;
    const double mantissa = std::frexp(x, &exponent);
    auto m = static_cast<std::uint64_t>(std::ldexp(mantissa, 53));  // x = m * 2^(exponent-53)
    int shift = exponent - 53;
    while (m % 2 == 0 && shift < 0) {
        m /= 2;
        ++shift;
    }
    if (shift >= 0) {
        if (shift > 62 - 53) return false;  // too large to represent in 64 bits
        num = m << shift;
        den = 1;
        return true;
    }
    while (-shift > 62) {  // too fine: round the numerator up (more noise, never less)
        m = (m + 1) / 2;
        ++shift;
        if (m == 0) m = 1;
    }
    num = m;
    den = std::uint64_t(1) << (-shift);
    return true;
}

Result<std::int64_t> addGeometricNoise(RandomSource& rng, std::int64_t value, double scale) {
    std::uint64_t num = 0, den = 1;
    if (!(scale > 0.0 && scale <= kMaxGeometricScale) || !toRationalAtLeast(scale, num, den))
        return Status::invalidArgument("the geometric noise scale " + formatNumber(scale) +
                                       " is outside the supported range (0, " + formatNumber(kMaxGeometricScale) +
                                       "]; choose a larger epsilon or a smaller sensitivity");
    const std::int64_t noise = sampleDiscreteLaplace(rng, num, den);
    std::int64_t out = 0;
    if (__builtin_add_overflow(value, noise, &out))
        return Status::invalidArgument("the noisy count does not fit in 64 bits");  // the value is not shown
    return out;
}

double snappedLaplaceScale(double sensitivity, double epsilon) {
    double b = sensitivity / epsilon;
    if (!(b > 0.0) || !std::isfinite(b)) return b;  // refused by the sampler's range check
    for (int i = 0; i < 4; ++i) {
        const double g = snappingGranularity(b);
        const double widened = (sensitivity + g) / epsilon;
        if (snappingGranularity(widened) == g) return widened;
        b = widened;
    }
    return b;
}

}  // namespace veil::dp::detail
