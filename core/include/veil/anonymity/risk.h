// Re-identification risk of a table under the prosecutor, journalist and marketer attacker models
// (El Emam & Dankar, JAMIA 2008; ARX's risk analysis). A record in an equivalence class of size f
// has prosecutor risk 1/f. With no population table, the sample is taken as the population, so
// journalist risk equals prosecutor risk.
#pragma once

#include "veil/common/status.h"
#include "veil/table/table.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace veil::anonymity {

struct RiskSummary {
    std::size_t records = 0;  // records counted (suppressed records excluded)
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

// Groups the table on the named quasi-identifiers (values compared as text) and returns the risk.
// `population` (optional) must contain the same QI columns. Errors: unknown column, threshold
// outside (0, 1]. O(N) expected.
Result<RiskSummary> assessRisk(const Table& table, const std::vector<std::string>& quasiIdentifiers,
                               double threshold = 0.2, const Table* population = nullptr);

}  // namespace veil::anonymity
