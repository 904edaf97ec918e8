#include "veil/anonymity/naive_bayes.h"

#include <algorithm>
#include <cmath>

namespace veil::anonymity {

NaiveBayesClassifier NaiveBayesClassifier::train(const CodeColumns& features, const std::vector<std::uint32_t>& target,
                                                 std::size_t classes, const std::vector<std::size_t>& featureSizes,
                                                 const std::vector<std::size_t>* rows) {
    NaiveBayesClassifier m;
    m.m_classes = classes;
    m.m_sizes = featureSizes;
    m.m_prior.assign(classes, 0.0);
    m.m_joint.resize(features.size());
    for (std::size_t f = 0; f < features.size(); ++f) m.m_joint[f].assign(featureSizes[f] * classes, 0.0);
    auto count = [&](std::size_t r) {
        const std::uint32_t c = target[r];
        m.m_prior[c] += 1.0;
        for (std::size_t f = 0; f < features.size(); ++f) m.m_joint[f][features[f][r] * classes + c] += 1.0;
    };
    if (rows)
        for (std::size_t r : *rows) count(r);
    else
        for (std::size_t r = 0; r < target.size(); ++r) count(r);
    return m;
}

std::uint32_t NaiveBayesClassifier::predict(const CodeColumns& features, std::size_t row) const {
    std::uint32_t best = 0;
    double bestScore = -HUGE_VAL;
    for (std::size_t c = 0; c < m_classes; ++c) {
        double score = std::log(m_prior[c] + 1.0);
        for (std::size_t f = 0; f < features.size(); ++f) {
            const double count = m_joint[f][features[f][row] * m_classes + c];
            score += std::log((count + 1.0) / (m_prior[c] + double(m_sizes[f])));
        }
        if (score > bestScore) bestScore = score, best = std::uint32_t(c);
    }
    return best;
}

std::uint32_t NaiveBayesClassifier::predict(const WeightedRow& row) const {
    std::uint32_t best = 0;
    double bestScore = -HUGE_VAL;
    for (std::size_t c = 0; c < m_classes; ++c) {
        double score = std::log(m_prior[c] + 1.0);
        for (std::size_t f = 0; f < row.size(); ++f)
            for (const auto& [code, weight] : *row[f]) {
                const double count = m_joint[f][code * m_classes + c];
                score += weight * std::log((count + 1.0) / (m_prior[c] + double(m_sizes[f])));
            }
        if (score > bestScore) bestScore = score, best = std::uint32_t(c);
    }
    return best;
}

double naiveBayesCrossValidated(const CodeColumns& features, const std::vector<std::uint32_t>& target,
                                std::size_t classes, std::size_t folds, const std::vector<std::size_t>* featureSizes) {
    const std::size_t n = target.size();
    if (n == 0) return 0.0;
    std::vector<std::size_t> sizes(features.size(), 0);
    for (std::size_t f = 0; f < features.size(); ++f)
        sizes[f] = featureSizes ? (*featureSizes)[f]
                                : std::size_t(*std::max_element(features[f].begin(), features[f].end())) + 1;
    std::size_t correct = 0;
    std::vector<std::size_t> rows;
    for (std::size_t fold = 0; fold < folds; ++fold) {
        rows.clear();
        for (std::size_t r = 0; r < n; ++r)
            if (r % folds != fold) rows.push_back(r);
        const auto model = NaiveBayesClassifier::train(features, target, classes, sizes, &rows);
        for (std::size_t r = fold; r < n; r += folds)
            if (model.predict(features, r) == target[r]) ++correct;
    }
    return double(correct) / double(n);
}

}  // namespace veil::anonymity
