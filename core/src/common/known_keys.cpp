// Known keys and the closest-name suggestion shared by every JSON reader (see known_keys.h).
#include "veil/common/known_keys.h"

#include <algorithm>

namespace veil {

std::size_t editDistance(std::string_view a, std::string_view b) {
    // Three rows of the optimal string alignment table (Damerau's adjacent transposition added to
    // Levenshtein's recurrence).
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[b.size()];
}

std::optional<std::string> closestName(std::string_view name, const std::vector<std::string>& known) {
    std::optional<std::string> best;
    std::size_t bestDistance = 0;
    for (const auto& candidate : known) {
        const std::size_t d = editDistance(name, candidate);
        const std::size_t allowed = std::max<std::size_t>(1, std::max(name.size(), candidate.size()) / 3);
        if (d == 0 || d > allowed) continue;
        if (!best || d < bestDistance) best = candidate, bestDistance = d;
    }
    return best;
}

std::string suggestionText(std::string_view name, const std::vector<std::string>& known) {
    if (auto close = closestName(name, known)) return "; did you mean '" + *close + "'?";
    if (known.empty()) return " (none are known here)";
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    return " (known: " + list + ")";
}

std::string joinKeyPath(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
}

Status checkKnownKeys(const nlohmann::json& object, const std::vector<std::string>& known, const std::string& path) {
    if (!object.is_object()) return Status::ok();
    for (const auto& [key, value] : object.items())
        if (std::find(known.begin(), known.end(), key) == known.end())
            return Status::invalidArgument(joinKeyPath(path, key) + ": unknown key" + suggestionText(key, known));
    return Status::ok();
}

}  // namespace veil
