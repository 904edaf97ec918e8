// Re-identification risk of a table under the prosecutor, journalist and marketer attacker models
// (El Emam & Dankar, JAMIA 2008; ARX's risk analysis). A record in an equivalence class of size f
// has prosecutor risk 1/f. With no population table, the sample is taken as the population, so
// journalist risk equals prosecutor risk.
#pragma once

#include "veil/common/status.h"
#include "veil/table/table.h"

#include <cstddef>
#include <optional>
#include <cstdint>
#include <string>
#include <vector>

namespace veil::anonymity {

// The text Veil's anonymization releases write for a suppressed value (a suppressed record has it
// in every quasi-identifier). A release bundle's manifest records it (summary.suppressed_token);
// in any other table "*" is a value like any other unless the user says otherwise.
inline constexpr const char* kSuppressedToken = "*";

struct RiskSummary {
    std::size_t records = 0;     // records counted (suppressed records excluded)
    std::size_t suppressed = 0;  // records left out as suppressed (not in `records`)
    std::size_t classes = 0;
    std::size_t minClassSize = 0;
    double prosecutorMax = 0;  // 1 / smallest class
    double prosecutorAvg = 0;  // #classes / records
    double threshold = 0.2;
    std::size_t recordsAtRisk = 0;  // records with risk > threshold
    double recordsAtRiskFraction = 0;
    double journalistMax = 0;  // 1 / smallest matching population class
    double journalistAvg = 0;
    double marketer = 0;          // expected fraction re-identified: (1/n) sum_E |E| / |F_E|
    std::size_t uniques = 0;      // records alone in their class
    double sampleUniqueness = 0;  // uniques / records
};

// Risk from class sizes; `populationSizes` (same order, >= sizes) for the journalist/marketer
// models, empty = sample is the population. Classes of size 0 are ignored. O(#classes).
RiskSummary riskFromClassSizes(const std::vector<std::size_t>& sizes, double threshold,
                               const std::vector<std::size_t>& populationSizes = {});

// Risk from per-record counts: record i cannot be told apart from counts[i] records (itself
// included), as after a local suppression whose '*' matches any value (sdcMicro's frequency counts
// with NA as a wildcard), where the records' matches overlap instead of forming classes. Records
// with count 0 are left out (suppressed). Prosecutor risk of a record is 1 / its count: max and
// average over the records; classes = round(sum 1 / count), the number of classes when the counts
// come from a partition; journalist = prosecutor and marketer = the average (the sample is the
// population); uniques are records with count 1. O(n).
RiskSummary riskFromRecordCounts(const std::vector<std::uint32_t>& counts, double threshold);

// The share of records per band of prosecutor risk (1 / class size), as ARX's risk distribution:
// bands end at 0.001%, 0.01%, 0.1%, 1%, 2%, ..., 10%, 12.5%, 14.3%, 16.7%, 20%, 25%, 33.3%, 50%, 100%.
struct RiskBand {
    double upTo = 0;  // the band holds risks in (previous upTo, upTo]
    std::size_t records = 0;
    double fraction = 0;    // of all records
    double cumulative = 0;  // of all records with risk <= upTo
};
std::vector<RiskBand> riskDistribution(const std::vector<std::size_t>& classSizes);
// The same from per-record counts (see riskFromRecordCounts; count 0 left out).
std::vector<RiskBand> riskDistributionFromCounts(const std::vector<std::uint32_t>& counts);

// The sizes of the classes the named quasi-identifiers form (values compared as text), in order of
// first appearance. Errors: no or unknown column.
Result<std::vector<std::size_t>> classSizes(const Table& table, const std::vector<std::string>& quasiIdentifiers);

// How to read a table for its risk.
struct RiskInput {
    std::vector<std::string> quasiIdentifiers;
    double threshold = 0.2;  // in (0, 1]
    // A released table's suppressed records: those whose quasi-identifiers all have this text are
    // left out of the classes and counted in RiskSummary::suppressed. nullopt: every record counts
    // (and "*" is a value like any other).
    std::optional<std::string> suppressedToken;
    // The token's cells match any value (a local suppression's wildcard semantics, which a bundle's
    // manifest records): a record's risk is 1 / the records it matches, which overlap instead of
    // forming classes (riskFromRecordCounts). Needs suppressedToken; not with a population.
    bool tokenMatchesAny = false;
    // The population the table was sampled from (same QI columns): journalist and marketer risk.
    const Table* population = nullptr;
    std::string tableName = "the table";  // in messages
    std::string populationName = "the population table";
    // > 0: record r of the table is on line firstLine + r of tableName (a CSV file with a header:
    // 2), named so in messages; 0: messages say "record r + 1".
    std::size_t firstLine = 0;
};

struct TableRisk {
    RiskSummary summary;
    std::vector<std::size_t> classSizes;      // the kept classes, in order of first appearance
    std::vector<std::uint32_t> matchCounts;   // tokenMatchesAny: per kept record, the records it matches
    std::vector<std::size_t> suppressedRows;  // the rows left out, ascending
};

// Groups the table on the quasi-identifiers (values compared as text), leaves suppressed records
// out, and returns the risk and the class sizes. Errors: no or unknown column, threshold outside
// (0, 1], a population table without a QI column, a kept record whose QI values do not occur in the
// population (a sample is drawn from its population: "adult.csv, line 30164: age=200, race=Martian
// is not in the population table pop.csv"). O(N + population) expected.
Result<TableRisk> assessTableRisk(const Table& table, const RiskInput& input);

// assessTableRisk's summary with no suppressed token.
Result<RiskSummary> assessRisk(const Table& table, const std::vector<std::string>& quasiIdentifiers,
                               double threshold = 0.2, const Table* population = nullptr);

}  // namespace veil::anonymity
