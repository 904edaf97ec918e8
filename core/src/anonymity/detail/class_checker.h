// ClassChecker: decides whether one equivalence class satisfies the privacy models, given its
// size, its sensitive-value histogram and its research-subset count.
#pragma once

#include "anonymity/detail/class_histograms.h"
#include "anonymity/detail/encoded_data.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace veil::anonymity::detail {

class ClassChecker {
public:
    ClassChecker(const SensitiveData& sensitive, const PrivacyModels& models);

    bool needsHistogram() const { return m_needsHistogram; }
    bool needsSubset() const { return m_models.deltaPresence.has_value(); }
    // Classes smaller than this fail whatever their histogram (k-anonymity).
    std::size_t minSize() const { return std::size_t(std::max(1, m_models.k)); }

    // `hist` lists the class's non-zero counts (ignored when no model needs them).
    bool satisfies(std::size_t size, const HistogramView& hist, std::size_t subsetCount) const;
    // The same with a dense histogram over the codes; `touched` lists the codes with a non-zero count.
    bool satisfies(std::size_t size, const std::vector<std::uint32_t>& hist, const std::vector<std::uint32_t>& touched,
                   std::size_t subsetCount) const;

    // Entropy of the class distribution (natural log), from a table of n log n.
    double entropy(std::size_t size, const HistogramView& hist) const;
    // t-closeness distances of a class distribution to the table's (exposed for tests).
    double equalDistance(std::size_t size, const HistogramView& hist) const;
    double orderedDistance(std::size_t size, const HistogramView& hist) const;
    double hierarchicalDistance(std::size_t size, const HistogramView& hist) const;

private:
    bool lDiverse(std::size_t size, const HistogramView& hist) const;
    void growNLogN(std::size_t n) const;                              // m_nLogN covers 0..n
    void scatter(std::size_t size, const HistogramView& hist) const;  // m_extra[c] = p_c - q_c

    const SensitiveData& m_sensitive;
    PrivacyModels m_models;
    bool m_needsHistogram = false;
    double m_logL = 0;                    // log l (entropy l-diversity)
    mutable std::vector<double> m_nLogN;  // i log i at i, grown on demand
    mutable std::vector<double> m_extra, m_pos, m_neg, m_next;
    mutable std::vector<std::uint32_t> m_counts, m_gathered;
    mutable std::vector<std::uint8_t> m_seen;
};

}  // namespace veil::anonymity::detail
