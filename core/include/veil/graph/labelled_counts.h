// Labelled statistics (seed 001): local profile queries composed by the user, nodes adjacent to a
// label, labelled triangles.
//
// Local profile SPEC syntax:  [CENTER:]SLOT,SLOT,...[/CONSTRAINT,...]
//   SLOT        a label name or `*` (any label); each slot is a distinct neighbour of the counted node
//   CENTER      optional label the counted node itself must have
//   CONSTRAINT  `i-j`: slots i and j (1-based) are adjacent; `i!j`: they are not adjacent
// The query counts nodes v for which such an assignment of neighbours exists. Seed 001's "people
// who know 2 lawyers who know each other and 2 doctors who know each other, but the lawyers aren't
// friends with the doctors" is  lawyer,lawyer,doctor,doctor/1-2,3-4,1!3,1!4,2!3,2!4 ; "people who
// know a pianist" is  pianist .
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/graph/graph.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace veil::graph {

struct ProfileQuery {
    static constexpr int kAny = -2;
    struct Constraint {
        int a = 0, b = 0;  // 0-based slot indices
        bool adjacent = true;
    };
    int centerLabel = kAny;
    std::vector<int> slotLabels;  // label index or kAny
    std::vector<Constraint> constraints;
    std::string text;  // the SPEC as given
};

// Parses SPEC against g's label names. Errors: ParseError (syntax, with the offending part),
// NotFound (unknown label), InvalidArgument (slot index out of range, more than 8 slots).
Result<ProfileQuery> parseProfileQuery(const std::string& spec, const Graph& g);
// Number of nodes satisfying the query; backtracking over neighbours, worst case O(n d^s) for s
// slots. Errors: Cancelled.
Result<std::uint64_t> countProfile(const Graph& g, const ProfileQuery& q, const RunContext& ctx);
std::uint64_t countProfile(const Graph& g, const ProfileQuery& q);

// Nodes with at least one neighbour labelled `label` (label index).
std::uint64_t countNodesAdjacentToLabel(const Graph& g, int label);
// Triangles whose three labels equal the given multiset (label indices, kAny allowed).
std::uint64_t countLabelledTriangles(const Graph& g, std::array<int, 3> labels);

}  // namespace veil::graph
