// Edge-list reader. One pass over the text reads integer ids with std::from_chars and numbers them
// densely (a direct array when the ids are small, a flat hash map otherwise); only when some id is
// not a canonical decimal integer ("alice", "007", "-1", 19+ digits) is the text read again with
// string ids, so that every node keeps its name exactly as written.
#include "veil/graph/graph_io.h"

#include "graph/detail/build.h"
#include "graph/detail/flat_id_map.h"
#include "graph/detail/node_index.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <numeric>

namespace veil::graph {
namespace {

// Character classes of the grammar: fields are separated by blanks, commas or semicolons, and a
// '#' or '%' starts a comment that runs to the end of the line.
enum : unsigned char { kToken, kSeparator, kNewline, kComment };

constexpr std::array<unsigned char, 256> makeClasses() {
    std::array<unsigned char, 256> c{};
    for (unsigned char s : {' ', '\t', ',', '\r', ';'}) c[s] = kSeparator;
    c['\n'] = kNewline;
    c['#'] = c['%'] = kComment;
    return c;
}
constexpr std::array<unsigned char, 256> kClass = makeClasses();

unsigned char classOf(char c) { return kClass[static_cast<unsigned char>(c)]; }

// One line: its text without the '\n', its first three fields, and how many fields it has (counted
// up to 4; column4 is the 1-based column of a fourth field).
struct Line {
    std::string_view text;
    std::array<std::string_view, 3> field;
    std::size_t count = 0;
    std::size_t column4 = 0;
};

// Reads the line that starts at pos; returns the position just after it.
std::size_t readLine(std::string_view text, std::size_t pos, Line& line) {
    const char* const begin = text.data() + pos;
    const char* const end = text.data() + text.size();
    const char* p = begin;
    line.count = 0;
    while (p < end) {
        const unsigned char c = classOf(*p);
        if (c == kSeparator) {
            ++p;
        } else if (c == kToken) {
            const char* start = p;
            while (p < end && classOf(*p) == kToken) ++p;
            if (line.count < 3) line.field[line.count] = {start, static_cast<std::size_t>(p - start)};
            if (line.count == 3) line.column4 = static_cast<std::size_t>(start - begin) + 1;
            line.count += line.count < 4 ? 1 : 0;
        } else {
            if (c == kComment) {
                const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
                p = nl ? static_cast<const char*>(nl) : end;
            }
            break;
        }
    }
    line.text = {begin, static_cast<std::size_t>(p - begin)};
    return static_cast<std::size_t>(p - text.data()) + (p < end ? 1 : 0);
}

std::size_t countFields(std::string_view lineText) {
    std::size_t count = 0;
    bool inToken = false;
    for (char ch : lineText) {
        const unsigned char c = classOf(ch);
        if (c == kComment || c == kNewline) break;
        count += c == kToken && !inToken ? 1 : 0;
        inToken = c == kToken;
    }
    return count;
}

bool isNumber(std::string_view s) {
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

Status fieldError(const Line& line, long long lineNo, const std::string& sourceName) {
    // Column of what is wrong: after a lone field, at a fourth field, or at a non-numeric weight.
    std::size_t column = 0;
    if (line.count == 1)
        column = static_cast<std::size_t>(line.field[0].data() + line.field[0].size() - line.text.data()) + 1;
    if (line.count == 3) column = static_cast<std::size_t>(line.field[2].data() - line.text.data()) + 1;
    if (line.count == 4) column = line.column4;
    return Status::parseError(formatLocation(sourceName, lineNo, static_cast<long long>(column)) +
                              ": expected 'u v' (optionally a numeric weight), found " +
                              std::to_string(countFields(line.text)) + " field(s) in '" + std::string(line.text) + "'");
}

// Calls onEdge(u, v) for each edge line; stops early (returns true in aborted) when onEdge returns
// false, and with an error at the first malformed line. Counts lines with a weight in weighted.
template <typename OnEdge>
Status scanEdgeList(std::string_view text, const std::string& sourceName, long long& weighted, bool& aborted,
                    OnEdge&& onEdge) {
    Line line;
    long long lineNo = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        pos = readLine(text, pos, line);
        ++lineNo;
        if (line.count == 0) continue;
        if (line.count != 2 && !(line.count == 3 && isNumber(line.field[2])))
            return fieldError(line, lineNo, sourceName);
        weighted += line.count == 3 ? 1 : 0;
        if (!onEdge(line.field[0], line.field[1])) {
            aborted = true;
            return Status::ok();
        }
    }
    return Status::ok();
}

// A canonical decimal id: "0", or at most 18 digits without a leading zero.
bool parseCanonicalId(std::string_view t, std::uint64_t& value) {
    if (t.empty() || t.size() > 18 || (t[0] == '0' && t.size() > 1)) return false;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), value);
    return r.ec == std::errc() && r.ptr == t.data() + t.size();
}

// Numbers integer ids by rank among the distinct ids: ends[i] becomes that rank, names the ids.
void rankIntegerIds(std::vector<std::uint64_t>& ends, std::uint64_t maxId, std::vector<std::string>& names) {
    constexpr auto kAbsent = static_cast<std::uint64_t>(-1);
    if (maxId < 4 * ends.size() + 1024) {  // dense or small ids: a direct array indexed by id
        std::vector<std::uint64_t> rank(maxId + 1, kAbsent);
        for (std::uint64_t e : ends) rank[e] = 0;
        for (std::uint64_t id = 0; id <= maxId; ++id)
            if (rank[id] != kAbsent) {
                rank[id] = names.size();
                names.push_back(std::to_string(id));
            }
        for (std::uint64_t& e : ends) e = rank[e];
        return;
    }
    detail::FlatIdMap<std::uint64_t> index(ends.size() / 4);  // sparse ids: intern, then sort
    for (std::uint64_t& e : ends) e = index.intern(e);
    const auto& ids = index.keys();
    std::vector<NodeId> order(ids.size());
    std::iota(order.begin(), order.end(), NodeId{0});
    std::sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return ids[a] < ids[b]; });
    std::vector<std::uint64_t> rank(ids.size());
    for (std::size_t r = 0; r < order.size(); ++r) {
        rank[order[r]] = r;
        names.push_back(std::to_string(ids[order[r]]));
    }
    for (std::uint64_t& e : ends) e = rank[e];
}

std::vector<std::pair<NodeId, NodeId>> toPairs(const std::vector<std::uint64_t>& ends) {
    std::vector<std::pair<NodeId, NodeId>> pairs(ends.size() / 2);
    for (std::size_t i = 0; i < pairs.size(); ++i)
        pairs[i] = {static_cast<NodeId>(ends[2 * i]), static_cast<NodeId>(ends[2 * i + 1])};
    return pairs;
}

// The string-id path: every distinct token is a node, numbered by orderNodeTokens.
Result<LoadedGraph> parseWithStringIds(std::string_view text, const std::string& sourceName, long long& weighted) {
    detail::FlatIdMap<std::string_view> index;
    std::vector<std::pair<NodeId, NodeId>> pairs;
    bool aborted = false;
    weighted = 0;
    VEIL_RETURN_IF_ERROR(scanEdgeList(text, sourceName, weighted, aborted, [&](std::string_view u, std::string_view v) {
        pairs.emplace_back(index.intern(u), index.intern(v));
        return true;
    }));
    if (pairs.empty()) return Status::parseError(sourceName + ": no edges found");
    std::vector<NodeId> remap;
    std::vector<std::string> names;
    detail::orderNodeTokens(index.keys(), remap, names);
    for (auto& [a, b] : pairs) {
        a = remap[a];
        b = remap[b];
    }
    return detail::buildNumbered(std::move(names), std::move(pairs), sourceName);
}

Result<LoadedGraph> withWeightWarning(Result<LoadedGraph> out, long long weighted, const std::string& sourceName) {
    if (out && weighted > 0)
        out->warnings.push_back(sourceName + ": ignored the third field (weight) on " + std::to_string(weighted) +
                                " line(s)");
    return out;
}

}  // namespace

Result<LoadedGraph> parseEdgeList(std::string_view text, const std::string& sourceName) {
    std::vector<std::uint64_t> ends;  // two per edge: the endpoints' integer ids
    ends.reserve(text.size() / 5);
    std::uint64_t maxId = 0;
    long long weighted = 0;
    bool stringIds = false;
    VEIL_RETURN_IF_ERROR(
        scanEdgeList(text, sourceName, weighted, stringIds, [&](std::string_view u, std::string_view v) {
            std::uint64_t a = 0, b = 0;
            if (!parseCanonicalId(u, a) || !parseCanonicalId(v, b)) return false;
            ends.push_back(a);
            ends.push_back(b);
            maxId = std::max(maxId, std::max(a, b));
            return true;
        }));
    if (stringIds) {
        ends = {};
        auto out = parseWithStringIds(text, sourceName, weighted);  // recounts weighted
        return withWeightWarning(std::move(out), weighted, sourceName);
    }
    if (ends.empty()) return Status::parseError(sourceName + ": no edges found");
    std::vector<std::string> names;
    rankIntegerIds(ends, maxId, names);
    return withWeightWarning(detail::buildNumbered(std::move(names), toPairs(ends), sourceName), weighted, sourceName);
}

}  // namespace veil::graph
