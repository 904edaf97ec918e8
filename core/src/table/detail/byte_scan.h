// Byte scans and word loads for the CSV reader: sixteen bytes at a time with SSE2 where there is
// SSE2 (every x86-64), else a byte or word at a time.
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

// Unaligned loads of 8 and 4 bytes.
inline std::uint64_t load64(const char* p) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
}
inline std::uint64_t load32(const char* p) {
    std::uint32_t w;
    std::memcpy(&w, p, 4);
    return w;
}

// How many bytes of `s` equal `c`. The counting starts at the first one, found by memchr (the C
// library's is several times faster than the count): most files hold no quote at all.
inline std::size_t countByte(std::string_view s, char c) {
    const void* first = s.empty() ? nullptr : std::memchr(s.data(), c, s.size());
    if (!first) return 0;
    const char* p = static_cast<const char*>(first);
    const std::size_t n = s.size() - std::size_t(p - s.data());
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
    for (; i + 8 <= n; i += 8)
        if ((load64(reinterpret_cast<const char*>(p + i)) & 0x8080808080808080ULL) != 0) break;
    return i;
}

// Bytes of `w` equal to `c` get their high bit set; bits above the lowest match may be false
// positives, so only the lowest is used ("haszero" of Mycroft, in Anderson's Bit Twiddling Hacks).
inline std::uint64_t bytesEqual(std::uint64_t w, char c) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const std::uint64_t x = w ^ (ones * static_cast<unsigned char>(c));
    return (x - ones) & ~x & highs;
}

#if defined(__SSE2__)
// Bit i set when byte i of the 16 at p is the delimiter, LF, CR or a quote.
inline unsigned fieldEndMask16(const char* p, char delim) {
    const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hits =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(w, _mm_set1_epi8(delim)), _mm_cmpeq_epi8(w, _mm_set1_epi8('\n'))),
                     _mm_or_si128(_mm_cmpeq_epi8(w, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(w, _mm_set1_epi8('"'))));
    return unsigned(_mm_movemask_epi8(hits));
}
#endif

// The first position at or after `pos` that may end an unquoted field (delimiter, line end or a
// quote), sixteen bytes at a time with SSE2 where there is SSE2, else eight with the bit trick
// above; the byte loop after it decides.
inline std::size_t skipPlainBytes(const char* base, std::size_t pos, std::size_t n, char delim) {
#if defined(__SSE2__)
    while (pos + 16 <= n) {
        if (const unsigned mask = fieldEndMask16(base + pos, delim)) return pos + std::size_t(std::countr_zero(mask));
        pos += 16;
    }
#endif
    while (pos + 8 <= n) {
        const std::uint64_t w = load64(base + pos);
        const std::uint64_t hits =
            bytesEqual(w, delim) | bytesEqual(w, '\n') | bytesEqual(w, '\r') | bytesEqual(w, '"');
        if (hits) return pos + std::size_t(std::countr_zero(hits) / 8);
        pos += 8;
    }
    return pos;
}

#if defined(__SSE2__)
// Bit i set when byte i of the 64 at p may end an unquoted field (delimiter, LF, CR or a quote):
// the block bitmap of simdjson-style tokenizers (Langdale, Lemire, "Parsing gigabytes of JSON per
// second", VLDB J. 2019), so that short fields cost a shift and a bit scan instead of a load each.
inline std::uint64_t fieldEndMask64(const char* p, char delim) {
    std::uint64_t mask = 0;
    for (int k = 0; k < 4; ++k) mask |= std::uint64_t(fieldEndMask16(p + 16 * k, delim)) << (16 * k);
    return mask;
}
#endif

// The 64 bytes at p as the plain-record batch reads them (CsvTokenizer::nextPlainRecords): bit i of
// `separators` when byte i is the delimiter or LF, of `lineEnds` when it is LF, and of `trouble`
// when it is a quote or a CR not followed by LF (p[64] is read to tell for byte 63).
struct PlainBlock {
    std::uint64_t separators = 0, lineEnds = 0, trouble = 0;
};

inline PlainBlock plainBlock64(const char* p, char delim) {
    PlainBlock b;
    std::uint64_t delims = 0, cr = 0;
#if defined(__SSE2__)
    const __m128i d = _mm_set1_epi8(delim), lf = _mm_set1_epi8('\n'), q = _mm_set1_epi8('"'), r = _mm_set1_epi8('\r');
    for (int k = 0; k < 4; ++k) {
        const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        const auto shift = unsigned(16 * k);
        b.lineEnds |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(w, lf)))) << shift;
        delims |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(w, d)))) << shift;
        b.trouble |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(w, q)))) << shift;
        cr |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(w, r)))) << shift;
    }
#else
    for (int i = 0; i < 64; ++i) {
        const std::uint64_t bit = std::uint64_t(1) << i;
        if (p[i] == '\n') b.lineEnds |= bit;
        if (p[i] == delim) delims |= bit;
        if (p[i] == '"') b.trouble |= bit;
        if (p[i] == '\r') cr |= bit;
    }
#endif
    b.separators = b.lineEnds | delims;
    // Bit i: byte i + 1 is LF.
    const std::uint64_t lfAfter = (b.lineEnds >> 1) | (std::uint64_t(p[64] == '\n') << 63);
    b.trouble |= cr & ~lfAfter;
    return b;
}

// skipPlainBytes over a cached 64-byte bitmap: the same answers, one bitmap per 64 bytes.
class FieldEndScanner {
public:
    FieldEndScanner(const char* base, std::size_t n, char delim) : m_base(base), m_n(n), m_delim(delim) {}
    std::size_t next(std::size_t pos) {
#if defined(__SSE2__)
        for (;;) {
            if (pos - m_blockStart >= 64) {  // outside the cached block (wraps when pos < start)
                if (pos + 64 > m_n) break;
                m_blockStart = pos;
                m_mask = fieldEndMask64(m_base + pos, m_delim);
            }
            if (const std::uint64_t bits = m_mask >> (pos - m_blockStart))
                return pos + std::size_t(std::countr_zero(bits));
            pos = m_blockStart + 64;
        }
#endif
        return skipPlainBytes(m_base, pos, m_n, m_delim);
    }

private:
    const char* m_base;
    std::size_t m_n;
    char m_delim;
    std::size_t m_blockStart = ~std::size_t(0) - 64;  // no block cached
    std::uint64_t m_mask = 0;
};

}  // namespace veil::detail
