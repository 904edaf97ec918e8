#include "anonymity/detail/class_checker.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace veil::anonymity::detail {

namespace {
// Tolerance for comparing entropies and distances computed in floating point with the thresholds.
constexpr double kEps = 1e-12;
}  // namespace

ClassChecker::ClassChecker(const SensitiveData& sensitive, const PrivacyModels& models)
    : m_sensitive(sensitive),
      m_models(models),
      m_needsHistogram(models.needsSensitive()),
      m_logL(models.lDiversity ? std::log(models.lDiversity->l) : 0.0) {}

bool ClassChecker::satisfies(std::size_t size, const HistogramView& hist, std::size_t subsetCount) const {
    if (size < std::size_t(m_models.k)) return false;
    if (m_models.lDiversity && !lDiverse(size, hist)) return false;
    if (m_models.tCloseness) {
        double d = 0;
        switch (m_models.tCloseness->variant) {
            case TClosenessVariant::EqualDistance:
                d = equalDistance(size, hist);
                break;
            case TClosenessVariant::OrderedDistance:
                d = orderedDistance(size, hist);
                break;
            case TClosenessVariant::HierarchicalDistance:
                d = hierarchicalDistance(size, hist);
                break;
        }
        if (d > m_models.tCloseness->t + kEps) return false;
    }
    if (m_models.deltaPresence) {
        const double delta = double(subsetCount) / double(size);
        if (delta < m_models.deltaPresence->deltaMin - kEps || delta > m_models.deltaPresence->deltaMax + kEps)
            return false;
    }
    return true;
}

bool ClassChecker::satisfies(std::size_t size, const std::vector<std::uint32_t>& hist,
                             const std::vector<std::uint32_t>& touched, std::size_t subsetCount) const {
    m_gathered.clear();
    for (auto c : touched) m_gathered.push_back(hist[c]);
    return satisfies(size, HistogramView{touched.data(), m_gathered.data(), touched.size()}, subsetCount);
}

void ClassChecker::growNLogN(std::size_t n) const {
    if (n < m_nLogN.size()) return;
    const std::size_t from = m_nLogN.size();
    m_nLogN.resize(std::max(n + 1, 2 * from));
    for (std::size_t i = from; i < m_nLogN.size(); ++i) m_nLogN[i] = i ? double(i) * std::log(double(i)) : 0.0;
}

// H = -sum (c/n) log(c/n) = (n log n - sum c log c) / n, every count being at most n.
double ClassChecker::entropy(std::size_t size, const HistogramView& hist) const {
    growNLogN(size);
    const double* t = m_nLogN.data();
    double sum = 0;
    for (std::size_t i = 0; i < hist.distinct; ++i) sum += t[hist.counts[i]];
    return (t[size] - sum) / double(size);
}

// Machanavajjhala et al., l-diversity (ICDE 2006), definitions 4.1 (entropy) and 4.2 (recursive).
bool ClassChecker::lDiverse(std::size_t size, const HistogramView& hist) const {
    const auto& ld = *m_models.lDiversity;
    switch (ld.variant) {
        case LDiversityVariant::Distinct:
            return double(hist.distinct) >= ld.l;
        case LDiversityVariant::Entropy:
            return entropy(size, hist) >= m_logL - kEps;
        case LDiversityVariant::Recursive: {
            const auto l = std::size_t(ld.l);
            if (hist.distinct < l) return false;
            m_counts.assign(hist.counts, hist.counts + hist.distinct);
            std::sort(m_counts.begin(), m_counts.end(), std::greater<>());
            double tail = 0;
            for (std::size_t i = l - 1; i < m_counts.size(); ++i) tail += m_counts[i];
            return double(m_counts[0]) < ld.c * tail;
        }
    }
    return false;
}

// Li et al., t-closeness (ICDE 2007), section 4.2: EMD with equal ground distance = 1/2 sum |p - q|,
// over the class's non-zero entries plus the global mass of the others, scaled by the class size n:
// 1/2 (1 + sum_present (|c - n q| - n q) / n).
double ClassChecker::equalDistance(std::size_t size, const HistogramView& hist) const {
    const auto& q = m_sensitive.globalFrequency;
    const double n = double(size);
    double sum = n;  // n x the global mass of the absent codes, corrected below for the present ones
    for (std::size_t i = 0; i < hist.distinct; ++i) {
        const double nq = n * q[hist.codes[i]];
        sum += std::fabs(double(hist.counts[i]) - nq) - nq;
    }
    return std::max(0.0, sum / (2.0 * n));
}

void ClassChecker::scatter(std::size_t size, const HistogramView& hist) const {
    const auto& q = m_sensitive.globalFrequency;
    m_extra.resize(q.size());
    for (std::size_t c = 0; c < q.size(); ++c) m_extra[c] = -q[c];
    for (std::size_t i = 0; i < hist.distinct; ++i) m_extra[hist.codes[i]] += double(hist.counts[i]) / double(size);
}

// Li et al. 2007, ordered distance: 1/(m-1) sum_i |sum_{j<=i} (p_j - q_j)| over the value order.
double ClassChecker::orderedDistance(std::size_t size, const HistogramView& hist) const {
    const std::size_t m = m_sensitive.orderedCodes.size();
    if (m < 2) return 0.0;
    scatter(size, hist);
    double cumulative = 0, total = 0;
    for (std::size_t i = 0; i < m; ++i) {
        cumulative += m_extra[m_sensitive.orderedCodes[i]];
        total += std::fabs(cumulative);
    }
    return total / double(m - 1);
}

// Li et al. 2007, hierarchical distance: sum over inner nodes N of level(N)/H x
// min(positive extra, negative extra) of N's children, extra = sum of (p - q) below.
double ClassChecker::hierarchicalDistance(std::size_t size, const HistogramView& hist) const {
    const auto& s = m_sensitive;
    const int H = s.hierarchyHeight;
    if (H <= 0) return 0.0;
    const std::size_t m = s.values.size();
    scatter(size, hist);  // extra of the leaves (codes)
    double distance = 0;
    for (int level = 1; level <= H; ++level) {
        const auto n = s.labelsPerLevel[std::size_t(level)];
        const auto& parentOf = s.codeLabel[std::size_t(level)];
        // below(c): the label of code c one level down (level 0: the code itself).
        const std::uint32_t* below = level > 1 ? s.codeLabel[std::size_t(level) - 1].data() : nullptr;
        m_pos.assign(n, 0);
        m_neg.assign(n, 0);
        m_next.assign(n, 0);
        m_seen.assign(m_extra.size(), 0);
        for (std::size_t c = 0; c < m; ++c) {
            const auto child = below ? below[c] : std::uint32_t(c);
            if (m_seen[child]) continue;
            m_seen[child] = 1;
            const double e = m_extra[child];
            if (e > 0)
                m_pos[parentOf[c]] += e;
            else
                m_neg[parentOf[c]] -= e;
            m_next[parentOf[c]] += e;
        }
        for (std::uint32_t p = 0; p < n; ++p) distance += double(level) / double(H) * std::min(m_pos[p], m_neg[p]);
        m_extra.swap(m_next);
    }
    return distance;
}

}  // namespace veil::anonymity::detail
