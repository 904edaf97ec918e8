// Graph statistic releases of the graph engine (veil/graph/mechanisms.h): global sensitivity vs
// noisy max degree vs restricted sensitivity (Blocki, Blum, Datta, Sheffet, ITCS 2013), under edge
// or node privacy, with edge or vertex projections; error against the statistic on the real graph.
#include "methods.h"

#include "veil/graph/graph.h"
#include "veil/graph/mechanisms.h"
#include "veil/graph/statistic.h"

namespace veil::eval::detail {

namespace {

struct PreparedStatistic {
    graph::Statistic statistic;
    double truth = 0.0;
    std::size_t k = 0;
};

struct GraphVariant {
    const char* id;
    graph::Privacy privacy;
    graph::Method method;
    bool needsK;
    bool needsDelta;
    const char* description;
};

Result<std::shared_ptr<const void>> prepareStatistic(const GraphVariant& v, const TrialInput& in) {
    const std::vector<std::string> known =
        v.needsK ? std::vector<std::string>{"statistic", "k"} : std::vector<std::string>{"statistic"};
    VEIL_RETURN_IF_ERROR(checkKnownOptions(in.options, known, v.id));
    if (!in.graph) return Status::invalidArgument(std::string("method '") + v.id + "' needs a graph data set");
    auto name = stringOption(in.options, "statistic", "triangles");
    if (!name) return name.status();
    auto stat = graph::parseStatistic(*name, *in.graph);
    if (!stat) return stat.status();
    auto p = std::make_shared<PreparedStatistic>();
    p->statistic = *stat;
    auto truth = graph::evaluate(p->statistic, *in.graph, RunContext{});
    if (!truth) return truth.status();
    p->truth = *truth;
    auto k = numberOption(in.options, "k", 0);
    if (!k) return k.status();
    if (v.needsK && !(*k >= 1))
        return Status::invalidArgument(std::string("method '") + v.id +
                                       "': give the degree bound as option 'k' (>= 1)");
    p->k = static_cast<std::size_t>(*k);
    return std::shared_ptr<const void>(std::move(p));
}

MethodInfo graphMethod(const GraphVariant& v) {
    MethodInfo m;
    m.id = v.id;
    m.module = "graph";
    m.description = v.description;
    m.target = MethodTarget::Statistic;
    m.input = DataKind::Graph;
    m.supports1D = m.supports2D = false;
    m.needsDelta = v.needsDelta;
    m.optionsHelp = v.needsK
                        ? "statistic (\"triangles\" | \"edges\" | \"two-stars\" | \"max-degree\" | \"profile:SPEC\"), "
                          "k (degree bound, required)"
                        : "statistic (\"triangles\" | \"edges\" | \"two-stars\" | \"max-degree\" | \"profile:SPEC\")";
    m.prepare = [v](const TrialInput& in) { return prepareStatistic(v, in); };
    m.truth = [](const TrialInput& in) -> Result<std::vector<double>> {
        return std::vector<double>{static_cast<const PreparedStatistic*>(in.prepared)->truth};
    };
    m.run = [v](const TrialInput& in, double epsilon, dp::ReleaseGate& gate) -> Result<std::vector<double>> {
        const auto& p = *static_cast<const PreparedStatistic*>(in.prepared);
        graph::ReleaseRequest r;
        r.statistic = p.statistic;
        r.privacy = v.privacy;
        r.method = v.method;
        r.k = p.k;
        // Noisy max degree spends epsilon twice (degree, then count): give it half so every
        // method of a sweep spends the same total epsilon.
        r.epsilon = v.method == graph::Method::NoisyMaxDegree ? epsilon / 2.0 : epsilon;
        r.delta = in.delta;
        r.trials = 1;
        auto released = graph::releaseStatistic(gate, *in.graph, r, RunContext{});
        if (!released) return released.status();
        if (released->releases.empty()) return Status::internal("the graph release returned no value");
        return std::vector<double>{released->releases.front()};
    };
    return m;
}

}  // namespace

void addGraphMethods(std::vector<MethodInfo>& out) {
    using graph::Method;
    using graph::Privacy;
    const GraphVariant variants[] = {
        {"graph:edge-laplace", Privacy::Edge, Method::Laplace, false, false,
         "edge privacy, Laplace with the global sensitivity"},
        {"graph:edge-noisy-max-degree", Privacy::Edge, Method::NoisyMaxDegree, false, true,
         "edge privacy, triangles with a noisy max-degree bound (epsilon split in two halves)"},
        {"graph:edge-restricted", Privacy::Edge, Method::Restricted, true, false,
         "edge privacy, restricted sensitivity on degree <= k with Blocki's edge projection"},
        {"graph:node-laplace", Privacy::Node, Method::Laplace, false, false,
         "node privacy, Laplace with the global sensitivity"},
        {"graph:node-restricted", Privacy::Node, Method::Restricted, true, true,
         "node privacy, restricted sensitivity with the LP vertex projection and a smooth bound"},
        {"graph:node-truncation", Privacy::Node, Method::Truncation, true, true,
         "node privacy, naive truncation at degree k with a smooth bound"},
    };
    for (const auto& v : variants) out.push_back(graphMethod(v));
}

}  // namespace veil::eval::detail
