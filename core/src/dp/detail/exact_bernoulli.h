// Exact Bernoulli(exp(-gamma)) for rational gamma (Canonne, Kamath, Steinke 2020, Algorithm 1),
// with a fast 64-bit path and an arbitrary-precision path for the discrete Gaussian.
#pragma once

#include "veil/common/random.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <cstddef>
#include <cstdint>

namespace veil::dp::detail {

using U128 = unsigned __int128;
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

// Uniform on [0, bound) for a 128-bit bound > 0 (rejection on the bit length).
template <typename Source>
inline U128 uniformBelow128(Source& rng, U128 bound) {
    if (bound <= U128(~std::uint64_t(0))) return rng.uniformBelow(std::uint64_t(bound));
    const int bits = 128 - __builtin_clzll(std::uint64_t(bound >> 64));
    const U128 mask = bits == 128 ? ~U128(0) : ((U128(1) << bits) - 1);
    for (;;) {
        const U128 x = ((U128(rng.nextU64()) << 64) | rng.nextU64()) & mask;
        if (x < bound) return x;
    }
}

// Bernoulli(num / (den * k)), num <= den * k.
template <typename Source>
inline bool bernoulliRatio(Source& rng, std::uint64_t num, std::uint64_t den, std::uint64_t k) {
    const U128 bound = U128(den) * k;
    return uniformBelow128(rng, bound) < num;
}

// Bernoulli(exp(-num/den)) for 0 <= num <= den: K = 1; while Bernoulli(gamma/K) K++; return K odd.
template <typename Source>
inline bool bernoulliExpNegAtMostOne(Source& rng, std::uint64_t num, std::uint64_t den) {
    if (num == 0) return true;
    std::uint64_t k = 1;
    while (bernoulliRatio(rng, num, den, k)) ++k;
    return (k % 2) == 1;
}

// Bernoulli(exp(-1)); the inner test Bernoulli(1/k) is uniformBelow(k) == 0.
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
