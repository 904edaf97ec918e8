// GML reader: a small recursive-descent parser for `key value` / `key [ ... ]` lists
// (Himsolt's GML as written by networkx, igraph and M. Newman's data sets).
#include "veil/graph/graph_io.h"

#include <unordered_set>

#include "graph/detail/build.h"
#include "graph/detail/node_index.h"

#include <unordered_map>

namespace veil::graph {
namespace {

struct Token {
    std::string text;
    bool quoted = false;
    long long line = 0;
};

Result<std::vector<Token>> tokenize(std::string_view s, const std::string& source) {
    std::vector<Token> out;
    long long line = 1;
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == '\n') {
            ++line;
            ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') {
            ++i;
            continue;
        }
        if (c == '#') {
            while (i < s.size() && s[i] != '\n') ++i;
            continue;
        }
        if (c == '[' || c == ']') {
            out.push_back({std::string(1, c), false, line});
            ++i;
            continue;
        }
        if (c == '"') {
            const long long startLine = line;
            std::size_t j = i + 1;
            while (j < s.size() && s[j] != '"') {
                if (s[j] == '\n') ++line;
                ++j;
            }
            if (j >= s.size()) return Status::parseError(formatLocation(source, startLine) + ": unterminated string");
            out.push_back({std::string(s.substr(i + 1, j - i - 1)), true, startLine});
            i = j + 1;
            continue;
        }
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' && s[j] != '\r' && s[j] != '[' &&
               s[j] != ']')
            ++j;
        out.push_back({std::string(s.substr(i, j - i)), false, line});
        i = j;
    }
    return out;
}

struct Block {  // the scalar attributes of one node/edge block
    std::unordered_map<std::string, Token> values;
    long long line = 0;
};

class Parser {
public:
    Parser(std::vector<Token> t, std::string source) : m_t(std::move(t)), m_source(std::move(source)) {}

    Status parse(std::vector<Block>& nodes, std::vector<Block>& edges) {
        bool sawGraph = false;
        while (m_i < m_t.size()) {
            const Token key = m_t[m_i++];
            if (m_i >= m_t.size()) return error(key.line, "key '" + key.text + "' has no value");
            if (key.text == "graph" && m_t[m_i].text == "[") {
                ++m_i;
                sawGraph = true;
                VEIL_RETURN_IF_ERROR(parseGraph(nodes, edges));
            } else {
                VEIL_RETURN_IF_ERROR(skipValue());
            }
        }
        if (!sawGraph) return error(1, "no 'graph [ ... ]' block");
        return Status::ok();
    }

private:
    Status error(long long line, const std::string& what) const {
        return Status::parseError(formatLocation(m_source, line) + ": " + what);
    }
    Status skipValue() {
        if (m_t[m_i].text == "[" && !m_t[m_i].quoted) {
            int depth = 0;
            const long long line = m_t[m_i].line;
            do {
                if (m_i >= m_t.size()) return error(line, "unbalanced '['");
                if (!m_t[m_i].quoted && m_t[m_i].text == "[") ++depth;
                if (!m_t[m_i].quoted && m_t[m_i].text == "]") --depth;
                ++m_i;
            } while (depth > 0);
            return Status::ok();
        }
        ++m_i;
        return Status::ok();
    }
    Status parseBlock(Block& b) {
        b.line = m_t[m_i - 1].line;
        while (true) {
            if (m_i >= m_t.size()) return error(b.line, "block not closed by ']'");
            const Token key = m_t[m_i++];
            if (key.text == "]" && !key.quoted) return Status::ok();
            if (m_i >= m_t.size()) return error(key.line, "key '" + key.text + "' has no value");
            if (m_t[m_i].text == "[" && !m_t[m_i].quoted) {
                VEIL_RETURN_IF_ERROR(skipValue());
            } else {
                b.values[key.text] = m_t[m_i++];
            }
        }
    }
    Status parseGraph(std::vector<Block>& nodes, std::vector<Block>& edges) {
        while (true) {
            if (m_i >= m_t.size()) return error(m_t.empty() ? 1 : m_t.back().line, "graph block not closed by ']'");
            const Token key = m_t[m_i++];
            if (key.text == "]" && !key.quoted) return Status::ok();
            if (m_i >= m_t.size()) return error(key.line, "key '" + key.text + "' has no value");
            const bool list = m_t[m_i].text == "[" && !m_t[m_i].quoted;
            if (list && (key.text == "node" || key.text == "edge")) {
                ++m_i;
                Block b;
                VEIL_RETURN_IF_ERROR(parseBlock(b));
                (key.text == "node" ? nodes : edges).push_back(std::move(b));
            } else {
                VEIL_RETURN_IF_ERROR(skipValue());
            }
        }
    }

    std::vector<Token> m_t;
    std::string m_source;
    std::size_t m_i = 0;
};

}  // namespace

Result<LoadedGraph> parseGml(std::string_view text, const std::string& sourceName) {
    auto tokens = tokenize(text, sourceName);
    if (!tokens) return tokens.status();
    std::vector<Block> nodes, edges;
    Parser parser(std::move(tokens.value()), sourceName);
    VEIL_RETURN_IF_ERROR(parser.parse(nodes, edges));

    detail::NodeIndex index;
    std::vector<std::string> nodeLabel;  // by provisional id
    bool anyValue = false;
    for (const auto& b : nodes) anyValue = anyValue || b.values.count("value") > 0;
    const char* labelKey = anyValue ? "value" : "label";
    for (const auto& b : nodes) {
        const auto id = b.values.find("id");
        if (id == b.values.end()) return Status::parseError(formatLocation(sourceName, b.line) + ": node without 'id'");
        const NodeId p = index.intern(id->second.text);
        if (nodeLabel.size() <= p) nodeLabel.resize(p + 1);
        const auto l = b.values.find(labelKey);
        if (l != b.values.end()) nodeLabel[p] = l->second.text;
    }
    std::unordered_set<std::string> declared;
    for (const auto& b : nodes) declared.insert(b.values.find("id")->second.text);
    std::vector<std::pair<NodeId, NodeId>> pairs;
    pairs.reserve(edges.size());
    for (const auto& b : edges) {
        const auto s = b.values.find("source");
        const auto t = b.values.find("target");
        if (s == b.values.end() || t == b.values.end())
            return Status::parseError(formatLocation(sourceName, b.line) + ": edge without 'source' and 'target'");
        // Every end must be a declared node (an undeclared id would silently become a new node).
        for (const auto* end : {&s->second.text, &t->second.text})
            if (!declared.count(*end))
                return Status::parseError(formatLocation(sourceName, b.line) + ": the edge's node '" + *end +
                                          "' is not declared by a node [ id ... ]");
        pairs.emplace_back(index.intern(s->second.text), index.intern(t->second.text));
    }
    if (index.size() == 0) return Status::parseError(sourceName + ": the graph has no nodes");
    nodeLabel.resize(index.size());
    auto out = detail::buildLoaded(index, std::move(pairs), sourceName);
    if (!out) return out;
    // Attach the labels in final numbering.
    std::vector<NodeId> remap;
    std::vector<std::string> names;
    index.finalize(remap, names);
    std::vector<int> labels(index.size(), -1);
    std::vector<std::string> labelNames;
    std::unordered_map<std::string, int> ids;
    for (std::size_t p = 0; p < nodeLabel.size(); ++p) {
        if (nodeLabel[p].empty()) continue;
        const auto [it, inserted] = ids.try_emplace(nodeLabel[p], static_cast<int>(labelNames.size()));
        if (inserted) labelNames.push_back(nodeLabel[p]);
        labels[remap[p]] = it->second;
    }
    if (!labelNames.empty()) VEIL_RETURN_IF_ERROR(out->graph.setLabels(std::move(labels), std::move(labelNames)));
    return out;
}

}  // namespace veil::graph
