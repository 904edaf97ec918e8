// Linkage attack (Sweeney 2002) and homogeneity attack (Machanavajjhala et al. 2006), as in
// seed 004 slides "Linking Attack" and "Homogeneity Attack".
#include "veil/anonymity/attacks.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace veil::anonymity {

namespace {

Result<std::vector<std::size_t>> columnsOf(const Table& table, const std::vector<std::string>& names,
                                           const std::string& what) {
    std::vector<std::size_t> cols;
    for (const auto& name : names) {
        auto idx = table.columnIndex(name);
        if (!idx) return idx.status().withContext(what);
        cols.push_back(*idx);
    }
    return cols;
}

// A released value matches an external one when equal, when it is all '*', or when it is a mask
// of the same length agreeing on every unmasked character ("537**" matches "53715").
bool valueMatches(const std::string& released, const std::string& external) {
    if (released == external) return true;
    if (released.find('*') == std::string::npos) return false;
    if (released.find_first_not_of('*') == std::string::npos) return true;
    if (released.size() != external.size()) return false;
    for (std::size_t i = 0; i < released.size(); ++i)
        if (released[i] != '*' && released[i] != external[i]) return false;
    return true;
}

}  // namespace

Result<LinkageReport> linkageAttack(const Table& released, const Table& external, const std::vector<std::string>& on) {
    if (on.empty()) return Status::invalidArgument("linkage attack: no join columns given (--on)");
    auto rcols = columnsOf(released, on, "released table");
    if (!rcols) return rcols.status();
    auto ecols = columnsOf(external, on, "external table");
    if (!ecols) return ecols.status();
    LinkageReport report;
    report.on = on;
    report.externalRecords = external.rowCount();
    report.privateRecords = released.rowCount();
    const std::size_t m = on.size();
    std::vector<std::vector<std::string>> rvals(released.rowCount(), std::vector<std::string>(m));
    std::unordered_map<std::string, std::vector<std::size_t>> exact;
    std::vector<std::size_t> masked;
    for (std::size_t r = 0; r < released.rowCount(); ++r) {
        std::string key;
        bool hasMask = false;
        for (std::size_t j = 0; j < m; ++j) {
            rvals[r][j] = released.column((*rcols)[j]).toString(r);
            hasMask = hasMask || rvals[r][j].find('*') != std::string::npos;
            key += rvals[r][j] + '\x1f';
        }
        if (hasMask)
            masked.push_back(r);
        else
            exact[key].push_back(r);
    }
    std::unordered_set<std::size_t> reidentified;
    for (std::size_t e = 0; e < external.rowCount(); ++e) {
        LinkageMatch match;
        match.externalRow = e;
        std::vector<std::string> evals(m);
        std::string key;
        for (std::size_t j = 0; j < m; ++j) {
            evals[j] = external.column((*ecols)[j]).toString(e);
            key += evals[j] + '\x1f';
        }
        if (auto it = exact.find(key); it != exact.end()) match.privateRows = it->second;
        for (auto r : masked) {
            bool ok = true;
            for (std::size_t j = 0; j < m && ok; ++j) ok = valueMatches(rvals[r][j], evals[j]);
            if (ok) match.privateRows.push_back(r);
        }
        std::sort(match.privateRows.begin(), match.privateRows.end());
        if (match.privateRows.size() == 1) {
            ++report.reidentified;
            reidentified.insert(match.privateRows.front());
        }
        report.matches.push_back(std::move(match));
    }
    report.privateReidentified = reidentified.size();
    return report;
}

Result<HomogeneityReport> homogeneityAttack(const Table& table, const std::vector<std::string>& quasiIdentifiers,
                                            const std::string& sensitive, int l,
                                            const std::optional<std::string>& suppressedToken) {
    if (l < 2)
        return Status::invalidArgument("homogeneity attack: l must be at least 2 (got " + std::to_string(l) + ")");
    if (quasiIdentifiers.empty()) return Status::invalidArgument("no quasi-identifiers given");
    auto cols = columnsOf(table, quasiIdentifiers, "quasi-identifier");
    if (!cols) return cols.status();
    auto scol = table.columnIndex(sensitive);
    if (!scol) return scol.status().withContext("sensitive attribute");
    struct Group {
        std::vector<std::string> key;
        std::size_t size = 0;
        std::map<std::string, std::size_t> values;
    };
    std::map<std::vector<std::string>, std::size_t> index;
    std::vector<Group> groups;
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        std::vector<std::string> key;
        bool suppressed = true;
        for (auto c : *cols) {
            key.push_back(table.column(c).toString(r));
            suppressed = suppressed && suppressedToken && key.back() == *suppressedToken;
        }
        if (suppressed) continue;
        auto [it, inserted] = index.emplace(key, groups.size());
        if (inserted) groups.push_back({key, 0, {}});
        auto& g = groups[it->second];
        ++g.size;
        ++g.values[table.column(*scol).toString(r)];
    }
    HomogeneityReport report;
    report.classes = groups.size();
    for (const auto& g : groups) {
        if (g.values.size() >= std::size_t(l)) continue;
        HomogeneousClass hc{g.key, g.size, g.values.size(), {}};
        if (g.values.size() == 1) {
            hc.disclosedValue = g.values.begin()->first;
            ++report.homogeneousClasses;
        }
        ++report.vulnerableClasses;
        report.recordsAffected += g.size;
        report.vulnerable.push_back(std::move(hc));
    }
    return report;
}

}  // namespace veil::anonymity
