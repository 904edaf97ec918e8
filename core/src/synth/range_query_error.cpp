// Range counting queries on a synthetic table against the real one (teaching mode; see the header).
#include "veil/synth/range_query_error.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace veil::synth {

namespace {

// An interval [a, b] of 0..m-1 uniformly among the m(m+1)/2 of them: b = the first value whose
// count of intervals ending at or before it reaches the draw.
CodeRange uniformInterval(std::size_t column, std::size_t m, RandomSource& random) {
    const std::uint64_t total = std::uint64_t(m) * (m + 1) / 2;
    std::uint64_t k = random.uniformBelow(total);
    std::uint64_t b = 0;
    while (k >= b + 1) {  // b + 1 intervals end at b
        k -= b + 1;
        ++b;
    }
    return {column, static_cast<std::int32_t>(k), static_cast<std::int32_t>(b)};
}

}  // namespace

Result<std::vector<RangeQuery>> randomRangeQueries(const std::vector<std::size_t>& declaredSizes, std::size_t count,
                                                   std::size_t maxAttributes, RandomSource& random) {
    std::vector<std::size_t> usable;
    for (std::size_t c = 0; c < declaredSizes.size(); ++c)
        if (declaredSizes[c] > 0) usable.push_back(c);
    if (usable.empty()) return Status::invalidArgument("range queries: no column with a declared value");
    if (maxAttributes == 0) return Status::invalidArgument("range queries: attributes per query must be at least 1");
    const std::size_t most = std::min(maxAttributes, usable.size());
    std::vector<RangeQuery> out;
    out.reserve(count);
    for (std::size_t q = 0; q < count; ++q) {
        const std::size_t d = 1 + std::size_t(random.uniformBelow(most));
        std::vector<std::size_t> pool = usable;
        RangeQuery query;
        for (std::size_t i = 0; i < d; ++i) {  // a partial Fisher-Yates draw of d distinct columns
            const std::size_t j = i + std::size_t(random.uniformBelow(pool.size() - i));
            std::swap(pool[i], pool[j]);
            query.push_back(uniformInterval(pool[i], declaredSizes[pool[i]], random));
        }
        std::sort(query.begin(), query.end(),
                  [](const CodeRange& a, const CodeRange& b) { return a.column < b.column; });
        out.push_back(std::move(query));
    }
    return out;
}

double rangeShare(const DiscreteTable& t, const RangeQuery& q) {
    const std::size_t n = t.rowCount();
    if (n == 0) return 0.0;
    std::size_t inside = 0;
    for (std::size_t r = 0; r < n; ++r) {
        bool in = true;
        for (const auto& c : q) {
            const std::int32_t v = t.codes[c.column][r];
            if (v < c.lower || v > c.upper) {
                in = false;
                break;
            }
        }
        inside += in ? 1 : 0;
    }
    return static_cast<double>(inside) / static_cast<double>(n);
}

Result<RangeQueryError> teachingRangeQueryError(const DiscreteTable& real, const DiscreteTable& synthetic,
                                                const std::vector<RangeQuery>& queries) {
    if (real.names != synthetic.names || real.sizes != synthetic.sizes)
        return Status::invalidArgument("synthetic table: its columns or domains differ from the real table's");
    for (const auto& q : queries)
        for (const auto& c : q)
            if (c.column >= real.sizes.size())
                return Status::invalidArgument("range query: column " + std::to_string(c.column) +
                                               " is not in the table");
    RangeQueryError out;
    out.queries = queries.size();
    double sum = 0.0;
    for (const auto& q : queries) {
        const double e = std::abs(rangeShare(real, q) - rangeShare(synthetic, q));
        sum += e;
        out.maxAbsoluteError = std::max(out.maxAbsoluteError, e);
    }
    out.meanAbsoluteError = queries.empty() ? 0.0 : sum / static_cast<double>(queries.size());
    return out;
}

}  // namespace veil::synth
