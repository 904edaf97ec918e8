#include "anonymity/detail/released_domain.h"

#include <algorithm>
#include <numeric>

namespace veil::anonymity::detail {

ReleasedDomain::ReleasedDomain(const std::vector<std::uint32_t>& original, const std::vector<std::uint32_t>& released,
                               std::size_t originalValues, std::size_t releasedValues,
                               const std::vector<std::uint8_t>& suppressed, const std::vector<std::uint8_t>& countRow)
    : m_contains(releasedValues), m_containing(originalValues), m_given(originalValues) {
    // (v, g) of every row, sorted: the distinct pairs say what contains what; the counted rows' runs
    // per v give the weights.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> all, counted;
    all.reserve(original.size());
    for (std::size_t r = 0; r < original.size(); ++r) {
        all.emplace_back(original[r], released[r]);
        if (countRow.empty() || countRow[r]) counted.emplace_back(original[r], released[r]);
    }
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    std::vector<std::uint32_t> domain(originalValues);
    std::iota(domain.begin(), domain.end(), 0u);
    for (std::uint32_t g = 0; g < releasedValues; ++g)
        if (suppressed[g]) m_contains[g] = domain;
    for (const auto& [v, g] : all)
        if (!suppressed[g]) m_contains[g].push_back(v);  // ascending v: `all` is sorted by v first
    for (std::uint32_t g = 0; g < releasedValues; ++g)
        for (std::uint32_t v : m_contains[g]) m_containing[v].push_back(g);
    std::sort(counted.begin(), counted.end());
    for (std::size_t i = 0; i < counted.size();) {
        const std::uint32_t v = counted[i].first;
        std::size_t end = i;
        while (end < counted.size() && counted[end].first == v) ++end;
        for (std::size_t j = i; j < end;) {
            std::size_t next = j;
            while (next < end && counted[next].second == counted[j].second) ++next;
            m_given[v].emplace_back(counted[j].second, double(next - j) / double(end - i));
            j = next;
        }
        i = end;
    }
}

}  // namespace veil::anonymity::detail
