// A logarithm in plain arithmetic so that the compiler vectorises it (no table, no branch, no
// integer-to-double conversion the vector units lack): the reduction to f in [sqrt(1/2), sqrt(2))
// and the series ln f = 2 atanh((f - 1) / (f + 1)) (Muller, Elementary Functions, 2016, 11.2).
#include "dp/detail/neg_log_words.h"

#include <bit>
#include <limits>

namespace veil::dp::detail {

namespace {
constexpr std::uint64_t kExponentOfTwoTo52 = 0x4330000000000000ULL;  // the bits of 2^52
// The bits of 1 minus those of sqrt(1/2): added to the bits of u, they carry into the exponent
// exactly when u's mantissa is at least sqrt(1/2)'s.
constexpr std::uint64_t kSqrtHalfCarry = 0x00095F619980C433ULL;
// ln 2 = kLn2High + kLn2Low: kLn2High has 43 significant bits, so e kLn2High is exact for |e| < 2^10.
constexpr double kLn2High = 0x1.62e42fefa3800p-1;
constexpr double kLn2Low = 0x1.ef35793c76730p-45;

// (w + 1/2) 2^-64: the two 32-bit halves are exact as doubles, (low + 1/2) and high 2^32 are exact,
// and their sum is rounded once.
inline double middleOf(std::uint64_t w) {
    const double high = std::bit_cast<double>((w >> 32) | kExponentOfTwoTo52) - 0x1p52;
    const double low = std::bit_cast<double>((w & 0xFFFFFFFFULL) | kExponentOfTwoTo52) - 0x1p52;
    return (high * 0x1p32 + (low + 0.5)) * 0x1p-64;
}

// -ln u for u in [2^-16, 1). Error (u exact):
// - e and f are exact (bit operations); f - 1 is exact (Sterbenz), f + 1 and the quotient are
//   rounded: z is off by <= 2^-52 relative, ln f = 2 atanh z (|ln f| <= 0.35) by <= 2^-53.4.
// - Series: |z| <= 0.1716; the terms after z^19/19 sum to <= 2 |z|^21 / 21 / (1 - z^2) < 2^-56;
//   the rounding of the terms after 2z (<= 0.0035 in all) is below 2^-57, of their sum with 2z
//   below 2^-54.5.
// - e ln 2: e kLn2High exact, e kLn2Low off by < 2^-97 for |e| <= 16; the inner sum is rounded
//   by <= 2^-54.5, the outer (|result| < 12) by <= 2^-50.
// With u's own rounding (relative 2^-53, so 2^-53 on ln u): total < 2^-50 (1 + 1/8 + 1/10 + 1/11
// + 1/64 + ...) < 2^-49.6.
inline double negLog(double u) {
    const auto bits = std::bit_cast<std::uint64_t>(u);
    const std::uint64_t biased = (bits + kSqrtHalfCarry) >> 52;  // e + 1023, u = 2^e f
    const double f = std::bit_cast<double>(bits - ((biased - 1023) << 52));
    const double e = std::bit_cast<double>(kExponentOfTwoTo52 | biased) - (0x1p52 + 1023.0);
    const double z = (f - 1.0) / (f + 1.0);
    const double z2 = z * z;
    double p = 1.0 / 19;
    p = p * z2 + 1.0 / 17;
    p = p * z2 + 1.0 / 15;
    p = p * z2 + 1.0 / 13;
    p = p * z2 + 1.0 / 11;
    p = p * z2 + 1.0 / 9;
    p = p * z2 + 1.0 / 7;
    p = p * z2 + 1.0 / 5;
    p = p * z2 + 1.0 / 3;
    const double lnF = 2.0 * z + 2.0 * z * z2 * p;
    return -(e * kLn2High + (e * kLn2Low + lnF));
}

// floor(v) for 0 <= v < 2^51 without a conversion to integers: v + 2^52 rounds v to an integer.
inline double floorSmall(double v) {
    const double r = (v + 0x1p52) - 0x1p52;
    return r > v ? r - 1.0 : r;
}
}  // namespace

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define VEIL_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define VEIL_VECTOR_CLONES
#endif

VEIL_VECTOR_CLONES
void negLogOfWords(const std::uint64_t* words, double* out, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) out[i] = negLog(middleOf(words[i]));
}

// U's cell [p, p + 1) 2^-32 moves -ln U by at most (1/2) 2^-32 / (p 2^-32) <= 2^-bitwidth(p) from
// its middle (p + 1/2) 2^-32 (+ 2^-65, the middle word's own half unit): the half-width below
// counts that twice, 2^(1 - bitwidth(p)), plus `error` for the logarithm and the product (their
// 2^-47 t budget, 2^-49 of it for the logarithm). bitwidth(p) comes from the middle's exponent:
// (p + 1/2) 2^-32 lies in [2^(w-33), 2^(w-32)) for p of w bits, so 2^(1 - w) has the exponent
// field 2014 - the middle's.
VEIL_VECTOR_CLONES
void inversionFloors(const std::uint64_t* words, std::size_t count, double t, double error, double* out) {
    const double undecided = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t w = words[i];
        const double u = middleOf((w & ~0xFFFFFFFFULL) | 0x80000000ULL);
        const std::uint64_t exponentField = std::bit_cast<std::uint64_t>(u) >> 52;
        const double cell = std::bit_cast<double>((2014 - exponentField) << 52);
        const double x = negLog(u) * t, halfWidth = cell * t + error;
        const double below = x - halfWidth, above = x + halfWidth;
        const double k = floorSmall(below);
        // p >= 2^16 exactly when its middle is at least 2^-16.
        const bool decided = u >= 0x1p-16 && below >= 0.0 && above < 0x1p51 && k == floorSmall(above);
        out[i] = decided ? k : undecided;
    }
}

}  // namespace veil::dp::detail
