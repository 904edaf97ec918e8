// GraphML reader on top of boost::read_graphml (Boost.Graph + Boost.PropertyTree). Boost's
// exceptions stop here and come back as ParseError statuses.
#include "veil/graph/graph_io.h"

#include "graph/detail/build.h"
#include "graph/detail/node_index.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace veil::graph {
namespace {

struct VertexData {
    std::string label;
    std::string value;
    std::string name;
};
using DirectedGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, VertexData>;
using UndirectedGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, VertexData>;

// Boost refuses to read a graph into a type of the other directedness, so pick by edgedefault.
bool declaresDirected(const std::string& text) {
    const auto p = text.find("edgedefault");
    return p != std::string::npos && text.compare(text.find_first_of("\"'", p) + 1, 8, "directed") == 0;
}

// Boost's reader makes up a node for an edge end it has not seen declared; GraphML requires every
// endpoint to be a declared <node>. Checked first, naming the edge and the missing id.
Status checkDeclaredNodes(const std::string& text, const std::string& sourceName) {
    namespace pt = boost::property_tree;
    pt::ptree tree;
    try {
        std::istringstream in(text);
        pt::read_xml(in, tree);
    } catch (const std::exception& e) {
        return Status::parseError(sourceName + ": not a readable GraphML file: " + e.what());
    }
    const auto graphml = tree.get_child_optional("graphml");
    if (!graphml) return Status::parseError(sourceName + ": not a GraphML file (no <graphml> element)");
    std::size_t edgeNo = 0;
    for (const auto& [tag, graph] : *graphml) {
        if (tag != "graph") continue;
        std::unordered_set<std::string> declared;
        for (const auto& [t, node] : graph)
            if (t == "node") declared.insert(node.get<std::string>("<xmlattr>.id", ""));
        for (const auto& [t, edge] : graph) {
            if (t != "edge") continue;
            ++edgeNo;
            for (const char* end : {"source", "target"}) {
                const std::string id = edge.get<std::string>(std::string("<xmlattr>.") + end, "");
                if (!declared.count(id))
                    return Status::parseError(sourceName + ": edge " + std::to_string(edgeNo) + " has " + end + " '" +
                                              id + "', which is not a declared <node>");
            }
        }
    }
    return Status::ok();
}

template <typename ReadGraph>
Result<LoadedGraph> readAs(const std::string& text, const std::string& sourceName) {
    ReadGraph g;
    boost::dynamic_properties dp(boost::ignore_other_properties);
    dp.property("label", boost::get(&VertexData::label, g));
    dp.property("value", boost::get(&VertexData::value, g));
    dp.property("name", boost::get(&VertexData::name, g));
    try {
        std::istringstream in(text);
        boost::read_graphml(in, g, dp);
    } catch (const std::exception& e) {
        return Status::parseError(sourceName + ": not a readable GraphML file: " + e.what());
    }
    const std::size_t n = boost::num_vertices(g);
    if (n == 0) return Status::parseError(sourceName + ": the graph has no nodes");

    bool haveNames = true, haveValue = false, haveLabel = false;
    for (std::size_t v = 0; v < n; ++v) {
        haveNames = haveNames && !g[v].name.empty();
        haveValue = haveValue || !g[v].value.empty();
        haveLabel = haveLabel || !g[v].label.empty();
    }
    detail::NodeIndex index;
    std::vector<NodeId> provisional(n);
    for (std::size_t v = 0; v < n; ++v) provisional[v] = index.intern(haveNames ? g[v].name : std::to_string(v));
    std::vector<std::pair<NodeId, NodeId>> pairs;
    for (auto [it, end] = boost::edges(g); it != end; ++it)
        pairs.emplace_back(provisional[boost::source(*it, g)], provisional[boost::target(*it, g)]);
    auto out = detail::buildLoaded(index, std::move(pairs), sourceName);
    if (!out || (!haveValue && !haveLabel)) return out;

    std::vector<NodeId> remap;
    std::vector<std::string> names;
    index.finalize(remap, names);
    std::vector<int> labels(index.size(), -1);
    std::vector<std::string> labelNames;
    std::unordered_map<std::string, int> ids;
    for (std::size_t v = 0; v < n; ++v) {
        const std::string& l = haveValue ? g[v].value : g[v].label;
        if (l.empty()) continue;
        const auto [lit, inserted] = ids.try_emplace(l, static_cast<int>(labelNames.size()));
        if (inserted) labelNames.push_back(l);
        labels[remap[provisional[v]]] = lit->second;
    }
    VEIL_RETURN_IF_ERROR(out->graph.setLabels(std::move(labels), std::move(labelNames)));
    return out;
}

}  // namespace

Result<LoadedGraph> parseGraphml(const std::string& text, const std::string& sourceName) {
    VEIL_RETURN_IF_ERROR(checkDeclaredNodes(text, sourceName));
    if (declaresDirected(text)) return readAs<DirectedGraph>(text, sourceName);
    return readAs<UndirectedGraph>(text, sourceName);
}

}  // namespace veil::graph
