// Byte scans over large buffers, sixteen bytes at a time with SSE2 where there is SSE2 (every
// x86-64), else a byte or word at a time.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace veil::detail {

// How many bytes of `s` equal `c`.
inline std::size_t countByte(std::string_view s, char c) {
    const char* p = s.data();
    const std::size_t n = s.size();
    std::size_t i = 0, count = 0;
#if defined(__SSE2__)
    // Matches are -1 bytes: subtracted into byte counters for at most 255 blocks, then summed with
    // SAD (no popcnt instruction in baseline x86-64).
    const __m128i needle = _mm_set1_epi8(c), zero = _mm_setzero_si128();
    while (i + 16 <= n) {
        __m128i counters = zero;
        for (int blocks = 0; blocks < 255 && i + 16 <= n; ++blocks, i += 16) {
            const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
            counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(w, needle));
        }
        const __m128i sums = _mm_sad_epu8(counters, zero);
        count += std::size_t(_mm_cvtsi128_si32(sums)) + std::size_t(_mm_extract_epi16(sums, 4));
    }
#endif
    for (; i < n; ++i) count += p[i] == c ? 1 : 0;
    return count;
}

// The first position at or after `i` (and before n) that may hold a non-ASCII byte: every byte
// before it is ASCII; the caller checks the bytes from there.
inline std::size_t skipAscii(const unsigned char* p, std::size_t i, std::size_t n) {
#if defined(__SSE2__)
    for (; i + 32 <= n; i += 32) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i + 16));
        if (_mm_movemask_epi8(_mm_or_si128(a, b)) != 0) break;
    }
#endif
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        if ((w & 0x8080808080808080ULL) != 0) break;
    }
    return i;
}

}  // namespace veil::detail
