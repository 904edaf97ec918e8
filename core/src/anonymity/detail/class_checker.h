// ClassChecker: decides whether one equivalence class satisfies the privacy models, given its
// size, its sensitive-value histogram and its research-subset count.
#pragma once

#include "anonymity/detail/encoded_data.h"

#include <cstdint>
#include <vector>

namespace veil::anonymity::detail {

class ClassChecker {
public:
    ClassChecker(const SensitiveData& sensitive, const PrivacyModels& models);

    bool needsHistogram() const { return m_needsHistogram; }
    bool needsSubset() const { return m_models.deltaPresence.has_value(); }

    // `hist` is dense over sensitive codes; `touched` lists the codes with a non-zero count.
    bool satisfies(std::size_t size, const std::vector<std::uint32_t>& hist, const std::vector<std::uint32_t>& touched,
                   std::size_t subsetCount) const;

    // t-closeness distances of a class distribution to the table's (exposed for tests).
    double equalDistance(std::size_t size, const std::vector<std::uint32_t>& hist,
                         const std::vector<std::uint32_t>& touched) const;
    double orderedDistance(std::size_t size, const std::vector<std::uint32_t>& hist) const;
    double hierarchicalDistance(std::size_t size, const std::vector<std::uint32_t>& hist) const;

private:
    bool lDiverse(std::size_t size, const std::vector<std::uint32_t>& hist,
                  const std::vector<std::uint32_t>& touched) const;

    const SensitiveData& m_sensitive;
    PrivacyModels m_models;
    bool m_needsHistogram = false;
    mutable std::vector<double> m_scratch;
    mutable std::vector<std::uint32_t> m_counts;
};

}  // namespace veil::anonymity::detail
