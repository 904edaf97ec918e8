// Interning the values of a categorical column while reading: an open-addressing table of
// (hash, code) with linear probing, the strings compared only on equal hashes. Keys are views that
// must outlive the interner (the mapped file, or owned copies of unescaped values).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace veil::detail {

// A fast 64-bit hash of short strings: 8 bytes at a time, multiply and fold (after the
// multiply-xorshift mixing of Stafford's variant 13, as in splitmix64).
inline std::uint64_t hashBytes(std::string_view s) {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ s.size();
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    if (i < s.size()) {
        std::uint64_t w = 0;
        std::memcpy(&w, s.data() + i, s.size() - i);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
    }
    h ^= h >> 30;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

class StringInterner {
public:
    // The code of `key`, or -1 when it is new (then call add()).
    std::int32_t find(std::string_view key, std::uint64_t hash) const {
        if (m_slots.empty()) return -1;
        for (std::size_t i = hash & m_mask;; i = (i + 1) & m_mask) {
            const Slot& s = m_slots[i];
            if (s.code < 0) return -1;
            if (s.hash == hash && m_keys[std::size_t(s.code)] == key) return s.code;
        }
    }
    // Adds a key not present yet; returns its code (codes count up from 0).
    std::int32_t add(std::string_view key, std::uint64_t hash) {
        if ((m_keys.size() + 1) * 2 > m_slots.size()) grow();
        const auto code = std::int32_t(m_keys.size());
        m_keys.push_back(key);
        place(hash, code);
        return code;
    }

private:
    struct Slot {
        std::uint64_t hash = 0;
        std::int32_t code = -1;
    };
    void place(std::uint64_t hash, std::int32_t code) {
        std::size_t i = hash & m_mask;
        while (m_slots[i].code >= 0) i = (i + 1) & m_mask;
        m_slots[i] = {hash, code};
    }
    void grow() {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(std::max<std::size_t>(64, old.size() * 2), Slot{});
        m_mask = m_slots.size() - 1;
        for (const Slot& s : old)
            if (s.code >= 0) place(s.hash, s.code);
    }
    std::vector<Slot> m_slots;
    std::vector<std::string_view> m_keys;
    std::size_t m_mask = 0;
};

}  // namespace veil::detail
