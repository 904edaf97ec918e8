// Fruchterman & Reingold force-directed layout (1991) via boost::fruchterman_reingold_force_directed_layout.
#include "veil/graph/layout.h"

#include "veil/common/random.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/topology.hpp>
#include <boost/property_map/property_map.hpp>

#include <string>

namespace veil::graph {
namespace {

using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
using Topology = boost::rectangle_topology<>;
using Point = Topology::point_type;

// Linear cooling that reports progress and turns cancellation into temperature 0 (stops Boost's loop).
struct ReportingCooling {
    const RunContext* ctx;
    bool* cancelled;
    int iterations;
    double start;
    int step = 0;
    double operator()() {
        if (ctx->cancelled()) {
            *cancelled = true;
            return 0.0;
        }
        if (step >= iterations) return 0.0;
        const double t = start * (1.0 - static_cast<double>(step) / iterations);
        ++step;
        ctx->report(static_cast<double>(step) / (iterations + 1), "Laying out the graph");
        return t;
    }
};

}  // namespace

Result<std::vector<NodePosition>> forceDirectedLayout(const Graph& g, const LayoutOptions& o, const RunContext& ctx) {
    if (o.iterations < 1)
        return Status::invalidArgument("iterations must be at least 1 (got " + std::to_string(o.iterations) + ")");
    if (!(o.width > 0) || !(o.height > 0)) return Status::invalidArgument("layout width and height must be positive");
    if (!ctx.random) return Status::invalidArgument("a random source is required for the initial positions");
    ctx.report(0.0, "Laying out the graph");
    const std::size_t n = g.nodeCount();
    std::vector<NodePosition> out(n);
    if (n == 0) return out;

    BoostGraph bg(n);
    for (const Edge& e : g.edges()) boost::add_edge(e.u, e.v, bg);
    std::vector<Point> pos(n);
    for (std::size_t v = 0; v < n; ++v) {
        pos[v][0] = (ctx.random->uniform01() - 0.5) * o.width;
        pos[v][1] = (ctx.random->uniform01() - 0.5) * o.height;
    }
    if (n > 1) {
        const Topology topology(-o.width / 2, -o.height / 2, o.width / 2, o.height / 2);
        auto posMap = boost::make_iterator_property_map(pos.begin(), boost::get(boost::vertex_index, bg));
        bool cancelled = false;
        ReportingCooling cooling{&ctx, &cancelled, o.iterations, std::max(o.width, o.height) / 10.0};
        boost::fruchterman_reingold_force_directed_layout(bg, posMap, topology, boost::cooling(cooling));
        if (cancelled) return Status::cancelled();
    }
    for (std::size_t v = 0; v < n; ++v) out[v] = {pos[v][0], pos[v][1]};
    ctx.report(1.0, "Laying out the graph");
    return out;
}

}  // namespace veil::graph
