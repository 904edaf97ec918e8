#include "veil/hierarchy/hierarchy.h"

#include <string_view>
#include <unordered_map>

namespace veil::hierarchy {

namespace {

std::string quoteList(const std::vector<std::string>& items, std::size_t total) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        out += "'" + items[i] + "'";
    }
    if (total > items.size()) out += " and " + std::to_string(total - items.size()) + " more";
    return out;
}

}  // namespace

Result<Hierarchy> Hierarchy::fromRows(std::string name, std::vector<std::vector<std::string>> rows) {
    const std::string who = "hierarchy '" + name + "'";
    if (rows.empty()) return Status::invalidArgument(who + " has no rows");
    const std::size_t levels = rows.front().size();
    if (levels == 0) return Status::invalidArgument(who + ": row 1 is empty");
    Hierarchy h;
    h.m_name = std::move(name);
    h.m_index.reserve(rows.size() * 2);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].size() != levels) {
            return Status::invalidArgument(who + ": row " + std::to_string(r + 1) + " ('" + rows[r].front() +
                                           "') has " + std::to_string(rows[r].size()) + " levels, expected " +
                                           std::to_string(levels) + " like row 1 (all rows must have the same depth)");
        }
        if (!h.m_index.emplace(rows[r].front(), r).second) {
            return Status::invalidArgument(who + ": value '" + rows[r].front() + "' appears twice (rows " +
                                           std::to_string(h.m_index[rows[r].front()] + 1) + " and " +
                                           std::to_string(r + 1) + ")");
        }
    }
    h.m_leafCounts.resize(levels);
    for (const auto& row : rows)
        for (std::size_t l = 0; l < levels; ++l) ++h.m_leafCounts[l][row[l]];
    h.m_rows = std::move(rows);
    return h;
}

std::optional<std::size_t> Hierarchy::findValue(std::string_view value) const {
    auto it = m_index.find(std::string(value));
    if (it == m_index.end()) return std::nullopt;
    return it->second;
}

std::size_t Hierarchy::leafCount(std::size_t level, const std::string& label) const {
    if (level >= m_leafCounts.size()) return 0;
    auto it = m_leafCounts[level].find(label);
    return it == m_leafCounts[level].end() ? 0 : it->second;
}

Status Hierarchy::checkConsistency() const {
    std::vector<std::string> bad;
    std::size_t total = 0;
    for (std::size_t l = 1; l < levelCount(); ++l) {
        std::unordered_map<std::string_view, std::string_view> parent;
        std::unordered_map<std::string_view, bool> reported;
        parent.reserve(m_rows.size());
        for (const auto& row : m_rows) {
            auto [it, inserted] = parent.emplace(row[l - 1], row[l]);
            if (!inserted && it->second != row[l] && !reported[row[l - 1]]) {
                reported[row[l - 1]] = true;
                ++total;
                if (bad.size() < 10)
                    bad.push_back(row[l - 1] + "' (level " + std::to_string(l - 1) + ") -> '" +
                                  std::string(it->second) + "' and '" + row[l]);
            }
        }
    }
    if (total == 0) return Status::ok();
    return Status::invalidArgument("hierarchy '" + m_name + "' is not a tree: " + std::to_string(total) +
                                   " label(s) generalize to two different parents: " + quoteList(bad, total));
}

Status Hierarchy::checkCoverage(const std::vector<std::string>& values) const {
    std::vector<std::string> missing;
    std::size_t total = 0;
    for (const auto& v : values) {
        if (m_index.count(v)) continue;
        ++total;
        if (missing.size() < 10) missing.push_back(v);
    }
    if (total == 0) return Status::ok();
    return Status::notFound("hierarchy '" + m_name + "' does not cover " + std::to_string(total) +
                            " value(s) of the column: " + quoteList(missing, total));
}

Hierarchy Hierarchy::renamed(std::string name) const {
    Hierarchy h = *this;
    h.m_name = std::move(name);
    return h;
}

}  // namespace veil::hierarchy
