// The codes of one column in one chunk of a CSV body. Every interned column of a chunk takes one
// code per record, so once the chunk's number of records is estimated the columns still interned
// share one block (ChunkScan::codeBlock): one array of columns x records, left unwritten until
// the codes are (make_unique_for_overwrite), instead of one array per column grown by doubling. A
// column that outgrows its share (the estimate was short) moves to an array of its own.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

namespace veil::detail {

class ChunkCodes {
public:
    ChunkCodes() = default;
    ChunkCodes(const ChunkCodes&) = delete;
    ChunkCodes& operator=(const ChunkCodes&) = delete;
    ChunkCodes(ChunkCodes&& other) noexcept { *this = std::move(other); }
    ChunkCodes& operator=(ChunkCodes&& other) noexcept {
        if (this == &other) return *this;
        m_own = std::move(other.m_own);
        m_data = other.m_data;
        m_size = other.m_size;
        m_capacity = other.m_capacity;
        other.m_data = nullptr;
        other.m_size = other.m_capacity = 0;
        return *this;
    }

    void push_back(std::int32_t code) {
        if (m_size == m_capacity) grow(m_capacity * 2 + 16);
        m_data[m_size++] = code;
    }
    // Moves the codes so far into `share` (capacity codes, owned by the caller, outliving this).
    void moveInto(std::int32_t* share, std::size_t capacity);
    // Room for `capacity` codes in an array of its own.
    void reserve(std::size_t capacity) {
        if (capacity > m_capacity) grow(capacity);
    }
    // Empties, releasing an array of its own.
    void clear() { *this = ChunkCodes(); }

    std::size_t size() const { return m_size; }
    std::int32_t operator[](std::size_t i) const { return m_data[i]; }
    const std::int32_t* begin() const { return m_data; }
    const std::int32_t* end() const { return m_data + m_size; }

private:
    void grow(std::size_t capacity);
    std::unique_ptr<std::int32_t[]> m_own;  // when the codes are not in a shared block
    std::int32_t* m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_capacity = 0;
};

inline void ChunkCodes::grow(std::size_t capacity) {
    auto own = std::make_unique_for_overwrite<std::int32_t[]>(capacity);
    std::copy(begin(), end(), own.get());
    m_own = std::move(own);
    m_data = m_own.get();
    m_capacity = capacity;
}

inline void ChunkCodes::moveInto(std::int32_t* share, std::size_t capacity) {
    if (capacity < m_size) return;
    std::copy(begin(), end(), share);
    m_own.reset();
    m_data = share;
    m_capacity = capacity;
}

}  // namespace veil::detail
