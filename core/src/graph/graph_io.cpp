// Label-file reader, format dispatch by extension (files are memory-mapped) and the readers' shared
// tail. The edge-list reader itself is in edge_list_reader.cpp.
#include "veil/graph/graph_io.h"

#include "veil/io/atomic_file.h"
#include "veil/io/mapped_file.h"

#include "graph/detail/build.h"
#include "graph/detail/node_index.h"

#include <algorithm>
#include <unordered_map>

namespace veil::graph {
namespace {

// Splits a line on blanks and commas after removing a '#' or '%' comment.
std::vector<std::string> fields(std::string_view line) {
    const auto hash = line.find_first_of("#%");
    if (hash != std::string_view::npos) line = line.substr(0, hash);
    std::vector<std::string> out;
    std::string cur;
    for (char c : line) {
        if (c == ' ' || c == '\t' || c == ',' || c == '\r' || c == ';') {
            if (!cur.empty()) out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    return out;
}

template <typename Fn>
Status forEachLine(std::string_view text, Fn&& fn) {
    long long lineNo = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        ++lineNo;
        VEIL_RETURN_IF_ERROR(fn(text.substr(pos, end - pos), lineNo));
        pos = end + 1;
    }
    return Status::ok();
}

Result<std::string> readFile(const std::string& path, const std::string& expected) {
    return readWholeFile(path, expected);
}

std::string lowerExtension(const std::string& path) {
    const auto dot = path.find_last_of('.');
    const auto slash = path.find_last_of("/\\");
    if (dot == std::string::npos || (slash != std::string::npos && slash > dot)) return {};
    std::string ext = path.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

}  // namespace

namespace detail {
Result<LoadedGraph> buildLoaded(const NodeIndex& index, std::vector<std::pair<NodeId, NodeId>> pairs,
                                const std::string& sourceName) {
    std::vector<NodeId> remap;
    std::vector<std::string> names;
    index.finalize(remap, names);
    for (auto& [a, b] : pairs) {
        a = remap[a];
        b = remap[b];
    }
    return buildNumbered(std::move(names), std::move(pairs), sourceName);
}

Result<LoadedGraph> buildNumbered(std::vector<std::string> names, std::vector<std::pair<NodeId, NodeId>> pairs,
                                  const std::string& sourceName) {
    LoadedGraph out;
    auto g = Graph::fromPairs(names.size(), std::move(pairs), &out.report);
    if (!g) return g.status();
    out.graph = std::move(g.value());
    out.graph.setNodeNames(std::move(names));
    if (out.report.selfLoops > 0 || out.report.duplicates > 0)
        out.warnings.push_back(sourceName + ": removed " + std::to_string(out.report.selfLoops) + " self-loop(s) and " +
                               std::to_string(out.report.duplicates) +
                               " duplicate edge(s) (directed or repeated pairs are made one undirected edge)");
    return out;
}
}  // namespace detail

std::string releaseLoadingNote(const std::string& sourceName) {
    return sourceName +
           ": self-loops, if any, are removed, directed or repeated pairs made one undirected edge, a third "
           "field (weight) ignored, and label lines naming no node skipped (release mode shows no counts)";
}

Result<LoadedGraph> loadGraph(const std::string& path) {
    VEIL_RETURN_IF_ERROR(checkReadableFile(path, "a graph file (edge list, .gml or .graphml)"));
    auto file = MappedFile::open(path);  // read in place: no copy of a large edge list
    if (!file) return file.status();
    const std::string_view text = (*file)->bytes();
    const std::string ext = lowerExtension(path);
    if (ext == "gml") return parseGml(text, path);
    if (ext == "graphml" || ext == "xml") return parseGraphml(std::string(text), path);
    return parseEdgeList(text, path);
}

Status parseLabels(std::string_view text, const std::string& sourceName, Graph& graph,
                   std::vector<std::string>* warnings) {
    std::unordered_map<std::string, NodeId> byName;
    for (NodeId v = 0; v < graph.nodeCount(); ++v) byName.emplace(graph.nodeName(v), v);
    std::vector<int> labels(graph.nodeCount(), -1);
    std::vector<std::string> names;
    std::unordered_map<std::string, int> labelIds;
    std::vector<std::string> added;  // ids the graph file does not name: isolated nodes
    VEIL_RETURN_IF_ERROR(forEachLine(text, [&](std::string_view line, long long lineNo) -> Status {
        const auto f = fields(line);
        if (f.empty()) return Status::ok();
        if (f.size() != 2)
            return Status::parseError(formatLocation(sourceName, lineNo) + ": expected 'id label', found " +
                                      std::to_string(f.size()) + " field(s) in '" + std::string(line) + "'");
        auto node = byName.find(f[0]);
        if (node == byName.end()) {  // the labels file lists every node: this one has no edge
            node = byName.emplace(f[0], NodeId(labels.size())).first;
            labels.push_back(-1);
            added.push_back(f[0]);
        }
        const auto [it, inserted] = labelIds.try_emplace(f[1], static_cast<int>(names.size()));
        if (inserted) names.push_back(f[1]);
        int& slot = labels[node->second];
        if (slot != -1 && slot != it->second)
            return Status::parseError(formatLocation(sourceName, lineNo) + ": node '" + f[0] + "' already has label '" +
                                      names[static_cast<std::size_t>(slot)] + "'");
        slot = it->second;
        return Status::ok();
    }));
    const auto missing = std::count(labels.begin(), labels.end(), -1);
    if (!added.empty()) {
        if (warnings)
            warnings->push_back(sourceName + ": " + std::to_string(added.size()) +
                                " node(s) named only here, added without edges");
        std::vector<std::string> nodeNames;
        for (NodeId v = 0; v < graph.nodeCount(); ++v) nodeNames.push_back(graph.nodeName(v));
        nodeNames.insert(nodeNames.end(), added.begin(), added.end());
        graph = Graph::fromSimpleEdges(nodeNames.size(), graph.edges());
        graph.setNodeNames(std::move(nodeNames));
    }
    if (warnings && missing > 0)
        warnings->push_back(sourceName + ": " + std::to_string(missing) + " node(s) have no label");
    return graph.setLabels(std::move(labels), std::move(names));
}

Status declareNodeCount(Graph& graph, std::size_t nodes) {
    if (nodes < graph.nodeCount())  // the count is the data's: not shown
        return Status::invalidArgument("the graph file names more nodes than the declared node count " +
                                       std::to_string(nodes));
    if (nodes == graph.nodeCount()) return Status::ok();
    std::vector<std::string> names;
    for (NodeId v = 0; v < graph.nodeCount(); ++v) names.push_back(graph.nodeName(v));
    std::vector<int> labels;
    for (NodeId v = 0; v < graph.nodeCount(); ++v) labels.push_back(graph.labelOf(v));
    const auto labelNames = graph.labelNames();
    for (std::size_t i = names.size(); i < nodes; ++i) {
        names.push_back("(isolated " + std::to_string(i + 1 - graph.nodeCount()) + ")");
        labels.push_back(-1);
    }
    graph = Graph::fromSimpleEdges(nodes, graph.edges());
    graph.setNodeNames(std::move(names));
    if (!labelNames.empty()) return graph.setLabels(std::move(labels), labelNames);
    return Status::ok();
}

Status requireDeclaredNodes(const std::string& path, bool labels, bool nodeCount) {
    if (listsEveryNode(path) || labels || nodeCount) return Status::ok();
    return Status::invalidArgument(path +
                                   ": an edge list names only the nodes that have an edge, so its node count would be "
                                   "read off the data; declare the nodes with a labels file listing every node (or, "
                                   "from the command line, --nodes N)");
}

bool listsEveryNode(const std::string& path) {
    const std::string ext = lowerExtension(path);
    return ext == "gml" || ext == "graphml" || ext == "xml";
}

Status loadLabels(const std::string& path, Graph& graph, std::vector<std::string>* warnings) {
    auto text = readFile(path, "a labels file ('id label' lines)");
    if (!text) return text.status();
    return parseLabels(*text, path, graph, warnings);
}

}  // namespace veil::graph
