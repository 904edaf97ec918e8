// Interning the values of a categorical column while reading: an open-addressing table of
// (hash, code) with linear probing, the strings compared only on equal hashes. Keys are views that
// must outlive the interner (the mapped file, or owned copies of unescaped values).
#pragma once

#include "byte_scan.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace veil::detail {

// A fast 64-bit hash of short strings: 8 bytes at a time, multiply and fold (after the
// multiply-xorshift mixing of Stafford's variant 13, as in splitmix64). The last bytes are read
// as whole words, overlapping (as wyhash does): a variable-length copy costs a call and a
// store-forwarding stall per field. For a string of at most 8 bytes the word mixed in is an
// injective function of its bytes (given the length, which is mixed in too) and every step after
// it is a bijection of 64-bit words (xor with a constant, multiplication by an odd constant,
// x ^ (x >> s)), so two such strings of the same length have the same hash only if they are equal.
inline std::uint64_t hashBytes(std::string_view s) {
    const char* p = s.data();
    const std::size_t n = s.size();
    std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ n;
    const auto mix = [&h](std::uint64_t w) {
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    };
    if (n >= 8) {
        std::size_t i = 0;
        for (; i + 8 <= n; i += 8) mix(load64(p + i));
        if (i < n) mix(load64(p + n - 8));
    } else if (n >= 4) {
        mix(load32(p) << 32 | load32(p + n - 4));
    } else if (n > 0) {
        const auto byte = [p](std::size_t i) { return std::uint64_t(static_cast<unsigned char>(p[i])); };
        mix(byte(0) << 16 | byte(n / 2) << 8 | byte(n - 1));
    }
    h ^= h >> 30;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

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

// The longest key whose hashBytes is injective (see there).
inline constexpr std::size_t kHashIsInjectiveUpTo = 8;

class StringInterner {
public:
    // The code of `key`, or -1 when it is new (then call add()).
    std::int32_t find(std::string_view key, std::uint64_t hash) const {
        if (m_slots.empty()) return -1;
        for (std::size_t i = hash & m_mask;; i = (i + 1) & m_mask) {
            const Slot& s = m_slots[i];
            if (s.code < 0) return -1;
            // Keys of at most 8 bytes: equal hashes and lengths mean equal keys (hashBytes), so
            // the key's bytes (a random place in the file) are not read.
            if (s.hash == hash && s.size == std::uint32_t(key.size()) &&
                (key.size() <= kHashIsInjectiveUpTo || equalKeys(m_keys[std::size_t(s.code)], key)))
                return s.code;
        }
    }
    // Adds a key not present yet; returns its code (codes count up from 0).
    std::int32_t add(std::string_view key, std::uint64_t hash) {
        if ((m_keys.size() + 1) * 2 > m_slots.size()) grow();
        const auto code = std::int32_t(m_keys.size());
        m_keys.push_back(key);
        place(Slot{hash, code, std::uint32_t(key.size())});
        return code;
    }
    std::size_t size() const { return m_keys.size(); }
    // The keys in order of their codes; the interner is empty afterwards.
    std::vector<std::string_view> takeKeys() {
        std::vector<std::string_view> keys = std::move(m_keys);
        *this = StringInterner();
        return keys;
    }

private:
    // 16 bytes, so that a column with tens of thousands of values (an identifier, a weight) keeps
    // its table in the cache; only keys longer than 8 bytes read their bytes through m_keys.
    struct Slot {
        std::uint64_t hash = 0;
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
