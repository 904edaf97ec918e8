// Kamada & Kawai spring layout (IPL 1989) via boost::kamada_kawai_spring_layout.
#include "veil/graph/kamada_kawai_layout.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/kamada_kawai_spring_layout.hpp>
#include <boost/graph/topology.hpp>
#include <boost/property_map/property_map.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace veil::graph {
namespace {

using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
using Topology = boost::square_topology<>;
using Point = Topology::point_type;

// Boost's energy tolerance plus a cancel check and coarse progress (one report per outer step).
struct CancellableDone {
    const RunContext* ctx;
    bool* cancelled;
    int* steps;
    boost::layout_tolerance<double> tolerance{0.001};
    bool operator()(double delta, boost::graph_traits<BoostGraph>::vertex_descriptor p, const BoostGraph& g,
                    bool global) {
        if (ctx->cancelled()) {
            *cancelled = true;
            return true;
        }
        if (global && ++*steps % 10 == 0) ctx->report(std::min(0.95, 0.1 + *steps / 2000.0), "Kamada-Kawai layout");
        return tolerance(delta, p, g, global);
    }
};

}  // namespace

Result<std::vector<NodePosition>> kamadaKawaiLayout(const Graph& g, const LayoutOptions& o, const RunContext& ctx) {
    if (!(o.width > 0) || !(o.height > 0)) return Status::invalidArgument("layout width and height must be positive");
    ctx.report(0.0, "Kamada-Kawai layout");
    const std::size_t n = g.nodeCount();
    std::vector<NodePosition> out(n);
    if (n == 0) return out;
    BoostGraph bg(n);
    for (const Edge& e : g.edges()) boost::add_edge(e.u, e.v, bg);
    std::vector<int> component(n);
    const int components = boost::connected_components(bg, component.data());
    if (components > 1)
        return Status::invalidArgument("Kamada-Kawai needs a connected graph; this one has " +
                                       std::to_string(components) + " components (use Fruchterman-Reingold)");
    const double side = std::min(o.width, o.height);
    std::vector<Point> pos(n);
    for (std::size_t v = 0; v < n; ++v) {
        const double a = 2 * std::numbers::pi * double(v) / double(n);
        pos[v][0] = side / 3 * std::cos(a);
        pos[v][1] = side / 3 * std::sin(a);
    }
    if (n > 1) {
        auto posMap = boost::make_iterator_property_map(pos.begin(), boost::get(boost::vertex_index, bg));
        bool cancelled = false;
        int steps = 0;
        const Topology topology(side / 2);
        const bool ok = boost::kamada_kawai_spring_layout(
            bg, posMap, boost::make_static_property_map<boost::graph_traits<BoostGraph>::edge_descriptor>(1.0),
            topology, boost::side_length(side), CancellableDone{&ctx, &cancelled, &steps});
        if (cancelled || ctx.cancelled()) return Status::cancelled();
        if (!ok) return Status::invalidArgument("Kamada-Kawai needs a connected graph");
    }
    for (std::size_t v = 0; v < n; ++v) out[v] = {pos[v][0], pos[v][1]};
    ctx.report(1.0, "Kamada-Kawai layout");
    return out;
}

}  // namespace veil::graph
