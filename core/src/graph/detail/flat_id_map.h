// Flat open-addressing maps from node tokens to provisional ids (first-seen order), for the
// edge-list reader: IntIdMap for integer ids, StringIdMap for views into the file's text. One
// array of slots, linear probing, kept at most half full; no per-entry allocation.
#pragma once

#include "veil/graph/graph.h"

#include <cstdint>
#include <functional>
#include <type_traits>
#include <string_view>
#include <vector>

namespace veil::graph::detail {

// splitmix64 finalizer (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
// OOPSLA 2014): a bijective 64-bit mix, so nearby keys land far apart.
inline std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// Linear probing with a power-of-two table (Knuth, TAOCP vol. 3, 6.4, Algorithm L). Key is
// std::uint64_t or std::string_view; a slot keeps the full 64-bit hash, so keys are compared only
// when hashes match (for integers the hash is a bijection and no comparison is needed).
template <typename Key>
class FlatIdMap {
public:
    explicit FlatIdMap(std::size_t expected = 0) { rehash(capacityFor(expected)); }

    // The id of key, giving it the next id (size()) when it is new. Amortised O(1).
    NodeId intern(Key key) {
        if (2 * (m_keys.size() + 1) > m_slots.size()) rehash(2 * m_slots.size());
        const std::uint64_t h = hashOf(key);
        for (std::size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            Slot& s = m_slots[i];
            if (s.id == kEmpty) {
                s = {h, static_cast<NodeId>(m_keys.size())};
                m_keys.push_back(key);
                return s.id;
            }
            if (s.hash == h && (kExactHash || m_keys[s.id] == key)) return s.id;
        }
    }
    std::size_t size() const { return m_keys.size(); }
    const std::vector<Key>& keys() const { return m_keys; }  // by id

private:
    static constexpr bool kExactHash = std::is_same_v<Key, std::uint64_t>;
    static constexpr NodeId kEmpty = static_cast<NodeId>(-1);
    struct Slot {
        std::uint64_t hash = 0;
        NodeId id = kEmpty;
    };

    static std::uint64_t hashOf(const Key& key) {
        if constexpr (kExactHash)
            return mix64(key);
        else
            return mix64(std::hash<Key>{}(key));
    }
    static std::size_t capacityFor(std::size_t expected) {
        std::size_t c = 16;
        while (c < 2 * expected) c *= 2;
        return c;
    }
    void rehash(std::size_t capacity) {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(capacity, Slot{});
        m_mask = capacity - 1;
        for (const Slot& s : old) {
            if (s.id == kEmpty) continue;
            std::size_t i = s.hash & m_mask;
            while (m_slots[i].id != kEmpty) i = (i + 1) & m_mask;
            m_slots[i] = s;
        }
    }

    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    std::vector<Key> m_keys;
};

}  // namespace veil::graph::detail
