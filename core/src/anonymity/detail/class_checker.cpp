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
    : m_sensitive(sensitive), m_models(models), m_needsHistogram(models.needsSensitive()) {}

bool ClassChecker::satisfies(std::size_t size, const std::vector<std::uint32_t>& hist,
                             const std::vector<std::uint32_t>& touched, std::size_t subsetCount) const {
    if (size < std::size_t(m_models.k)) return false;
    if (m_models.lDiversity && !lDiverse(size, hist, touched)) return false;
    if (m_models.tCloseness) {
        double d = 0;
        switch (m_models.tCloseness->variant) {
            case TClosenessVariant::EqualDistance:
                d = equalDistance(size, hist, touched);
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

// Machanavajjhala et al., l-diversity (ICDE 2006), definitions 4.1 (entropy) and 4.2 (recursive).
bool ClassChecker::lDiverse(std::size_t size, const std::vector<std::uint32_t>& hist,
                            const std::vector<std::uint32_t>& touched) const {
    const auto& ld = *m_models.lDiversity;
    const std::size_t distinct = touched.size();
    switch (ld.variant) {
        case LDiversityVariant::Distinct:
            return double(distinct) >= ld.l;
        case LDiversityVariant::Entropy: {
            double entropy = 0;
            for (auto c : touched) {
                const double p = double(hist[c]) / double(size);
                entropy -= p * std::log(p);
            }
            return entropy >= std::log(ld.l) - kEps;
        }
        case LDiversityVariant::Recursive: {
            const auto l = std::size_t(ld.l);
            if (distinct < l) return false;
            m_counts.clear();
            for (auto c : touched) m_counts.push_back(hist[c]);
            std::sort(m_counts.begin(), m_counts.end(), std::greater<>());
            double tail = 0;
            for (std::size_t i = l - 1; i < m_counts.size(); ++i) tail += m_counts[i];
            return double(m_counts[0]) < ld.c * tail;
        }
    }
    return false;
}

// Li et al., t-closeness (ICDE 2007), section 4.2: EMD with equal ground distance = 1/2 sum |p - q|.
double ClassChecker::equalDistance(std::size_t size, const std::vector<std::uint32_t>& hist,
                                   const std::vector<std::uint32_t>& touched) const {
    const auto& q = m_sensitive.globalFrequency;
    double sum = 1.0;  // sum over untouched codes of q, corrected below for the touched ones
    for (auto c : touched) sum += std::fabs(double(hist[c]) / double(size) - q[c]) - q[c];
    return std::max(0.0, sum / 2.0);
}

// Li et al. 2007, ordered distance: 1/(m-1) sum_i |sum_{j<=i} (p_j - q_j)| over the value order.
double ClassChecker::orderedDistance(std::size_t size, const std::vector<std::uint32_t>& hist) const {
    const auto& q = m_sensitive.globalFrequency;
    const std::size_t m = m_sensitive.orderedCodes.size();
    if (m < 2) return 0.0;
    double cumulative = 0, total = 0;
    for (std::size_t i = 0; i < m; ++i) {
        const auto c = m_sensitive.orderedCodes[i];
        cumulative += double(hist[c]) / double(size) - q[c];
        total += std::fabs(cumulative);
    }
    return total / double(m - 1);
}

// Li et al. 2007, hierarchical distance: sum over inner nodes N of level(N)/H x
// min(positive extra, negative extra) of N's children, extra = sum of (p - q) below.
double ClassChecker::hierarchicalDistance(std::size_t size, const std::vector<std::uint32_t>& hist) const {
    const auto& s = m_sensitive;
    const int H = s.hierarchyHeight;
    if (H <= 0) return 0.0;
    const std::size_t m = s.values.size();
    // extra of the nodes at the current level; start with leaves (codes).
    std::vector<double> extra(m);
    for (std::size_t c = 0; c < m; ++c) extra[c] = double(hist[c]) / double(size) - s.globalFrequency[c];
    // childLabel[c]: label id of code c at the level below (level 0: the code itself).
    double distance = 0;
    std::vector<double> pos, neg, next;
    std::vector<std::uint32_t> below(m);
    for (std::size_t c = 0; c < m; ++c) below[c] = std::uint32_t(c);
    std::vector<std::uint8_t> seen;
    for (int level = 1; level <= H; ++level) {
        const auto n = s.labelsPerLevel[std::size_t(level)];
        pos.assign(n, 0);
        neg.assign(n, 0);
        next.assign(n, 0);
        seen.assign(extra.size(), 0);
        for (std::size_t c = 0; c < m; ++c) {
            const auto child = below[c];
            if (seen[child]) continue;
            seen[child] = 1;
            const auto parent = s.codeLabel[std::size_t(level)][c];
            const double e = extra[child];
            if (e > 0)
                pos[parent] += e;
            else
                neg[parent] -= e;
            next[parent] += e;
        }
        for (std::uint32_t p = 0; p < n; ++p) distance += double(level) / double(H) * std::min(pos[p], neg[p]);
        extra = next;
        for (std::size_t c = 0; c < m; ++c) below[c] = s.codeLabel[std::size_t(level)][c];
    }
    return distance;
}

}  // namespace veil::anonymity::detail
