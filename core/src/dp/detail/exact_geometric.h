// Exact geometric and discrete Laplace samplers in O(1) random words: inversion of one word with a
// certified error bound (Devroye, Non-Uniform Random Variate Generation, 1986, X.2), decided
// exactly by lazy comparisons (exact_bernoulli.h) when the bound straddles an integer.
#pragma once

#include "dp/detail/exact_bernoulli.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace veil::dp::detail {

// The scale t = num / (den * 2^shift) of a geometric law P(k) proportional to exp(-k / t), k >= 0,
// worked out once for many draws.
struct GeometricScale {
    GeometricScale(std::uint64_t num, std::uint64_t den, unsigned shift)
        : t(std::ldexp(double(num) / double(den), -int(shift))),
          numerator(num),
          denominator(den),
          denominatorShift(shift) {
        // Inverting a word w >= 2^48 (U >= 2^-16, -ln U <= 11.1): the word's cell moves -ln U by at
        // most 2^-48, rounding w to a double by 2^-53, std::log and the product by 2^-49 each, all
        // times t; the bound below is four times their sum.
        errorAtLargeWords = t * 0x1p-44;
    }
    double t;
    double errorAtLargeWords;
    std::uint64_t numerator;  // t = numerator / (denominator 2^denominatorShift)
    std::uint64_t denominator;
    unsigned denominatorShift;
};

// k = floor(-t ln U) for the uniform U whose first word is given, by exact comparisons of U with
// exp(-k/t) and exp(-(k+1)/t), starting from a double estimate: the answer is the k with
// exp(-(k+1)/t) < U <= exp(-k/t).
template <typename Source>
std::uint64_t geometricByComparison(Source& rng, const GeometricScale& scale, std::uint64_t word) {
    LazyUniform<Source> u(rng, word);
    while (u.prefixIsZero()) u.extend();
    const double estimate = std::floor(-u.logApprox() * scale.t);
    std::uint64_t k = estimate > 0.0 ? static_cast<std::uint64_t>(std::min(estimate, 0x1p62)) : 0;
    const BigUInt num(scale.numerator), den = BigUInt(scale.denominator) << scale.denominatorShift;
    for (;;) {
        if (k > 0 && !u.belowExpNeg(BigUInt(k) * den, num)) {
            --k;  // U >= exp(-k/t): the answer is below k
            continue;
        }
        if (u.belowExpNeg(BigUInt(k + 1) * den, num)) {
            ++k;  // U < exp(-(k+1)/t): the answer is above k
            continue;
        }
        return k;
    }
}

// The words whose inversion is estimated in double (U >= 2^-16, -ln U <= 11.1).
inline constexpr std::uint64_t kLargeWord = std::uint64_t(1) << 48;

// double(word), rounded to nearest as the conversion is, from its two exact 32-bit halves: one
// rounding of the exact sum. The direct conversion branches on the top bit, a coin flip here.
inline double wordToDouble(std::uint64_t word) {
    return double(std::int64_t(word >> 32)) * 0x1p32 + double(std::int64_t(word & 0xFFFFFFFFU));
}

// k = floor(y) for every y within `error` of x, when that is one integer k >= 0 (below 2^62).
inline bool floorIsCertain(double x, double error, std::uint64_t& k) {
    const double below = x - error, above = x + error;
    if (below < 0.0 || above >= 0x1p62) return false;
    k = static_cast<std::uint64_t>(static_cast<std::int64_t>(below));  // truncation: floor for these
    return k == static_cast<std::uint64_t>(static_cast<std::int64_t>(above));
}

// floor(-t ln U) from an estimate of -ln U within 2^-47 (the word's cell, the logarithm and the
// product included; scale.errorAtLargeWords is four times that), for a word >= 2^48.
inline bool geometricFromEstimate(const GeometricScale& scale, double negLogU, std::uint64_t& k) {
    return floorIsCertain(negLogU * scale.t, scale.errorAtLargeWords, k);
}

// Geometric: P(k) = (1 - q) q^k with q = exp(-1/t), as floor(-t ln U) for the uniform U whose first
// 64 digits are `word`. One logarithm when the certified interval around the double estimate holds
// one integer (all but about 2^-16 + t 2^-43 of words); the exact comparison otherwise.
template <typename Source>
std::uint64_t geometricFromWord(Source& rng, const GeometricScale& scale, std::uint64_t word) {
    std::uint64_t k = 0;
    if (word >= kLargeWord && geometricFromEstimate(scale, -std::log((wordToDouble(word) + 0.5) * 0x1p-64), k))
        return k;
    return geometricByComparison(rng, scale, word);
}

// The same from a fresh word.
template <typename Source>
std::uint64_t geometricExpNeg(Source& rng, const GeometricScale& scale) {
    return geometricFromWord(rng, scale, rng.nextU64());
}

// A = floor(-s ln U) when U's first 32 digits p did not decide it (inversionFloors): its next 32
// digits are drawn and the test above runs on the 64, with the exact comparison behind it.
template <typename Bits>
std::uint64_t geometricAfterPrefix(Bits& more, const GeometricScale& scale, std::uint64_t prefix) {
    return geometricFromWord(more, scale, (prefix << 32) | more.bits(32));
}

// CKS 2020 Algorithm 2 for small scales t = num/den (below about 4), where it needs a few Bernoulli
// draws: U uniform on {0..num-1} accepted with probability exp(-U/num), V geometric of parameter
// exp(-1), |y| = floor((U + num V) / den), a random sign, (-, 0) rejected. The division is a shift
// when den is a power of two (denShift >= 0).
template <typename Bits>
std::int64_t discreteLaplaceByRejection(Bits& rng, std::uint64_t num, std::uint64_t den, int denShift) {
    using U128 = unsigned __int128;
    constexpr auto kMax = U128(std::numeric_limits<std::int64_t>::max());
    for (;;) {
        const std::uint64_t u = num == 1 ? 0 : rng.uniformBelow(num);
        if (!bernoulliExpNegAtMostOne(rng, u, num)) continue;
        std::uint64_t v = 0;
        while (bernoulliExpNegOne(rng)) ++v;
        const U128 x = U128(u) + U128(num) * v;
        const U128 y = denShift >= 0 ? x >> denShift : x / den;
        const bool negative = rng.bit();
        if ((negative && y == 0) || y > kMax) continue;
        return negative ? -std::int64_t(y) : std::int64_t(y);
    }
}

// The scales that discreteLaplaceByRejection serves: t < 4 (+ 1/den).
inline bool smallDiscreteLaplaceScale(std::uint64_t num, std::uint64_t den) { return num / 4 < den; }
inline int powerOfTwoShift(std::uint64_t den) { return (den & (den - 1)) == 0 ? std::countr_zero(den) : -1; }

// A word w such that U < w / 2^64 implies U < exp(-low den / num) for every low < 2^bits: w / 2^64
// <= 1 - gammaMax - 2 margin < exp(-gammaMax), gammaMax = 2^bits den / num the largest exponent
// (at most 2^-20 for DiscreteLaplaceScale's low bits; the double errors, near 2^-53, are far
// inside the margin). 0 (never) without low bits.
inline std::uint64_t lowAcceptWord(std::uint64_t num, std::uint64_t den, unsigned bits) {
    if (bits == 0) return 0;
    const double gammaMax = std::ldexp(double(den), int(bits)) / double(num);
    const double bound = 1.0 - gammaMax - 2.0 * kExpMargin;
    return bound > 0.0 ? static_cast<std::uint64_t>(bound * 0x1p64) : 0;
}

// Discrete Laplace on Z, P(y) proportional to exp(-|y| den / num), exactly. |y| = 2^m A + B with
// A geometric of scale t / 2^m and B on [0, 2^m) with P(B = b) proportional to exp(-b / t), which
// are independent; m keeps t / 2^m near 2^20 (where the inversion is certain) and B is drawn by
// rejection from m uniform bits, accepted with probability exp(-b/t) > 1 - 2^-20. A random sign,
// with (-, 0) rejected so that 0 is not counted twice (Canonne, Kamath, Steinke 2020, Algorithm 2).
// Scales below about 4 take Algorithm 2 itself (discreteLaplaceByRejection).
class DiscreteLaplaceScale {
public:
    DiscreteLaplaceScale(std::uint64_t num, std::uint64_t den)
        : m_num(num),
          m_den(den),
          m_denShift(smallDiscreteLaplaceScale(num, den) ? powerOfTwoShift(den) : -2),
          m_lowBits(lowBits(double(num) / double(den))),
          m_lowAccept(lowAcceptWord(num, den, m_lowBits)),
          m_high(num, den, m_lowBits) {}

    template <typename Bits>
    std::int64_t sample(Bits& rng) const {
        if (m_denShift > -2) return discreteLaplaceByRejection(rng, m_num, m_den, m_denShift);
        constexpr auto kMax = std::uint64_t(std::numeric_limits<std::int64_t>::max());
        for (;;) {
            const std::uint64_t high = geometricExpNeg(rng, m_high);
            std::uint64_t low = 0;
            if (m_lowBits > 0) {
                do low = rng.bits(int(m_lowBits));
                while (!acceptLow(rng, low));
            }
            if (high > (kMax >> m_lowBits)) continue;  // astronomically unlikely; keeps y representable
            const std::uint64_t magnitude = (high << m_lowBits) | low;
            const bool negative = rng.bit();
            if (negative && magnitude == 0) continue;
            return negative ? -std::int64_t(magnitude) : std::int64_t(magnitude);
        }
    }

    // sample()'s law from 64 random bits already drawn, for scales with isSmall() false and
    // compactBits() true: the high 32 bits are the first digits p of the inversion's uniform U
    // (highFromPrefix: A when p decides it, from inversionFloors, NaN otherwise); the low 32 hold
    // B's m bits, the sign, and the first 31 - m bits of B's acceptance word. Whatever these do
    // not decide (U's digits after the 32nd, a word completed, a rejection) is drawn from `more`.
    template <typename Bits>
    std::int64_t sampleFromWord(Bits& more, std::uint64_t word, double highFromPrefix) const {
        const std::uint64_t high = std::isnan(highFromPrefix) ? geometricAfterPrefix(more, m_high, word >> 32)
                                                              : static_cast<std::uint64_t>(highFromPrefix);
        const unsigned m = m_lowBits;
        const std::uint64_t bBits = word & 0xFFFFFFFFU;
        std::uint64_t low = bBits & ((std::uint64_t(1) << m) - 1);
        const bool negative = ((bBits >> m) & 1U) != 0;
        if (!acceptLowFromPrefix(more, low, bBits >> (m + 1), 31 - m)) {
            do low = more.bits(int(m));
            while (!acceptLow(more, low));
        }
        constexpr auto kMax = std::uint64_t(std::numeric_limits<std::int64_t>::max());
        const std::uint64_t magnitude = (high << m) | low;
        if (high > (kMax >> m) || (negative && magnitude == 0)) return sample(more);  // rejected: a fresh draw
        return negative ? -std::int64_t(magnitude) : std::int64_t(magnitude);
    }
    bool isSmall() const { return m_denShift > -2; }
    const GeometricScale& highScale() const { return m_high; }  // A's
    // B's bits leave at least 7 bits of its acceptance word in sampleFromWord's 32.
    bool compactBits() const { return m_lowBits <= 24; }
    // acceptLow with the word's first prefixBits bits given (prefix): below lowAcceptWord's first
    // bits it accepts at once; otherwise the word is completed from `more` and tested as acceptLow.
    template <typename Bits>
    bool acceptLowFromPrefix(Bits& more, std::uint64_t low, std::uint64_t prefix, unsigned prefixBits) const {
        if (low == 0) return true;
        const unsigned restBits = 64 - prefixBits;
        if (prefix < (m_lowAccept >> restBits)) return true;  // word < (prefix + 1) 2^restBits <= lowAccept
        std::uint64_t word = prefix;
        for (unsigned left = restBits; left > 0;) {
            const unsigned n = std::min(left, 32U);
            word = (word << n) | more.bits(int(n));
            left -= n;
        }
        return word < m_lowAccept || bernoulliExpNegAtMostOneFrom(more, word, low * m_den, m_num);
    }

private:
    static unsigned lowBits(double t) { return unsigned(std::clamp(std::ilogb(t) - 20, 0, 32)); }
    // Bernoulli(exp(-low den / num)) (low den < num 2^-20): a word below lowAcceptWord accepts at
    // once, as the exact test would (U < (word + 1) / 2^64); otherwise (at most about 2^-20 of
    // draws) the exact test decides on the same word.
    template <typename Bits>
    bool acceptLow(Bits& rng, std::uint64_t low) const {
        if (low == 0) return true;  // exp(0), with no word drawn (as bernoulliExpNegAtMostOne)
        const std::uint64_t word = rng.nextU64();
        return word < m_lowAccept || bernoulliExpNegAtMostOneFrom(rng, word, low * m_den, m_num);
    }
    std::uint64_t m_num, m_den;
    int m_denShift;  // -2: not a small scale; else as discreteLaplaceByRejection's
    unsigned m_lowBits;
    std::uint64_t m_lowAccept;
    GeometricScale m_high;
};

// One discrete Laplace draw of scale num/den > 0.
template <typename Bits>
std::int64_t exactDiscreteLaplace(Bits& rng, std::uint64_t num, std::uint64_t den) {
    if (smallDiscreteLaplaceScale(num, den)) return discreteLaplaceByRejection(rng, num, den, powerOfTwoShift(den));
    return DiscreteLaplaceScale(num, den).sample(rng);
}

}  // namespace veil::dp::detail
