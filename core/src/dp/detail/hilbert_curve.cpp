// The Hilbert curve of DAWA's 2-D case (Li, Hay, Miklau, Wang, PVLDB 2014, Sec. 5).
#include "dp/detail/hilbert_curve.h"

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
    void visit(std::size_t r, std::size_t c, std::size_t size, std::size_t start) {
        if (r >= rowLo && c >= colLo && r + size - 1 <= rowHi && c + size - 1 <= colHi) {
            emit(start, size * size);
            return;
        }
        const std::size_t h = size / 2, area = h * h;
        // The quarters by their rank along the curve (each one run of `area` positions).
        std::size_t rows[4] = {}, cols[4] = {};
        for (std::size_t q = 0; q < 4; ++q) {
            const std::size_t qr = r + (q / 2) * h, qc = c + (q % 2) * h;
            const std::size_t rank = (position[qr * side + qc] - start) / area;
            rows[rank] = qr, cols[rank] = qc;
        }
        for (std::size_t k = 0; k < 4; ++k)
            if (rows[k] <= rowHi && cols[k] <= colHi && rows[k] + h > rowLo && cols[k] + h > colLo)
                visit(rows[k], cols[k], h, start + k * area);
    }
};

}  // namespace

std::vector<HilbertRun> hilbertRuns(std::size_t rowLo, std::size_t rowHi, std::size_t colLo, std::size_t colHi,
                                    std::size_t side, const std::vector<std::size_t>& position) {
    RunCollector collector{rowLo, rowHi, colLo, colHi, side, position, {}};
    collector.visit(0, 0, side, 0);
    return std::move(collector.runs);
}

}  // namespace veil::dp::detail
