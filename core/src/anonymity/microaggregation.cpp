// MDAV microaggregation (Domingo-Ferrer & Mateo-Sanz, IEEE TKDE 2002): fixed-size groups around the
// records farthest from the centroid, on standardised columns; means and SSE/SST per group.
#include "veil/anonymity/microaggregation.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace veil::anonymity {

namespace {

// The records still to be grouped, standardised and stored row by row in input order (compacted as
// groups are taken, so every pass reads memory in order); ties go to the record that comes first.
class MdavState {
public:
    MdavState(std::vector<double> z, std::size_t n, std::size_t p) : m_z(std::move(z)), m_p(p), m_dist(n, 0.0) {
        m_ids.resize(n);
        for (std::size_t i = 0; i < n; ++i) m_ids[i] = i;
    }

    std::size_t remaining() const { return m_ids.size(); }

    std::vector<double> centroid() const {
        std::vector<double> c(m_p, 0.0);
        for (std::size_t a = 0; a < m_ids.size(); ++a)
            for (std::size_t j = 0; j < m_p; ++j) c[j] += m_z[a * m_p + j];
        for (auto& v : c) v /= double(m_ids.size());
        return c;
    }

    // The coordinates of the remaining record at position `a`.
    std::vector<double> record(std::size_t a) const {
        return {m_z.begin() + std::ptrdiff_t(a * m_p), m_z.begin() + std::ptrdiff_t((a + 1) * m_p)};
    }

    // Squared distances of the remaining records to `point`; returns the position of the farthest.
    std::size_t measureFrom(const std::vector<double>& point) {
        std::size_t best = 0;
        double bestDist = -1.0;
        const double* z = m_z.data();
        for (std::size_t a = 0; a < m_ids.size(); ++a) {
            double d = 0;
            for (std::size_t j = 0; j < m_p; ++j) {
                const double delta = z[a * m_p + j] - point[j];
                d += delta * delta;
            }
            m_dist[a] = d;
            if (d > bestDist) bestDist = d, best = a;
        }
        return best;
    }

    // The k remaining records nearest to the last point measured (by distance, then input order),
    // removed from the remaining ones; one pass with a max-heap of the k best so far, O(n log k).
    std::vector<std::size_t> takeNearest(std::size_t k) {
        std::vector<std::pair<double, std::size_t>> heap;
        heap.reserve(k);
        for (std::size_t a = 0; a < m_ids.size(); ++a) {
            if (heap.size() < k) {
                heap.emplace_back(m_dist[a], a);
                std::push_heap(heap.begin(), heap.end());
            } else if (m_dist[a] < heap.front().first) {  // equal distance: the earlier record stays
                std::pop_heap(heap.begin(), heap.end());
                heap.back() = {m_dist[a], a};
                std::push_heap(heap.begin(), heap.end());
            }
        }
        std::vector<std::size_t> positions;
        positions.reserve(heap.size());
        for (const auto& entry : heap) positions.push_back(entry.second);
        std::sort(positions.begin(), positions.end());
        std::vector<std::size_t> group;
        group.reserve(positions.size());
        for (auto a : positions) group.push_back(m_ids[a]);
        remove(positions);
        return group;
    }

    std::vector<std::size_t> takeAll() {
        std::vector<std::size_t> group(m_ids.begin(), m_ids.end());
        m_ids.clear();
        return group;
    }

private:
    void remove(const std::vector<std::size_t>& sortedPositions) {
        std::size_t g = 0, out = 0;
        for (std::size_t a = 0; a < m_ids.size(); ++a) {
            if (g < sortedPositions.size() && sortedPositions[g] == a) {
                ++g;
                continue;
            }
            if (out != a) {
                m_ids[out] = m_ids[a];
                std::copy_n(m_z.begin() + std::ptrdiff_t(a * m_p), m_p, m_z.begin() + std::ptrdiff_t(out * m_p));
            }
            ++out;
        }
        m_ids.resize(out);
        m_z.resize(out * m_p);
    }

    std::vector<double> m_z;  // remaining records, row by row
    std::size_t m_p;
    std::vector<double> m_dist;      // per remaining record
    std::vector<std::size_t> m_ids;  // input index per remaining record, increasing
};

Status validate(const std::vector<std::vector<double>>& columns, std::size_t k) {
    if (columns.empty()) return Status::invalidArgument("MDAV needs at least one numeric column");
    const std::size_t n = columns.front().size();
    if (n == 0) return Status::invalidArgument("MDAV needs at least one record");
    for (std::size_t j = 0; j < columns.size(); ++j) {
        if (columns[j].size() != n)
            return Status::invalidArgument("MDAV: column " + std::to_string(j + 1) + " has " +
                                           std::to_string(columns[j].size()) + " values, column 1 has " +
                                           std::to_string(n));
        for (std::size_t i = 0; i < n; ++i)
            if (!std::isfinite(columns[j][i]))
                return Status::invalidArgument("MDAV: column " + std::to_string(j + 1) + " has a value that is not " +
                                               "finite in record " + std::to_string(i + 1));
    }
    if (k < 1) return Status::invalidArgument("k must be at least 1 (got 0)");
    if (k > n)
        return Status::invalidArgument("k = " + std::to_string(k) + " is larger than the number of records (" +
                                       std::to_string(n) + ")");
    return Status::ok();
}

// Columns centred and divided by their standard deviation (n - 1 denominator, as R's sd), row by row.
std::vector<double> standardise(const std::vector<std::vector<double>>& columns) {
    const std::size_t p = columns.size(), n = columns.front().size();
    std::vector<double> z(n * p, 0.0);
    for (std::size_t j = 0; j < p; ++j) {
        double mean = 0;
        for (double v : columns[j]) mean += v;
        mean /= double(n);
        double ss = 0;
        for (double v : columns[j]) ss += (v - mean) * (v - mean);
        const double sd = n > 1 ? std::sqrt(ss / double(n - 1)) : 0.0;
        if (!(sd > 0)) continue;  // constant column: all zeros
        for (std::size_t i = 0; i < n; ++i) z[i * p + j] = (columns[j][i] - mean) / sd;
    }
    return z;
}

// Means per group (original units) and SSE/SST on the standardised values.
void summarise(const std::vector<std::vector<double>>& columns, const std::vector<double>& z, Microaggregation& m) {
    const std::size_t p = columns.size(), n = columns.front().size();
    m.recordGroup.assign(n, 0);
    m.groupMeans.assign(m.groups.size(), std::vector<double>(p, 0.0));
    for (std::size_t g = 0; g < m.groups.size(); ++g) {
        const auto& members = m.groups[g];
        for (auto i : members) m.recordGroup[i] = std::uint32_t(g);
        for (std::size_t j = 0; j < p; ++j) {
            double sum = 0, zsum = 0;
            for (auto i : members) sum += columns[j][i], zsum += z[i * p + j];
            m.groupMeans[g][j] = sum / double(members.size());
            const double zmean = zsum / double(members.size());
            for (auto i : members) m.sse += (z[i * p + j] - zmean) * (z[i * p + j] - zmean);
        }
    }
    for (double v : z) m.sst += v * v;  // standardised columns have mean 0
}

}  // namespace

Result<Microaggregation> mdav(const std::vector<std::vector<double>>& columns, std::size_t k, const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validate(columns, k));
    const std::size_t n = columns.front().size(), p = columns.size();
    auto z = standardise(columns);
    MdavState state(z, n, p);
    Microaggregation m;
    ProgressReporter progress(ctx, "MDAV microaggregation", static_cast<long long>(n));
    const auto grouped = [&] { return static_cast<long long>(n - state.remaining()); };
    while (state.remaining() >= 3 * k) {
        const std::size_t r = state.measureFrom(state.centroid());
        const auto s = state.record(state.measureFrom(state.record(r)));
        m.groups.push_back(state.takeNearest(k));  // around r: the distances measured are to r
        state.measureFrom(s);
        m.groups.push_back(state.takeNearest(k));
        if (!progress.step(grouped())) return Status::cancelled();
    }
    if (state.remaining() >= 2 * k) {
        state.measureFrom(state.record(state.measureFrom(state.centroid())));
        m.groups.push_back(state.takeNearest(k));
    }
    if (state.remaining() > 0) m.groups.push_back(state.takeAll());
    progress.finish();
    summarise(columns, z, m);
    return m;
}

}  // namespace veil::anonymity
