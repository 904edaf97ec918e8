// Ordered grouping and user-tree hierarchy builders.
#include "veil/hierarchy/builders.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <unordered_map>

namespace veil::hierarchy {

namespace {

bool asNumber(const std::string& s, double& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

Result<Hierarchy> OrderedGroupingBuilder::build(const std::vector<std::string>& values, const std::string& name) const {
    for (int g : groupSizes)
        if (g < 2)
            return Status::invalidArgument("grouping: group size must be at least 2 (got " + std::to_string(g) + ")");
    std::vector<std::string> ordered = order;
    if (ordered.empty()) {
        ordered = values;
        bool numeric = true;
        double tmp = 0;
        for (const auto& v : ordered) numeric = numeric && asNumber(v, tmp);
        if (numeric) {
            std::sort(ordered.begin(), ordered.end(), [](const std::string& a, const std::string& b) {
                double x = 0, y = 0;
                asNumber(a, x);
                asNumber(b, y);
                return x < y;
            });
        } else {
            std::sort(ordered.begin(), ordered.end());
        }
        ordered.erase(std::unique(ordered.begin(), ordered.end()), ordered.end());
    }
    std::unordered_map<std::string, std::size_t> position;
    for (std::size_t i = 0; i < ordered.size(); ++i) position.emplace(ordered[i], i);
    for (const auto& v : values)
        if (!position.count(v)) return Status::notFound("grouping: value '" + v + "' is not in the given order");

    // Level by level: group index of every position, and the label of every group.
    std::vector<std::vector<std::size_t>> groupOf(groupSizes.size(), std::vector<std::size_t>(ordered.size()));
    std::vector<std::vector<std::string>> groupLabel(groupSizes.size());
    std::vector<std::size_t> span(ordered.size());
    for (std::size_t i = 0; i < ordered.size(); ++i) span[i] = i;  // group id at the level below
    std::size_t groupsBelow = ordered.size();
    std::vector<std::pair<std::size_t, std::size_t>> rangeBelow(ordered.size());
    for (std::size_t i = 0; i < ordered.size(); ++i) rangeBelow[i] = {i, i};
    for (std::size_t l = 0; l < groupSizes.size(); ++l) {
        const std::size_t size = std::size_t(groupSizes[l]);
        const std::size_t groups = (groupsBelow + size - 1) / size;
        std::vector<std::pair<std::size_t, std::size_t>> range(groups, {SIZE_MAX, 0});
        for (std::size_t g = 0; g < groupsBelow; ++g) {
            auto& r = range[g / size];
            r.first = std::min(r.first, rangeBelow[g].first);
            r.second = std::max(r.second, rangeBelow[g].second);
        }
        for (std::size_t i = 0; i < ordered.size(); ++i) {
            span[i] /= size;
            groupOf[l][i] = span[i];
        }
        for (std::size_t g = 0; g < groups; ++g) {
            if (l < labels.size() && g < labels[l].size()) {
                groupLabel[l].push_back(labels[l][g]);
            } else {
                const auto& r = range[g];
                groupLabel[l].push_back(r.first == r.second ? ordered[r.first]
                                                            : ordered[r.first] + "-" + ordered[r.second]);
            }
        }
        rangeBelow = std::move(range);
        groupsBelow = groups;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& v : values) {
        std::vector<std::string> row{v};
        const std::size_t p = position[v];
        for (std::size_t l = 0; l < groupSizes.size(); ++l) row.push_back(groupLabel[l][groupOf[l][p]]);
        row.push_back("*");
        rows.push_back(std::move(row));
    }
    return Hierarchy::fromRows(name, std::move(rows));
}

Result<Hierarchy> UserTreeBuilder::build(const std::vector<std::string>& values, const std::string& name) const {
    std::map<std::string, std::string> parent;
    for (const auto& [child, par] : edges) {
        auto [it, inserted] = parent.emplace(child, par);
        if (!inserted && it->second != par)
            return Status::invalidArgument("tree: '" + child + "' has two parents ('" + it->second + "' and '" + par +
                                           "')");
    }
    std::vector<std::vector<std::string>> rows;
    std::size_t depth = 0;
    for (const auto& v : values) {
        std::vector<std::string> row{v};
        std::string cur = v;
        while (true) {
            auto it = parent.find(cur);
            if (it == parent.end()) break;
            cur = it->second;
            row.push_back(cur);
            if (row.size() > parent.size() + 2) return Status::invalidArgument("tree: cycle through '" + v + "'");
        }
        if (row.size() == 1) return Status::notFound("tree: value '" + v + "' has no parent in the tree");
        if (rows.empty())
            depth = row.size();
        else if (row.size() != depth)
            return Status::invalidArgument("tree: leaf '" + v + "' is " + std::to_string(row.size() - 1) +
                                           " steps from its root but '" + rows.front().front() + "' is " +
                                           std::to_string(depth - 1) + " (all leaves need the same depth)");
        rows.push_back(std::move(row));
    }
    auto h = Hierarchy::fromRows(name, std::move(rows));
    if (!h) return h;
    VEIL_RETURN_IF_ERROR(h->checkConsistency());
    return h;
}

}  // namespace veil::hierarchy
