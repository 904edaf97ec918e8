// Cell-level releases (local recoding, local suppression): the released QI cells as texts, their
// equivalence classes (identical released tuples), the ARX Loss of mixed levels, and the final
// assembly of a local-recoding result.
#pragma once

#include "anonymity/detail/encoded_data.h"

#include <string>
#include <vector>

namespace veil::anonymity::detail {

// Released QI cells: per QI a dictionary of texts and one code per record (kSuppressedCell = '*').
struct CellRelease {
    std::vector<std::vector<std::string>> texts;
    std::vector<std::vector<std::uint32_t>> codes;
};

// Classes of identical released tuples, in first-occurrence order; the class whose cells are all
// '*' is marked suppressed.
EquivalenceClasses classesFromCells(const CellRelease& cells);

// ARX's Loss (metric.h) of a release where record r of QI d has the share `share[d][r]` (1 when
// the cell or record is suppressed): per QI max(0, (sum - N/|H|) / (N - N/|H|)), 10 decimals,
// aggregated as (prod (1 + x))^(1/m) - 1.
// The input's risk: the classes of its original quasi-identifier values.
RiskSummary inputRisk(const EncodedData& data, double threshold);

double cellLoss(const EncodedData& data, const std::vector<std::vector<double>>& share);

// Classes, verification of every class against the models (a class that merges the releases of
// several passes and fails keeps only its earliest pass's records; the others are suppressed,
// with a warning), metrics, risk and the released table of a local-recoding result whose
// passes and recordPass are filled.
Status finishLocalRecoding(const Table& table, const EncodedData& data, const AnonymizationConfig& config,
                           AnonymizationResult& result);

}  // namespace veil::anonymity::detail
