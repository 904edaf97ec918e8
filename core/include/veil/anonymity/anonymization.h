// Anonymization: "Plan in, Result out". An AnonymizationConfig says what to protect (quasi-
// identifiers with their hierarchies, the sensitive attribute) and how (privacy models,
// suppression limit, metric, algorithm); anonymize() runs it on a Table and returns an
// AnonymizationResult with everything the views need: the transformation, the lattice with
// per-node status, the equivalence classes, Mondrian partitions, information loss under every
// metric, risk before and after, and the released table. MDAV's classes are its groups.
#pragma once

#include "veil/anonymity/class_labels.h"
#include "veil/anonymity/lattice.h"
#include "veil/anonymity/local_suppression.h"
#include "veil/anonymity/metric.h"
#include "veil/anonymity/privacy_model.h"
#include "veil/anonymity/risk.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/hierarchy/hierarchy.h"
#include "veil/table/table.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace veil::anonymity {

// Mdav: microaggregation of the numeric QIs (see microaggregation.h); k-anonymity only.
// LocalRecoding: ARX's local transformation (the optimal search repeated on the records it
// suppressed; see LocalRecodingOptions). None: the QIs are released as they are (with
// localSuppression, which then does all the work; k-anonymity only).
enum class Algorithm { Optimal, Mondrian, Mdav, LocalRecoding, None };
enum class MondrianMode { Strict, Relaxed };

// The name plans, the CLI and exports use ("optimal", "mondrian", "mdav", "local-recoding",
// "none"), and back (nullopt when unknown).
const char* algorithmName(Algorithm a);
std::optional<Algorithm> algorithmFromName(std::string_view name);
// Local suppression follows the optimal search or replaces generalization (None); the other
// algorithms leave no record to suppress cells of. None also requires it.
bool acceptsLocalSuppression(Algorithm a);

struct QuasiIdentifier {
    std::string column;
    // Required by the optimal search; optional for Mondrian (numeric columns become ranges,
    // categorical columns without a hierarchy become sets "{a,b}") and MDAV (numeric columns become
    // group means, categorical ones their group's lowest common ancestor, or the set).
    std::optional<hierarchy::Hierarchy> hierarchy;
};

// Local recoding as ARX does it (ARXResult.optimizeIterative; Prasser et al., "Flexible data
// anonymization using ARX", Software: Practice and Experience 2020): after the global optimum, the
// optimal search runs again on the records still suppressed, with the same models and relative
// suppression limit and the Loss metric's gs-factor, and releases those it no longer suppresses
// at that pass's levels; it stops when a pass releases nothing (after raising the gs-factor by
// adaptionFactor while it stays <= 1), fewer than k records are left, or after `iterations` passes.
struct LocalRecodingOptions {
    double gsFactor = 0.05;       // in [0, 1]; ARX's desktop default (0 favours suppression, 1 generalization)
    int iterations = 100;         // passes after the global one, >= 1 (ARX's default)
    double adaptionFactor = 0.0;  // in [0, 1]; added to gsFactor when a pass releases nothing
    // The user chose gsFactor (a plan's "gs_factor", the CLI's --gs-factor): only then is a warning
    // due when the metric leaves it unused (it weighs the loss metric only).
    bool gsFactorGiven = false;
};

struct AnonymizationConfig {
    std::vector<QuasiIdentifier> quasiIdentifiers;  // any order: the engine uses the table's column order
    std::optional<std::string> sensitive;
    std::optional<hierarchy::Hierarchy> sensitiveHierarchy;  // for hierarchical-distance t-closeness
    PrivacyModels models;
    double suppressionLimit = 0.0;  // fraction of records, in [0, 1]
    MetricKind metric = MetricKind::Loss;
    Algorithm algorithm = Algorithm::Optimal;
    MondrianMode mondrianMode = MondrianMode::Strict;
    // Optimal only: apply this node (levels in QI column order) instead of searching.
    std::optional<std::vector<int>> transformation;
    LocalRecodingOptions localRecoding;  // LocalRecoding only
    // Optimal (searched or given node) and None: records that the generalization would suppress
    // keep their generalized values and single QI cells are suppressed instead, until every record
    // matches at least k records ('*' matches anything; k is models.k, options.k is ignored).
    // Required by None (without it the QIs would be released as they are, not k-anonymous).
    std::optional<LocalSuppressionOptions> localSuppression;
    double riskThreshold = 0.2;
    bool buildOutput = true;
};

// Equivalence classes of the released table.
struct EquivalenceClasses {
    std::vector<std::uint32_t> recordClass;  // class id per input record
    std::vector<std::size_t> classSize;
    std::vector<std::uint8_t> classSuppressed;  // 1 = the class's records were suppressed
    ClassLabels classLabels;                    // generalized QI values per class

    std::size_t classCount() const { return classSize.size(); }
    std::size_t suppressedRecords() const;
    std::size_t keptClasses() const;
    std::size_t minKeptClassSize() const;        // 0 when everything is suppressed
    std::vector<std::size_t> keptSizes() const;  // sizes of the classes not suppressed, in class order
};

// One Mondrian partition (a hyper-rectangle) with its bounds per QI, for drawing the cuts.
// Numeric QIs: low/high are values; categorical QIs: low/high are positions in the QI's value
// order (the hierarchy's row order, or sorted values), labels are what the release shows.
struct MondrianPartition {
    std::size_t size = 0;
    std::vector<double> low;
    std::vector<double> high;
    std::vector<std::string> labels;
};

// One pass of local recoding: the node it applied to the records it was given.
struct LocalRecodingPass {
    std::vector<int> transformation;  // level per QI (table column order)
    std::size_t records = 0;          // records the pass searched over
    std::size_t released = 0;         // records it released (not suppressed)
    double gsFactor = 0.5;            // pass 0 (the global optimum) uses the configured metric as is
    double informationLoss = 0;       // the pass's metric on its own records
};

struct LocalSuppressionSummary {
    LocalSuppressionMethod method = LocalSuppressionMethod::Greedy;  // the method that produced the cells
    LocalSuppressionSemantics semantics = LocalSuppressionSemantics::Wildcard;
    bool requestedOptimal = false;
    bool provenOptimal = false;
    std::size_t suppressedCells = 0;
    std::vector<std::size_t> cellsPerQi;      // '*' cells per QI in the output (table column order)
    std::size_t recordsTouched = 0;           // records with at least one '*' cell and at least one kept
    std::size_t recordsWhollySuppressed = 0;  // records whose every QI cell is '*' (counted as suppressed)
    std::size_t cellsInWholeRecords = 0;      // the cells this suppression put in those records
    std::uint32_t minMatches = 0;             // smallest per-record count under `semantics`
    double lowerBound = 0;                    // optimal: GLPK's bound on the fewest cells (0: unknown)
    // Optimal: what the integer program did; a warning too (result.warnings) unless proven optimal.
    std::string message;
    // Wildcard semantics: per record not wholly suppressed (record order), the records it matches
    // ('*' matching any value); riskAfter comes from them (riskFromRecordCounts). Empty for Value,
    // whose classes are the risk.
    std::vector<std::uint32_t> keptMatches;
};

// What the suppressed cells are, for people: "16 cells in 16 records that keep some values", or
// when whole records went '*', "4 cells, all in 1 record wholly '*' (counted among the suppressed
// records); 0 records keep some values" (the CLI's and the window's words).
std::string localSuppressionCellsText(const LocalSuppressionSummary& summary);

struct AnonymizationResult {
    bool found = false;   // a transformation satisfying the models was found
    std::string message;  // why not, when !found
    Algorithm algorithm = Algorithm::Optimal;
    std::vector<std::string> quasiIdentifiers;  // in table column order
    std::vector<int> transformation;            // optimal: level per QI
    GeneralizationLattice lattice;              // optimal search only
    std::size_t optimumIndex = 0;
    std::vector<MondrianPartition> partitions;  // Mondrian only
    // MDAV only: the groups of at least k records it formed. Groups that release the same values
    // (equal means) form one class of the released table, so `classes` may hold fewer.
    std::size_t groups = 0;
    MetricKind metric = MetricKind::Loss;
    double informationLoss = 0;
    MetricValues metrics;
    EquivalenceClasses classes;
    std::size_t suppressed = 0;
    RiskSummary riskBefore;
    RiskSummary riskAfter;
    // LocalRecoding: the passes (pass 0 is the global optimum, `transformation` above) and, per
    // record, the pass that released it (-1: suppressed), so its levels are
    // passes[recordPass[r]].transformation (cell-level generalization).
    std::vector<LocalRecodingPass> passes;
    std::vector<std::int32_t> recordPass;
    std::optional<LocalSuppressionSummary> localSuppression;
    Table output;  // QIs generalized, suppressed records' QIs "*"; other columns unchanged
    double seconds = 0;
    std::vector<std::string> warnings;
};

// Why `result` has no value of `metric` (NaN in result.metrics), in words for reports: "not defined
// for local recoding (its records sit at different generalization levels)"; empty when it has one.
std::string metricNotDefinedText(const AnonymizationResult& result, MetricKind metric);

// Runs the configured algorithm. Errors (Status): unknown column, a QI without hierarchy for the
// optimal search, a hierarchy that does not cover the column or is not a tree, k < 1 or k > N,
// l > distinct sensitive values, t outside [0,1], suppression outside [0,1], a sensitive
// attribute missing for l-diversity/t-closeness, cancellation. "No transformation satisfies
// the models" is not an error: found = false with a message. Algorithm None without
// localSuppression, and localSuppression with another algorithm than Optimal or None, are refused.
// MDAV also refuses l-diversity, t-closeness, delta-presence and tables without a numeric QI.
// Complexity: optimal search O(|lattice| x distinct tuples) worst case, much less with pruning;
// Mondrian O(N log N x #QIs); MDAV O(N^2 / k x #numeric QIs).
Result<AnonymizationResult> anonymize(const Table& table, const AnonymizationConfig& config,
                                      const RunContext& ctx = {});

}  // namespace veil::anonymity
