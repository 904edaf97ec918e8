// ClassLabels: the generalized quasi-identifier values of every equivalence class, as one id per
// class and QI into a table of distinct texts per QI. A search on 10x adult releases thousands of
// classes whose labels repeat a few dozen texts; a vector of strings per class had made building
// them cost a fifth of the search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <vector>

namespace veil::anonymity {

class ClassLabels {
public:
    ClassLabels() = default;
    // Classes given as rows of texts, one per QI.
    ClassLabels(std::initializer_list<std::vector<std::string>> rows);
    // Classes given as ids into `texts` (texts[d]: the distinct labels of QI d; ids: class x QI,
    // each below its QI's number of texts).
    ClassLabels(std::vector<std::vector<std::string>> texts, std::vector<std::uint32_t> ids);

    // Adds a class; every row has the same number of labels, one per QI.
    void push_back(const std::vector<std::string>& row);

    std::size_t size() const { return m_dims == 0 ? m_rows : m_ids.size() / m_dims; }
    bool empty() const { return size() == 0; }
    std::size_t dimensions() const { return m_dims; }
    const std::string& at(std::size_t cls, std::size_t dim) const { return m_texts[dim][m_ids[cls * m_dims + dim]]; }
    // The labels of class `cls`, one per QI.
    std::vector<std::string> operator[](std::size_t cls) const;

private:
    std::uint32_t idOf(std::size_t dim, const std::string& text);
    std::size_t m_dims = 0;
    std::size_t m_rows = 0;  // classes added without QIs
    std::vector<std::vector<std::string>> m_texts;
    std::vector<std::uint32_t> m_ids;                                     // class x QI
    std::vector<std::unordered_map<std::string, std::uint32_t>> m_index;  // per QI; filled by push_back
};

}  // namespace veil::anonymity
