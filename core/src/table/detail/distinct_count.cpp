#include "distinct_count.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>

namespace veil::detail {

namespace {

// A set of 64-bit keys; key 0 is kept aside so that 0 can mark an empty slot.
class FlatKeySet {
public:
    explicit FlatKeySet(std::size_t expected) { rehash(std::bit_ceil(std::max<std::size_t>(16, expected * 2))); }
    void insert(std::uint64_t key) {
        if (key == 0) {
            m_hasZero = true;
            return;
        }
        std::size_t i = slot(key);
        while (m_slots[i] != 0) {
            if (m_slots[i] == key) return;
            i = (i + 1) & m_mask;
        }
        m_slots[i] = key;
        if (++m_size * 2 > m_slots.size()) rehash(m_slots.size() * 2);
    }
    std::size_t size() const { return m_size + (m_hasZero ? 1 : 0); }

private:
    std::size_t slot(std::uint64_t key) const { return std::size_t((key * 0x9E3779B97F4A7C15ULL) >> m_shift); }
    void rehash(std::size_t capacity) {
        std::vector<std::uint64_t> old = std::move(m_slots);
        m_slots.assign(capacity, 0);
        m_mask = capacity - 1;
        m_shift = 64 - std::countr_zero(capacity);
        for (std::uint64_t key : old) {
            if (key == 0) continue;
            std::size_t i = slot(key);
            while (m_slots[i] != 0) i = (i + 1) & m_mask;
            m_slots[i] = key;
        }
    }
    std::vector<std::uint64_t> m_slots;
    std::size_t m_mask = 0;
    int m_shift = 0;
    std::size_t m_size = 0;
    bool m_hasZero = false;
};

bool present(const std::vector<std::uint8_t>& missing, std::size_t row) { return missing.empty() || !missing[row]; }

template <typename T>
std::size_t countDistinctWhole(const std::vector<T>& values, const std::vector<std::uint8_t>& missing) {
    T lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::min();
    std::size_t present_ = 0;
    for (std::size_t r = 0; r < values.size(); ++r) {
        if (!present(missing, r)) continue;
        lo = std::min(lo, values[r]);
        hi = std::max(hi, values[r]);
        ++present_;
    }
    if (present_ == 0) return 0;
    // A bitmap when it is no bigger than a hash set of the rows would be (and at most 64 MiB).
    const auto range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    if (range < std::max<std::uint64_t>(present_ * 16, 1u << 16) && range < (std::uint64_t(1) << 29)) {
        std::vector<std::uint64_t> bits(std::size_t(range / 64 + 1), 0);
        for (std::size_t r = 0; r < values.size(); ++r) {
            if (!present(missing, r)) continue;
            const auto offset = static_cast<std::uint64_t>(values[r]) - static_cast<std::uint64_t>(lo);
            bits[std::size_t(offset / 64)] |= std::uint64_t(1) << (offset % 64);
        }
        std::size_t count = 0;
        for (std::uint64_t w : bits) count += std::size_t(std::popcount(w));
        return count;
    }
    FlatKeySet set(std::min<std::size_t>(present_, 1u << 20));
    for (std::size_t r = 0; r < values.size(); ++r)
        if (present(missing, r)) set.insert(static_cast<std::uint64_t>(values[r]));
    return set.size();
}

}  // namespace

std::size_t countDistinctIntegers(const std::vector<std::int64_t>& values, const std::vector<std::uint8_t>& missing) {
    return countDistinctWhole(values, missing);
}

std::size_t countDistinctDates(const std::vector<std::int32_t>& values, const std::vector<std::uint8_t>& missing) {
    return countDistinctWhole(values, missing);
}

std::size_t countDistinctReals(const std::vector<double>& values, const std::vector<std::uint8_t>& missing) {
    FlatKeySet set(std::min<std::size_t>(values.size(), 1u << 20));
    for (std::size_t r = 0; r < values.size(); ++r) {
        if (!present(missing, r)) continue;
        const double v = values[r] == 0.0 ? 0.0 : values[r];  // one zero
        std::uint64_t key;
        std::memcpy(&key, &v, sizeof key);
        set.insert(key);
    }
    return set.size();
}

}  // namespace veil::detail
