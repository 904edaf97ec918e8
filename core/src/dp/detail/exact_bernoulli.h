// Exact Bernoulli(exp(-gamma)) for rational gamma: a random word against certified double bounds,
// refined exactly when it falls between them (Karney 2016's lazy uniforms; the law of Canonne,
// Kamath, Steinke 2020, Algorithm 1, in O(1) words); an arbitrary-precision path for the Gaussian.
#pragma once

#include "veil/common/random.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace veil::dp::detail {

using BigUInt = boost::multiprecision::cpp_int;

// Random words taken from a source 32 at a time (one call to fill), for loops of many draws where a
// virtual call per word costs more than the word. The words handed out are wiped on destruction.
class WordCache {
public:
    explicit WordCache(RandomSource& rng) : m_rng(rng) {}
    ~WordCache();
    WordCache(const WordCache&) = delete;
    WordCache& operator=(const WordCache&) = delete;
    std::uint64_t nextU64() {
        if (m_next == kWords) refill();
        return m_words[m_next++];
    }

private:
    static constexpr std::size_t kWords = 32;
    void refill();
    RandomSource& m_rng;
    std::uint64_t m_words[kWords] = {};
    std::size_t m_next = kWords;
};

// Buffers the 64 bits of each word so that fair bits and small uniform integers (the inner tests
// of the exact samplers) cost a few bits instead of a whole 64-bit word. Exact: small uniforms
// use rejection on the bit length. One per sampler call (unused bits are discarded), or one for a
// loop of draws over a WordCache.
template <typename Words>
class BasicBitBuffer {
public:
    explicit BasicBitBuffer(Words& words) : m_words(words) {}
    std::uint64_t nextU64() { return m_words.nextU64(); }
    bool bit() { return bits(1) != 0; }
    std::uint64_t bits(int n) {  // 1 <= n <= 32
        if (m_left < n) {
            m_buffer = m_words.nextU64();
            m_left = 64;
        }
        const std::uint64_t out = m_buffer & ((std::uint64_t(1) << n) - 1);
        m_buffer >>= n;
        m_left -= n;
        return out;
    }
    std::uint64_t uniformBelow(std::uint64_t bound) {
        if (bound <= 1) return 0;
        if (bound > (std::uint64_t(1) << 24)) return lemireBelow(m_words, bound);
        const int width = 64 - __builtin_clzll(bound - 1);
        for (;;) {
            const std::uint64_t x = bits(width);
            if (x < bound) return x;
        }
    }

private:
    Words& m_words;
    std::uint64_t m_buffer = 0;
    int m_left = 0;
};
using BitBuffer = BasicBitBuffer<RandomSource>;

// Bounds lo / 2^bits <= exp(-num/den) <= hi / 2^bits, from alternating series in integers
// (den > 0; the bounds tighten as bits grows, and hi - lo stays a few units).
void expNegBounds(const BigUInt& num, const BigUInt& den, unsigned bits, BigUInt& lo, BigUInt& hi);

// A uniform U on [0, 1) whose binary digits are drawn 64 at a time, only when a comparison needs
// them (Karney, "Sampling exactly from the normal distribution", ACM TOMS 2016, section 2): the
// digits drawn so far are a prefix p of n bits, and U lies in [p / 2^n, (p + 1) / 2^n).
template <typename Source>
class LazyUniform {
public:
    LazyUniform(Source& rng, std::uint64_t firstWord) : m_rng(rng), m_prefix(firstWord) {}
    // U < exp(-num/den), with as many digits as that takes (exp(-x) is irrational for rational
    // x > 0, so the comparison ends with probability 1). num == 0: always true.
    bool belowExpNeg(const BigUInt& num, const BigUInt& den) {
        if (num == 0) return true;
        for (;;) {
            BigUInt lo, hi;
            expNegBounds(num, den, m_bits, lo, hi);
            if (m_prefix < lo) return true;    // U < (p + 1) / 2^n <= lo / 2^n <= exp(-num/den)
            if (m_prefix >= hi) return false;  // U >= p / 2^n >= hi / 2^n >= exp(-num/den)
            extend();
        }
    }
    void extend() {
        m_prefix <<= 64;
        m_prefix |= m_rng.nextU64();
        m_bits += 64;
    }
    bool prefixIsZero() const { return m_prefix == 0; }
    // ln U to about double precision, from the leading digits (the prefix must not be zero).
    double logApprox() const {
        const unsigned top = boost::multiprecision::msb(m_prefix);
        const unsigned drop = top > 62 ? top - 62 : 0;
        const auto lead = static_cast<std::uint64_t>(m_prefix >> drop);
        return std::log(double(lead)) + (double(drop) - double(m_bits)) * 0.69314718055994530942;
    }

private:
    Source& m_rng;
    BigUInt m_prefix;
    unsigned m_bits = 64;
};

// The half-width of the certified interval around a double estimate of exp(-gamma): far above
// the errors of std::exp and of gamma = num / den in double (both below 2^-50 for gamma <= 1).
inline constexpr double kExpMargin = 0x1p-40;

// Double bounds lo <= exp(-gamma) <= hi for 0 <= gamma <= 1: 1 - gamma <= exp(-gamma) <=
// 1 - gamma + gamma^2 / 2 below 2^-12 (no call to exp), std::exp otherwise; each widened by margin.
inline void expNegDoubleBounds(double gamma, double margin, double& lo, double& hi) {
    if (gamma < 0x1p-12) {
        lo = (1.0 - gamma) - margin;
        hi = (1.0 - gamma + 0.5 * gamma * gamma) + margin;
        return;
    }
    const double e = std::exp(-gamma);
    lo = e - margin;
    hi = e + margin;
}

// bernoulliExpNegAtMostOne (below) with U's first 64 digits already drawn (`word`): for callers
// that test the word against a bound of their own first.
template <typename Source>
inline bool bernoulliExpNegAtMostOneFrom(Source& rng, std::uint64_t word, std::uint64_t num, std::uint64_t den,
                                         double margin = kExpMargin) {
    if (num == 0) return true;
    double lo = 0.0, hi = 0.0;
    expNegDoubleBounds(double(num) / double(den), margin, lo, hi);
    if (lo > 0.0 && word < static_cast<std::uint64_t>(lo * 0x1p64)) return true;   // U < (word+1)/2^64 <= lo
    if (hi < 1.0 && word > static_cast<std::uint64_t>(hi * 0x1p64)) return false;  // U >= word/2^64 > hi
    LazyUniform<Source> u(rng, word);
    return u.belowExpNeg(BigUInt(num), BigUInt(den));
}

// Exactly Bernoulli(exp(-num/den)) for 0 <= num <= den: one random word U against certified
// double bounds of exp(-num/den), and when U falls between them (probability about 2 margin) an
// exact comparison of U, refined lazily, with arbitrary-precision bounds. The margin is a
// parameter so that tests can force the exact path; releases use kExpMargin.
template <typename Source>
inline bool bernoulliExpNegAtMostOne(Source& rng, std::uint64_t num, std::uint64_t den, double margin = kExpMargin) {
    if (num == 0) return true;
    return bernoulliExpNegAtMostOneFrom(rng, rng.nextU64(), num, den, margin);
}

// Bernoulli(exp(-1)) by CKS 2020 Algorithm 1 with gamma = 1: the inner test Bernoulli(1/k) is
// uniformBelow(k) == 0, a few bits from a bit buffer (cheaper here than a word and its bounds).
template <typename Source>
inline bool bernoulliExpNegOne(Source& rng) {
    std::uint64_t k = 2;  // the first test, Bernoulli(1/1), always succeeds
    while (rng.uniformBelow(k) == 0) ++k;
    return (k % 2) == 1;
}

// Bernoulli(exp(-num/den)) for any num >= 0, den > 0 (exp(-gamma) = exp(-1)^floor * exp(-rem)).
template <typename Source>
inline bool bernoulliExpNeg(Source& rng, std::uint64_t num, std::uint64_t den) {
    std::uint64_t whole = num / den;
    while (whole-- > 0)
        if (!bernoulliExpNegOne(rng)) return false;
    return bernoulliExpNegAtMostOne(rng, num % den, den);
}

// Uniform on [0, bound) for an arbitrary-precision bound > 0.
inline BigUInt uniformBelowBig(RandomSource& rng, const BigUInt& bound) {
    const unsigned bits = boost::multiprecision::msb(bound) + 1;
    for (;;) {
        BigUInt x = 0;
        unsigned have = 0;
        while (have < bits) {
            x <<= 64;
            x |= rng.nextU64();
            have += 64;
        }
        x >>= (have - bits);
        if (x < bound) return x;
    }
}

// Bernoulli(exp(-num/den)) with arbitrary-precision num >= 0, den > 0.
inline bool bernoulliExpNegBig(RandomSource& rng, const BigUInt& num, const BigUInt& den) {
    BigUInt whole = num / den;
    while (whole > 0) {
        if (!bernoulliExpNegOne(rng)) return false;
        --whole;
    }
    const BigUInt rem = num % den;
    if (rem == 0) return true;
    std::uint64_t k = 1;
    while (uniformBelowBig(rng, den * k) < rem) ++k;
    return (k % 2) == 1;
}

// Discrete Gaussian with variance num/den given as big rationals (CKS20 Algorithm 3).
std::int64_t sampleDiscreteGaussianExact(RandomSource& rng, const BigUInt& num, const BigUInt& den);

}  // namespace veil::dp::detail
