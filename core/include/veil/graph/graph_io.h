// Graph readers: edge lists (whitespace or comma separated, '#' / '%' comments), GraphML (Boost's
// reader), GML (own small reader) and node-label files (`id label` per line). Directed input is
// made undirected; self-loops and duplicate edges are dropped and counted in a warning. Errors
// name file:line (file:line:column for edge lists). Node names are the ids of the file, exactly as
// written; they are numbered in numeric order when all are integers (so a `0..n-1` file keeps its
// ids), in text order otherwise.
#pragma once

#include "veil/common/status.h"
#include "veil/graph/graph.h"

#include <string>
#include <string_view>
#include <vector>

namespace veil::graph {

struct LoadedGraph {
    Graph graph;
    BuildReport report;
    std::vector<std::string> warnings;  // human-readable, one per issue ("removed 3 self-loops ...")
};

// Parses an edge list from text; sourceName is used in messages. Lines: `u v` or `u,v`, an optional
// third numeric field (weight) is ignored. Canonical decimal ids (no leading zero, at most 18
// digits) are read in one pass with std::from_chars; any other id ("007", "-1", "alice") makes the
// reader go over the text again with string ids. Errors: a line with one field, more than three, or
// a non-numeric third field (ParseError with sourceName:line:column); no edges at all.
// Complexity O(L + m + sum of deg log deg) for L bytes of text (plus O(n log n) for sparse ids).
Result<LoadedGraph> parseEdgeList(std::string_view text, const std::string& sourceName);
// Parses GML (`graph [ node [ id .. value .. ] edge [ source .. target .. ] ]`). Node `value`
// (or `label` when there is no value) becomes the node label; isolated nodes are kept.
Result<LoadedGraph> parseGml(std::string_view text, const std::string& sourceName);
// GraphML via boost::read_graphml; a node attribute named `label` (or `value`) becomes the label.
Result<LoadedGraph> parseGraphml(const std::string& text, const std::string& sourceName);

// Reads a file, choosing the format by extension (.gml, .graphml / .xml, anything else = edge list).
Result<LoadedGraph> loadGraph(const std::string& path);
// What a release outside teaching mode says of the loading, whatever the file held: the warnings'
// counts are the graph's (a file listing both directions has |E| duplicates), and even whether a
// warning appears tells something of it.
std::string releaseLoadingNote(const std::string& sourceName);

// Parses `id label` lines (whitespace or comma separated, comments allowed) and attaches the labels
// to graph. The labels file lists the nodes: an id the graph does not name is added as a node
// without edges (an edge list names only nodes with an edge); nodes without a line get no label
// (-1). Errors: a line without two fields, or an id given twice with different labels.
Status parseLabels(std::string_view text, const std::string& sourceName, Graph& graph,
                   std::vector<std::string>* warnings);
Status loadLabels(const std::string& path, Graph& graph, std::vector<std::string>* warnings);

// Under edge privacy the node set is public, but an edge list names only the nodes that have an
// edge: removing an edge can remove a node, and n would be read off the data. A declared node
// count adds isolated nodes up to `nodes` ("(isolated 1)", ...). Error: the file names more nodes
// (the count is not shown).
Status declareNodeCount(Graph& graph, std::size_t nodes);
// Whether a graph file lists its nodes (GML, GraphML) rather than only its edges.
bool listsEveryNode(const std::string& path);
// A release outside teaching mode needs a declared node set: refused for an edge list with neither
// a labels file (`labels`) nor a declared node count (`nodeCount`), naming what to give.
Status requireDeclaredNodes(const std::string& path, bool labels, bool nodeCount);

}  // namespace veil::graph
