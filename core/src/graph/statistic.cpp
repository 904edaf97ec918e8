// Statistic parsing and evaluation.
#include "veil/graph/statistic.h"

#include "veil/graph/statistics.h"

namespace veil::graph {

std::string Statistic::name() const {
    switch (kind) {
        case StatisticKind::Edges:
            return "edges";
        case StatisticKind::MaxDegree:
            return "max-degree";
        case StatisticKind::Triangles:
            return "triangles";
        case StatisticKind::TwoStars:
            return "two-stars";
        case StatisticKind::Profile:
            return "profile:" + profile.text;
    }
    return {};
}

int Statistic::patternSize() const {
    switch (kind) {
        case StatisticKind::Edges:
            return 2;
        case StatisticKind::Triangles:
        case StatisticKind::TwoStars:
            return 3;
        default:
            return 0;
    }
}

Statistic makeStatistic(StatisticKind kind) {
    Statistic s;
    s.kind = kind;
    return s;
}

Result<Statistic> parseStatistic(const std::string& text, const Graph& g) {
    if (text == "edges") return makeStatistic(StatisticKind::Edges);
    if (text == "max-degree") return makeStatistic(StatisticKind::MaxDegree);
    if (text == "triangles") return makeStatistic(StatisticKind::Triangles);
    if (text == "two-stars") return makeStatistic(StatisticKind::TwoStars);
    if (text.rfind("profile:", 0) == 0) {
        auto q = parseProfileQuery(text.substr(8), g);
        if (!q) return q.status();
        Statistic s = makeStatistic(StatisticKind::Profile);
        s.profile = std::move(q.value());
        return s;
    }
    return Status::invalidArgument("unknown statistic '" + text +
                                   "' (expected edges, max-degree, triangles, two-stars or profile:SPEC)");
}

Result<double> evaluate(const Statistic& s, const Graph& g, const RunContext& ctx) {
    switch (s.kind) {
        case StatisticKind::Edges:
            return static_cast<double>(g.edgeCount());
        case StatisticKind::MaxDegree:
            return static_cast<double>(maxDegree(g));
        case StatisticKind::TwoStars:
            return static_cast<double>(countTwoStars(g));
        case StatisticKind::Triangles: {
            auto t = countTriangles(g, ctx);
            if (!t) return t.status();
            return static_cast<double>(*t);
        }
        case StatisticKind::Profile: {
            auto c = countProfile(g, s.profile, ctx);
            if (!c) return c.status();
            return static_cast<double>(*c);
        }
    }
    return Status::internal("unknown statistic kind");
}

}  // namespace veil::graph
