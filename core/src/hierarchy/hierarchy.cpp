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
    const bool located = !m_rowLines.empty();
    auto lineOf = [&](std::size_t row) { return " (line " + std::to_string(m_rowLines[row]) + ")"; };
    std::vector<std::string> bad;
    std::size_t total = 0;
    long long firstLine = 0;
    for (std::size_t l = 1; l < levelCount(); ++l) {
        std::unordered_map<std::string_view, std::size_t> parentRow;  // label at l-1 -> first row giving it
        std::unordered_map<std::string_view, bool> reported;
        parentRow.reserve(m_rows.size());
        for (std::size_t r = 0; r < m_rows.size(); ++r) {
            const auto& row = m_rows[r];
            auto [it, inserted] = parentRow.emplace(row[l - 1], r);
            const std::string& first = m_rows[it->second][l];
            if (inserted || first == row[l] || reported[row[l - 1]]) continue;
            reported[row[l - 1]] = true;
            if (++total == 1 && located) firstLine = m_rowLines[r];
            if (bad.size() < 10)
                bad.push_back(row[l - 1] + "' (level " + std::to_string(l - 1) + ") -> '" + first + "'" +
                              (located ? lineOf(it->second) : "") + " and '" + row[l] + "'" +
                              (located ? lineOf(r) : ""));
        }
    }
    if (total == 0) return Status::ok();
    // Each item opens with its label's quote; its own quotes close and reopen around the parents.
    std::string list;
    for (std::size_t i = 0; i < bad.size(); ++i) list += (i ? ", '" : "'") + bad[i];
    if (total > bad.size()) list += " and " + std::to_string(total - bad.size()) + " more";
    const std::string where = located ? formatLocation(m_sourceFile, firstLine) + ": " : std::string();
    return Status::invalidArgument(where + "hierarchy '" + m_name + "' is not a tree: " + std::to_string(total) +
                                   " label(s) generalize to two different parents: " + list);
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

void Hierarchy::setSource(std::string file, std::vector<long long> lines) {
    if (lines.size() != m_rows.size()) return;
    m_sourceFile = std::move(file);
    m_rowLines = std::move(lines);
}

Hierarchy Hierarchy::renamed(std::string name) const {
    Hierarchy h = *this;
    h.m_name = std::move(name);
    return h;
}

}  // namespace veil::hierarchy
