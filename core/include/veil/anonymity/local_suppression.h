// Local suppression: k-anonymity by suppressing single quasi-identifier cells instead of whole
// records, under one of two semantics for a suppressed cell ('*'):
// - Wildcard (sdcMicro's for NA in frequency counts, alpha = 1): a '*' matches any value; record
//   i's count is the number of records j that agree with i on every QI where neither cell is '*'.
// - Value (ARX's): a '*' is a value of its own; record i's count is the size of its class, the
//   records whose released QIs, '*' included, are exactly i's.
// The table is k-anonymous when every count is at least k.
// Finding the fewest cells is NP-hard (Meyerson & Williams, "On the complexity of optimal
// k-anonymity", PODS 2004), hence a greedy rule for any size and an integer program for small ones.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace veil::anonymity {

// Code of a suppressed cell in the code matrices below.
inline constexpr std::uint32_t kSuppressedCell = 0xffffffffu;

enum class LocalSuppressionMethod { Greedy, Optimal };
enum class LocalSuppressionSemantics { Wildcard, Value };

struct LocalSuppressionOptions {
    LocalSuppressionMethod method = LocalSuppressionMethod::Greedy;
    LocalSuppressionSemantics semantics = LocalSuppressionSemantics::Wildcard;
    int k = 2;
    // Suppression priority per column: higher = suppressed first (sdcMicro's "importance" read
    // the other way round). Empty: columns with more distinct values are suppressed first
    // (sdcMicro's default), ties by column order.
    std::vector<int> priority;
    // Optimal only: the integer program is attempted when records <= maxRecords and it has at most
    // maxRows constraints (and patterns); GLPK stops after timeLimitSeconds. Otherwise the best known
    // suppression is used (the greedy rule's or, '*' matching any value, k - 1 records wholly '*').
    // 1000: on adult's first records with 4 QIs both programs prove their optimum within 10 s
    // (docs/algorithms/local-suppression.md has the measurements).
    std::size_t maxRecords = 1000;
    std::size_t maxRows = 400000;
    double timeLimitSeconds = 10.0;
};

struct LocalSuppressionResult {
    std::vector<std::vector<std::uint32_t>> columns;  // [column][record], suppressed cells kSuppressedCell
    std::size_t suppressedCells = 0;                  // cells suppressed by this call
    std::vector<std::size_t> cellsPerColumn;
    LocalSuppressionMethod method = LocalSuppressionMethod::Greedy;  // the method that produced the result
    bool provenOptimal = false;                                      // the integer program was solved to optimality
    double lowerBound =
        0;  // optimal: GLPK's bound on the fewest cells (0 when unknown), also when the greedy result is used
    // Optimal: what the integer program did ("optimal (N variables, M constraints)"), or why it fell
    // back or stopped early (then with the bound and gap). A note when provenOptimal, else a warning.
    std::string message;
    std::vector<std::uint32_t> matches;  // per record, its count under options.semantics
};

// Per record, the number of records (itself included) that agree with it on every column where
// neither cell is kSuppressedCell. O(P^2 n) for P distinct suppression patterns and n records.
std::vector<std::uint32_t> wildcardMatchCounts(const std::vector<std::vector<std::uint32_t>>& columns);

// Per record, the size of its class: the records with exactly its codes, kSuppressedCell included.
std::vector<std::uint32_t> valueClassSizes(const std::vector<std::vector<std::uint32_t>>& columns);

// Per record, its count under `semantics` (one of the two above).
std::vector<std::uint32_t> suppressionCounts(const std::vector<std::vector<std::uint32_t>>& columns,
                                             LocalSuppressionSemantics semantics);

// Makes `columns` (codes per column and record; kSuppressedCell allowed) k-anonymous under
// options.semantics by suppressing cells.
// Greedy, Wildcard (after sdcMicro's localSuppression, Templ, Kowarik & Meindl, JSS 2015): while
// a record has fewer than k matches, take each such record (highest risk 1/count first); unless the
// cells suppressed so far in this sweep already make it match k records, find the records that
// differ from it on the fewest non-suppressed columns, and suppress its cell in the first column
// (by priority) on which one of them differs; then recount.
// Greedy, Value: in rounds, every record of a class smaller than k loses one more cell, the one
// whose suppression lets the most records reach its new tuple (ties by priority); when only
// all-'*' records are left too few, the cheapest records of classes larger than k (or the
// cheapest whole class) join them. See detail/value_suppression.h.
// Optimal: the fewest suppressed cells, by an integer program solved with GLPK (one per semantics,
// see docs/algorithms/local-suppression.md); beyond the size or time limit, the best suppression
// known (GLPK's, the greedy rule's or, '*' matching any value, k - 1 records wholly '*') with a
// message saying so and GLPK's lower bound (lowerBound) when it has one.
// Errors: no column, columns of different lengths, k < 1, k larger than the number of records,
// a priority vector of the wrong length, cancellation.
// Complexity: greedy O(rounds x violators x n x columns); optimal exponential in the worst case.
Result<LocalSuppressionResult> localSuppression(const std::vector<std::vector<std::uint32_t>>& columns,
                                                const LocalSuppressionOptions& options, const RunContext& ctx = {});

const char* localSuppressionMethodName(LocalSuppressionMethod m);

// "wildcard" | "value": the names the CLI, plans and settings use.
const char* localSuppressionSemanticsName(LocalSuppressionSemantics s);
std::optional<LocalSuppressionSemantics> parseLocalSuppressionSemantics(std::string_view name);

}  // namespace veil::anonymity
