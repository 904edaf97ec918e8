// Local profile queries and labelled subgraph counts (Blocki, Blum, Datta, Sheffet ITCS 2013,
// seed 001 "Local Profile Query" / "Subgraph Counting Queries").
#include "veil/graph/labelled_counts.h"

#include "veil/graph/statistics.h"

#include <algorithm>
#include <charconv>

namespace veil::graph {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else if (c != ' ') {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

Result<int> resolveLabel(const std::string& name, const Graph& g, const std::string& spec) {
    if (name == "*") return ProfileQuery::kAny;
    if (name.empty()) return Status::parseError("profile query '" + spec + "': empty label");
    const int l = g.labelIndex(name);
    if (l < 0)
        return Status::notFound("profile query '" + spec + "': label '" + name + "' does not occur in the graph" +
                                (g.hasLabels() ? "" : " (no labels loaded: use --labels FILE)"));
    return l;
}

bool labelMatches(int want, int have) { return want == ProfileQuery::kAny || want == have; }

struct Search {
    const Graph& g;
    const ProfileQuery& q;
    std::vector<NodeId> chosen;

    bool consistent(std::size_t slot, NodeId w) const {
        for (std::size_t i = 0; i < slot; ++i)
            if (chosen[i] == w) return false;
        for (const auto& c : q.constraints) {
            const auto a = static_cast<std::size_t>(c.a), b = static_cast<std::size_t>(c.b);
            std::size_t other;
            if (a == slot && b < slot)
                other = b;
            else if (b == slot && a < slot)
                other = a;
            else
                continue;
            if (g.hasEdge(w, chosen[other]) != c.adjacent) return false;
        }
        return true;
    }
    bool extend(NodeId v, std::size_t slot) {
        if (slot == q.slotLabels.size()) return true;
        for (NodeId w : g.neighbors(v)) {
            if (!labelMatches(q.slotLabels[slot], g.labelOf(w)) || !consistent(slot, w)) continue;
            chosen[slot] = w;
            if (extend(v, slot + 1)) return true;
        }
        return false;
    }
};

}  // namespace

Result<ProfileQuery> parseProfileQuery(const std::string& spec, const Graph& g) {
    ProfileQuery q;
    q.text = spec;
    std::string body = spec;
    std::string constraints;
    if (const auto slash = body.find('/'); slash != std::string::npos) {
        constraints = body.substr(slash + 1);
        body = body.substr(0, slash);
    }
    if (const auto colon = body.find(':'); colon != std::string::npos) {
        auto c = resolveLabel(body.substr(0, colon), g, spec);
        if (!c) return c.status();
        q.centerLabel = *c;
        body = body.substr(colon + 1);
    }
    for (const auto& s : split(body, ',')) {
        auto l = resolveLabel(s, g, spec);
        if (!l) return l.status();
        q.slotLabels.push_back(*l);
    }
    if (q.slotLabels.size() > 8)
        return Status::invalidArgument("profile query '" + spec + "': at most 8 neighbour slots (got " +
                                       std::to_string(q.slotLabels.size()) + ")");
    if (!constraints.empty()) {
        for (const auto& c : split(constraints, ',')) {
            const auto op = c.find_first_of("-!");
            int a = 0, b = 0;
            const bool okA =
                op != std::string::npos && std::from_chars(c.data(), c.data() + op, a).ptr == c.data() + op && op > 0;
            const bool okB = op != std::string::npos && op + 1 < c.size() &&
                             std::from_chars(c.data() + op + 1, c.data() + c.size(), b).ptr == c.data() + c.size();
            if (!okA || !okB)
                return Status::parseError("profile query '" + spec + "': constraint '" + c +
                                          "' is not of the form i-j (adjacent) or i!j (not adjacent)");
            const int s = static_cast<int>(q.slotLabels.size());
            if (a < 1 || b < 1 || a > s || b > s || a == b)
                return Status::invalidArgument("profile query '" + spec + "': constraint '" + c +
                                               "' names slots outside 1.." + std::to_string(s) + " or a slot twice");
            q.constraints.push_back({a - 1, b - 1, c[op] == '-'});
        }
    }
    return q;
}

Result<std::uint64_t> countProfile(const Graph& g, const ProfileQuery& q, const RunContext& ctx) {
    Search search{g, q, std::vector<NodeId>(q.slotLabels.size())};
    ProgressReporter progress(ctx, "Evaluating profile query", static_cast<long long>(g.nodeCount()));
    std::uint64_t count = 0;
    for (NodeId v = 0; v < g.nodeCount(); ++v) {
        if (!progress.step(v)) return Status::cancelled();
        if (!labelMatches(q.centerLabel, g.labelOf(v))) continue;
        if (g.degree(v) < q.slotLabels.size()) continue;
        count += search.extend(v, 0) ? 1 : 0;
    }
    progress.finish();
    return count;
}

std::uint64_t countProfile(const Graph& g, const ProfileQuery& q) {
    RunContext ctx;
    return countProfile(g, q, ctx).value();
}

std::uint64_t countNodesAdjacentToLabel(const Graph& g, int label) {
    std::uint64_t count = 0;
    for (NodeId v = 0; v < g.nodeCount(); ++v) {
        const auto nb = g.neighbors(v);
        count += std::any_of(nb.begin(), nb.end(), [&](NodeId w) { return g.labelOf(w) == label; }) ? 1 : 0;
    }
    return count;
}

std::uint64_t countLabelledTriangles(const Graph& g, std::array<int, 3> labels) {
    std::sort(labels.begin(), labels.end());
    std::uint64_t count = 0;
    // u < v < w enumeration with sorted neighbour lists (fine for labelled queries on small graphs).
    for (NodeId u = 0; u < g.nodeCount(); ++u) {
        const auto nu = g.neighbors(u);
        for (NodeId v : nu) {
            if (v <= u) continue;
            const auto nv = g.neighbors(v);
            auto i = std::upper_bound(nu.begin(), nu.end(), v);
            auto j = std::upper_bound(nv.begin(), nv.end(), v);
            while (i != nu.end() && j != nv.end()) {
                if (*i < *j)
                    ++i;
                else if (*j < *i)
                    ++j;
                else {
                    std::array<int, 3> have{g.labelOf(u), g.labelOf(v), g.labelOf(*i)};
                    std::sort(have.begin(), have.end());
                    // kAny sorts first in `labels`; match greedily by trying all permutations.
                    std::array<int, 3> p = have;
                    bool ok = false;
                    do {
                        ok = labelMatches(labels[0], p[0]) && labelMatches(labels[1], p[1]) &&
                             labelMatches(labels[2], p[2]);
                    } while (!ok && std::next_permutation(p.begin(), p.end()));
                    count += ok ? 1 : 0;
                    ++i;
                    ++j;
                }
            }
        }
    }
    return count;
}

}  // namespace veil::graph
