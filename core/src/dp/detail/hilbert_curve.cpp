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

}  // namespace veil::dp::detail
