#include "veil/anonymity/class_labels.h"

#include <stdexcept>

namespace veil::anonymity {

ClassLabels::ClassLabels(std::initializer_list<std::vector<std::string>> rows) {
    for (const auto& row : rows) push_back(row);
}

ClassLabels::ClassLabels(std::vector<std::vector<std::string>> texts, std::vector<std::uint32_t> ids)
    : m_dims(texts.size()), m_texts(std::move(texts)), m_ids(std::move(ids)) {}

std::uint32_t ClassLabels::idOf(std::size_t dim, const std::string& text) {
    if (m_index.size() < m_dims) {
        // Index the texts given at construction once.
        m_index.resize(m_dims);
        for (std::size_t d = 0; d < m_dims; ++d)
            for (std::size_t i = 0; i < m_texts[d].size(); ++i) m_index[d].emplace(m_texts[d][i], std::uint32_t(i));
    }
    auto [it, added] = m_index[dim].emplace(text, std::uint32_t(m_texts[dim].size()));
    if (added) m_texts[dim].push_back(text);
    return it->second;
}

void ClassLabels::push_back(const std::vector<std::string>& row) {
    if (m_texts.empty() && m_rows == 0) {
        m_dims = row.size();
        m_texts.resize(m_dims);
    }
    if (m_dims == 0) {
        if (!row.empty())
            throw std::invalid_argument("class labels: a row of labels for classes without quasi-identifiers");
        ++m_rows;
        return;
    }
    if (row.size() != m_dims)
        throw std::invalid_argument("class labels: a row of " + std::to_string(row.size()) + " labels for " +
                                    std::to_string(m_dims) + " quasi-identifiers");
    for (std::size_t d = 0; d < m_dims; ++d) m_ids.push_back(idOf(d, row[d]));
}

std::vector<std::string> ClassLabels::operator[](std::size_t cls) const {
    std::vector<std::string> row;
    row.reserve(m_dims);
    for (std::size_t d = 0; d < m_dims; ++d) row.push_back(at(cls, d));
    return row;
}

}  // namespace veil::anonymity
