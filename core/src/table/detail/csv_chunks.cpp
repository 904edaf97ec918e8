#include "csv_chunks.h"

#include "byte_scan.h"

#include "veil/common/parallel.h"

#include <algorithm>

namespace veil::detail {

namespace {

// The first record start at or after `pos`, given whether `pos` is inside a quoted field: just past
// a line end outside quotes, past any further blank lines. data.size() when there is none.
std::size_t nextRecordStart(std::string_view data, std::size_t pos, bool inQuotes) {
    const std::size_t n = data.size();
    for (; pos < n; ++pos) {
        const char c = data[pos];
        if (c == '"')
            inQuotes = !inQuotes;
        else if (!inQuotes && (c == '\n' || c == '\r'))
            break;
    }
    while (pos < n && (data[pos] == '\n' || data[pos] == '\r')) ++pos;
    return pos;
}

}  // namespace

std::vector<std::size_t> splitAtRecords(std::string_view data, std::size_t from, std::size_t parts, int threads) {
    const std::size_t n = data.size();
    std::vector<std::size_t> cuts{from};
    if (parts <= 1 || from >= n) {
        cuts.push_back(n);
        return cuts;
    }
    // Guessed cuts at equal byte distances; the quotes between consecutive guesses are counted in
    // parallel, and their running parity tells whether a guess falls inside a quoted field.
    const std::size_t step = (n - from) / parts;
    std::vector<std::size_t> guess(parts + 1);
    for (std::size_t k = 0; k <= parts; ++k) guess[k] = k == parts ? n : from + k * step;
    std::vector<std::size_t> quotes(parts, 0);
    (void)parallelFor(parts, threads, RunContext{}, [&](std::size_t k) {
        quotes[k] = countByte(data.substr(guess[k], guess[k + 1] - guess[k]), '"');
        return Status::ok();
    });
    std::size_t parity = 0;
    for (std::size_t k = 1; k < parts; ++k) {
        parity += quotes[k - 1];
        const std::size_t cut = nextRecordStart(data, guess[k], parity % 2 == 1);
        if (cut > cuts.back() && cut < n) cuts.push_back(cut);
    }
    cuts.push_back(n);
    return cuts;
}

}  // namespace veil::detail
