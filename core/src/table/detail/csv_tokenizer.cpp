#include "csv_tokenizer.h"

#include "veil/common/parallel.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

namespace veil::detail {

void CsvTokenizer::skipBlankLines() {
    const char* const base = m_data.data();
    const std::size_t n = m_data.size();
    // A record needs at least one byte before its terminator.
    while (m_pos < n && (base[m_pos] == '\n' || base[m_pos] == '\r')) {
        if (base[m_pos] == '\r' && m_pos + 1 < n && base[m_pos + 1] == '\n') ++m_pos;
        ++m_pos;
        ++m_line;
        m_lineStart = m_pos;
        ++m_blankLines;
    }
}

bool CsvTokenizer::nextPlain(std::size_t n, std::string_view* fields) {
    const char* const base = m_data.data();
    const std::size_t size = m_data.size();
    std::size_t pos = m_pos;
    if (n == 0 || pos >= size || base[pos] == '\n' || base[pos] == '\r') return false;
    for (std::size_t k = 0;; ++k) {
        const std::size_t start = pos;
        pos = m_fieldEnds.next(pos);
        while (pos < size && base[pos] != m_delim && base[pos] != '\n' && base[pos] != '\r' && base[pos] != '"')
            ++pos;  // the scanner's last bytes are only candidates
        fields[k] = std::string_view(base + start, pos - start);
        const bool last = k + 1 == n;
        if (pos >= size) {
            if (!last) return false;
            m_pos = size;  // the data's last record, without a line end
            return true;
        }
        const char c = base[pos];
        if (c == m_delim && !last) {
            ++pos;
            continue;
        }
        if (!last || (c != '\n' && c != '\r')) return false;  // a quote, or another number of fields
        if (c == '\r' && pos + 1 < size && base[pos + 1] == '\n') ++pos;
        m_pos = pos + 1;
        ++m_line;
        m_lineStart = m_pos;
        return true;
    }
}

std::size_t CsvTokenizer::nextPlainRecords(std::size_t n, std::size_t most, std::string_view* fields,
                                           std::size_t limit) {
    const char* const base = m_data.data();
    const std::size_t size = m_data.size();
    std::size_t records = 0, k = 0;
    std::size_t recordStart = m_pos, fieldStart = m_pos;
    auto done = [&] {
        m_line += records;
        m_pos = m_lineStart = recordStart;
        return records;
    };
    if (n == 0 || m_pos >= limit) return 0;
    // Each block is read up to byte 64 (see plainBlock64).
    for (std::size_t block = m_pos; block + 65 <= size; block += 64) {
        const PlainBlock b = plainBlock64(base + block, m_delim);
        // Separators before the first troublesome byte; the record holding it is left to next().
        std::uint64_t seps =
            b.trouble ? b.separators & ((std::uint64_t(1) << std::countr_zero(b.trouble)) - 1) : b.separators;
        for (; seps; seps &= seps - 1) {
            const auto bit = unsigned(std::countr_zero(seps));
            const std::size_t p = block + bit;
            const bool lineEnd = (b.lineEnds >> bit) & 1;
            if (lineEnd != (k + 1 == n)) return done();  // another number of fields
            std::size_t end = p;
            if (lineEnd) {
                if (end > fieldStart && base[end - 1] == '\r') --end;  // CRLF
                if (end == recordStart) return done();                 // a blank line
            }
            fields[records * n + k] = std::string_view(base + fieldStart, end - fieldStart);
            fieldStart = p + 1;
            if (!lineEnd) {
                ++k;
                continue;
            }
            k = 0;
            recordStart = fieldStart;
            if (++records == most || recordStart >= limit) return done();
        }
        if (b.trouble) return done();
    }
    return done();
}

bool CsvTokenizer::next(std::vector<CsvField>& fields, std::size_t& line) {
    fields.clear();
    const char* const base = m_data.data();
    const std::size_t n = m_data.size();

    skipBlankLines();
    if (m_pos >= n) return false;
    line = m_line;

    for (;;) {
        CsvField f;
        if (m_pos < n && base[m_pos] == '"') {
            // Quoted field.
            const std::size_t openLine = m_line, openCol = m_pos - m_lineStart + 1;
            const std::size_t start = ++m_pos;
            for (;;) {
                const void* q = m_pos < n ? std::memchr(base + m_pos, '"', n - m_pos) : nullptr;
                if (!q) {
                    m_error = {openLine, openCol, "unterminated quoted field (the quote opened here is never closed)"};
                    return false;
                }
                const std::size_t qpos = std::size_t(static_cast<const char*>(q) - base);
                // Count newlines inside the quoted text for line tracking.
                for (std::size_t i = m_pos; i < qpos; ++i) {
                    if (base[i] == '\n' || (base[i] == '\r' && (i + 1 >= n || base[i + 1] != '\n'))) {
                        ++m_line;
                        m_lineStart = i + 1;
                    }
                }
                if (qpos + 1 < n && base[qpos + 1] == '"') {
                    f.hasEscapes = true;
                    m_pos = qpos + 2;
                    continue;
                }
                f.raw = std::string_view(base + start, qpos - start);
                f.quoted = true;
                m_pos = qpos + 1;
                break;
            }
            if (m_pos < n && base[m_pos] != m_delim && base[m_pos] != '\n' && base[m_pos] != '\r') {
                m_error = {m_line, m_pos - m_lineStart + 1,
                           std::string("unexpected character '") + base[m_pos] + "' after a closing quote"};
                return false;
            }
        } else {
            const std::size_t start = m_pos;
            m_pos = m_fieldEnds.next(m_pos);
            while (m_pos < n) {
                const char c = base[m_pos];
                if (c == m_delim || c == '\n' || c == '\r') break;
                if (c == '"') {
                    if (m_strayQuotes++ == 0) m_strayQuoteLine = m_line;
                }
                ++m_pos;
            }
            f.raw = std::string_view(base + start, m_pos - start);
        }
        fields.push_back(f);
        if (m_pos >= n) return true;
        const char c = base[m_pos];
        if (c == m_delim) {
            ++m_pos;
            continue;
        }
        // End of record.
        if (c == '\r' && m_pos + 1 < n && base[m_pos + 1] == '\n') ++m_pos;
        ++m_pos;
        ++m_line;
        m_lineStart = m_pos;
        return true;
    }
}

namespace {

bool isContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// Validates the sequences that start in [from, to), reading past `to` to finish the last one and
// through any continuation bytes that follow it (the next range starts after them).
std::size_t findInvalidUtf8In(std::string_view data, std::size_t from, std::size_t to) {
    const auto* s = reinterpret_cast<const unsigned char*>(data.data());
    const std::size_t n = data.size();
    std::size_t i = from;
    while (i < n && (i < to || isContinuation(s[i]))) {
        // Fast path: runs of ASCII bytes, many at a time.
        if (const std::size_t j = skipAscii(s, i, std::min(n, to)); j > i) {
            i = j;
            continue;
        }
        const unsigned char c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len;
        std::uint32_t cp;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            cp = c & 0x07;
        } else
            return i;
        if (i + len > n) return i;
        for (std::size_t k = 1; k < len; ++k) {
            if ((s[i + k] & 0xC0) != 0x80) return i;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        // Overlong forms, surrogates and values past U+10FFFF are invalid.
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return std::string_view::npos;
}

}  // namespace

std::size_t findInvalidUtf8(std::string_view data, int threads) {
    const std::size_t n = data.size();
    const std::size_t ranges = threads > 1 && n > (1u << 20) ? std::size_t(threads) * 4 : 1;
    // Range k starts at the first byte at or after its share that is not a continuation byte, so
    // every sequence is checked by exactly one range and the first failure is the file's first.
    std::vector<std::size_t> starts(ranges + 1, n);
    for (std::size_t k = 0; k < ranges; ++k) {
        std::size_t b = k * (n / ranges);
        while (k > 0 && b < n && isContinuation(static_cast<unsigned char>(data[b]))) ++b;
        starts[k] = b;
    }
    std::vector<std::size_t> bad(ranges, std::string_view::npos);
    (void)parallelFor(ranges, threads, RunContext{}, [&](std::size_t k) {
        bad[k] = findInvalidUtf8In(data, starts[k], std::max(starts[k], starts[k + 1]));
        return Status::ok();
    });
    return *std::min_element(bad.begin(), bad.end());
}

}  // namespace veil::detail
