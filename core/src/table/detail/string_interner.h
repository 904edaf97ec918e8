// Interning the values of a categorical column while reading: an open-addressing table of
// (hash, words, code) with linear probing; keys of at most 16 bytes are compared by their words,
// longer ones by their bytes too, on equal hashes. Keys are views that must outlive the interner
// (the mapped file, or owned copies of unescaped values).
#pragma once

#include "byte_scan.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace veil::detail {

// A key as the interner compares it: two words that hold its first 16 bytes (bytes 0-7 and 8-15,
// little-endian, zero past the key's end), so that two keys of at most 16 bytes are equal exactly
// when their lengths and words are, and a 64-bit hash that only spreads the keys over the table:
// wyhash's folded 128-bit product of the two words xored with constants (Wang Yi's wyhash, final
// version 4), one multiplication on the critical path; the bytes past 16 of a longer key are folded
// in the same way. When 16 bytes can be read from the key's start (a field inside the file) the
// words are two whole loads and two masks, without a branch on the length: a variable-length copy
// costs a call and a store-forwarding stall per field, and a branch per length a misprediction.
struct InternKey {
    std::string_view text;
    std::uint64_t w0 = 0, w1 = 0;
    std::uint64_t hash = 0;

    // `readable`: how many bytes may be read from s.data() on (at least s.size()).
    static InternKey of(std::string_view s, std::size_t readable) {
        InternKey k;
        k.text = s;
        const char* p = s.data();
        const std::size_t n = s.size();
        if (std::endian::native == std::endian::little && readable >= 16) {
            const WordMasks& m = masksFor(n);
            k.w0 = load64(p) & m.w[0];
            k.w1 = load64(p + 8) & m.w[1];
        } else {
            k.w0 = loadUpTo8(p, std::min<std::size_t>(n, 8));
            k.w1 = n > 8 ? loadUpTo8(p + 8, std::min<std::size_t>(n - 8, 8)) : 0;
        }
        // The length is mixed in apart from the words (xored into a word, "c" and "`\0" would meet).
        std::uint64_t h = fold(k.w0 ^ 0xA0761D6478BD642FULL, k.w1 ^ 0xE7037ED1A0B428DBULL) ^ n * 0x589965CC75374CC3ULL;
        for (std::size_t i = 16; i < n; i += 8)  // keys over 16 bytes: the last word overlaps
            h = fold(h ^ load64(p + std::min(i, n - 8)), 0x8EBC6AF09C88C6E3ULL);
        k.hash = h;
        return k;
    }
    static InternKey of(std::string_view s) { return of(s, s.size()); }

private:
    // The masks of a key's bytes in its two words, by its length up to 16, min(n, 16) computed
    // with arithmetic: the compiler made the length tests branches, which mispredict on values of
    // mixed lengths (adult's are 2 to 21 bytes long, in no order).
    struct WordMasks {
        std::uint64_t w[2];
    };
    static constexpr std::array<WordMasks, 17> kWordMasks = [] {
        std::array<WordMasks, 17> masks{};
        for (std::size_t n = 0; n <= 16; ++n)
            for (std::size_t b = 0; b < n; ++b) masks[n].w[b / 8] |= std::uint64_t(0xFF) << (8 * (b % 8));
        return masks;
    }();
    static const WordMasks& masksFor(std::size_t n) {
        const std::size_t shorter = -std::size_t(n < 16);  // all ones when n < 16
        return kWordMasks[16 + ((n - 16) & shorter)];
    }
    // Bytes p[0, k) as the low bytes of a word, k <= 8.
    static std::uint64_t loadUpTo8(const char* p, std::size_t k) {
        std::uint64_t w = 0;
        for (std::size_t i = 0; i < k; ++i) w |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
        return w;
    }
    static std::uint64_t fold(std::uint64_t a, std::uint64_t b) {
        const unsigned __int128 product = static_cast<unsigned __int128>(a) * b;
        return std::uint64_t(product) ^ std::uint64_t(product >> 64);
    }
};

inline std::uint64_t hashBytes(std::string_view s) { return InternKey::of(s).hash; }

// Equality of two byte strings of the same length `n`, inline and without a byte loop: words,
// then the last word overlapping (a call to memcmp costs more than the comparison of short keys).
inline bool equalBytes(const char* a, const char* b, std::size_t n) {
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 <= n; i += 8)
            if (load64(a + i) != load64(b + i)) return false;
        return load64(a + n - 8) == load64(b + n - 8);
    }
    if (n >= 4) return load32(a) == load32(b) && load32(a + n - 4) == load32(b + n - 4);
    // Bytes 0, n/2 and n-1 cover every byte of a string shorter than four.
    return n == 0 || (a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1]);
}

// The longest key whose two words hold all its bytes (InternKey).
inline constexpr std::size_t kWordsHoldKeyUpTo = 16;

class StringInterner {
public:
    // The code of `key`, or -1 when it is new (then call add()).
    std::int32_t find(const InternKey& key) const {
        if (m_slots.empty()) return -1;
        const auto size = std::uint32_t(key.text.size());
        for (std::size_t i = key.hash & m_mask;; i = (i + 1) & m_mask) {
            const Slot& s = m_slots[i];
            if (s.code < 0) return -1;
            // Keys of at most 16 bytes are equal when their words and lengths are, so the key's
            // bytes (a random place in the file) are only read for longer ones.
            if (s.hash == key.hash && s.size == size && s.w0 == key.w0 && s.w1 == key.w1 &&
                (key.text.size() <= kWordsHoldKeyUpTo || equalKeys(m_keys[std::size_t(s.code)], key.text)))
                return s.code;
        }
    }
    std::int32_t find(std::string_view key) const { return find(InternKey::of(key)); }
    // Adds a key not present yet, keeping `stored` (the same text, living as long as the interner's
    // keys must); returns its code (codes count up from 0).
    std::int32_t add(const InternKey& key, std::string_view stored) {
        if ((m_keys.size() + 1) * 2 > m_slots.size()) grow();
        const auto code = std::int32_t(m_keys.size());
        m_keys.push_back(stored);
        place(Slot{key.hash, key.w0, key.w1, code, std::uint32_t(key.text.size())});
        return code;
    }
    std::int32_t add(std::string_view key) { return add(InternKey::of(key), key); }
    std::size_t size() const { return m_keys.size(); }
    // The keys in order of their codes; the interner is empty afterwards.
    std::vector<std::string_view> takeKeys() {
        std::vector<std::string_view> keys = std::move(m_keys);
        *this = StringInterner();
        return keys;
    }

private:
    // 32 bytes, half of them empty: a lookup reads one cache line, and only keys longer than 16
    // bytes read their bytes through m_keys. (Slots of 8 bytes with the words in an array by code,
    // kept 1/8 full so that a lookup rarely probes twice, measured no faster on 10x adult.)
    struct Slot {
        std::uint64_t hash = 0;
        std::uint64_t w0 = 0, w1 = 0;
        std::int32_t code = -1;
        std::uint32_t size = 0;  // low 32 bits
    };
    // The slot keeps the size's low 32 bits only: the full sizes are compared here.
    static bool equalKeys(std::string_view a, std::string_view b) {
        return a.size() == b.size() && equalBytes(a.data(), b.data(), a.size());
    }
    void place(const Slot& slot) {
        std::size_t i = slot.hash & m_mask;
        while (m_slots[i].code >= 0) i = (i + 1) & m_mask;
        m_slots[i] = slot;
    }
    void grow() {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(std::max<std::size_t>(64, old.size() * 2), Slot{});
        m_mask = m_slots.size() - 1;
        for (const Slot& s : old)
            if (s.code >= 0) place(s);
    }
    std::vector<Slot> m_slots;
    std::vector<std::string_view> m_keys;
    std::size_t m_mask = 0;
};

}  // namespace veil::detail
