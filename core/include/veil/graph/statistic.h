// Statistic: the graph queries that can be released (edges, max-degree, triangles, two-stars,
// local profile queries), parsed from their CLI / UI names and evaluated on a graph.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/graph/graph.h"
#include "veil/graph/labelled_counts.h"

#include <string>

namespace veil::graph {

enum class StatisticKind { Edges, MaxDegree, Triangles, TwoStars, Profile };

struct Statistic {
    StatisticKind kind = StatisticKind::Edges;
    ProfileQuery profile;      // for Profile
    std::string name() const;  // "edges", "max-degree", "triangles", "two-stars", "profile:SPEC"
    // |P| when the statistic counts copies of a pattern P (edges 2, triangles 3, two-stars 3), else 0.
    int patternSize() const;
};

// Parses edges | max-degree | triangles | two-stars | profile:SPEC (SPEC resolved against g's labels).
// Errors: InvalidArgument (unknown name), ParseError / NotFound (bad SPEC).
Result<Statistic> parseStatistic(const std::string& text, const Graph& g);
Statistic makeStatistic(StatisticKind kind);

// The exact value on g. Errors: Cancelled.
Result<double> evaluate(const Statistic& s, const Graph& g, const RunContext& ctx);

}  // namespace veil::graph
