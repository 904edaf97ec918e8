// The Hilbert curve of DAWA's 2-D case (Li, Hay, Miklau, Wang, PVLDB 2014, Sec. 5).
#include "dp/detail/hilbert_curve.h"

#include <bit>

namespace veil::dp::detail {

std::size_t powerOfTwoAtLeast(std::size_t n) {
    std::size_t p = 1;
    while (p < n) p *= 2;
    return p;
}

std::vector<std::size_t> hilbertOrder(std::size_t side) {
    if (side <= 1) return {0};
    std::vector<std::size_t> x{0, 0, 1, 1}, y{0, 1, 1, 0};  // side 2: (0,0) (0,1) (1,1) (1,0)
    for (std::size_t s = 4; s <= side; s *= 2) {
        const std::size_t h = s / 2, q = x.size();
        std::vector<std::size_t> nx(4 * q), ny(4 * q);
        for (std::size_t i = 0; i < q; ++i) {
            nx[i] = y[i], ny[i] = x[i];
            nx[q + i] = x[i], ny[q + i] = h + y[i];
            nx[2 * q + i] = h + x[i], ny[2 * q + i] = h + y[i];
            nx[3 * q + i] = s - 1 - y[i], ny[3 * q + i] = h - 1 - x[i];
        }
        x = std::move(nx);
        y = std::move(ny);
    }
    std::vector<std::size_t> order(x.size());
    for (std::size_t t = 0; t < x.size(); ++t) order[t] = x[t] * side + y[t];
    return order;
}

namespace {

struct RunCollector {
    std::size_t rowLo, rowHi, colLo, colHi, side;
    const std::vector<std::size_t>& position;
    std::vector<HilbertRun> runs;

    void emit(std::size_t start, std::size_t area) {
        if (!runs.empty() && runs.back().second + 1 == start)
            runs.back().second += area;
        else
            runs.emplace_back(start, start + area - 1);
    }

    // The block of size x size cells at (r, c), which meets the rectangle; its run starts at `start`.
    // `areaShift`: log2 of its area. A block that is not inside has size 2 or more.
    void visit(std::size_t r, std::size_t c, std::size_t size, std::size_t start, unsigned areaShift) {
        if (r >= rowLo && c >= colLo && r + size - 1 <= rowHi && c + size - 1 <= colHi) {
            emit(start, std::size_t(1) << areaShift);
            return;
        }
        const std::size_t h = size / 2;
        const unsigned shift = areaShift - 2;  // a quarter's
        // The curve runs through the quarters around the block, one way or the other: quarters
        // 0 (top left), 1 (top right), 3, 2 in turn, or the reverse, from any of them. The ranks
        // of quarters 0 and 1 tell which.
        const std::size_t a = (position[r * side + c] - start) >> shift;
        const std::size_t b = (position[r * side + c + h] - start) >> shift;
        const std::size_t step = b == ((a + 1) & 3) ? 1 : 3;  // 3: backwards, mod 4
        constexpr std::size_t kAround[4] = {0, 1, 3, 2};      // the quarters in order around the block
        std::size_t rows[4] = {}, cols[4] = {};
        for (std::size_t i = 0; i < 4; ++i) {
            const std::size_t q = kAround[i], rank = (a + i * step) & 3;
            rows[rank] = r + (q / 2) * h, cols[rank] = c + (q % 2) * h;
        }
        for (std::size_t k = 0; k < 4; ++k)
            if (rows[k] <= rowHi && cols[k] <= colHi && rows[k] + h > rowLo && cols[k] + h > colLo)
                visit(rows[k], cols[k], h, start + (k << shift), shift);
    }
};

}  // namespace

std::vector<HilbertRun> hilbertRuns(std::size_t rowLo, std::size_t rowHi, std::size_t colLo, std::size_t colHi,
                                    std::size_t side, const std::vector<std::size_t>& position) {
    RunCollector collector{rowLo, rowHi, colLo, colHi, side, position, {}};
    collector.visit(0, 0, side, 0, unsigned(std::countr_zero(side)) * 2);
    return std::move(collector.runs);
}

}  // namespace veil::dp::detail
