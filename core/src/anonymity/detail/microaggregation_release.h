// MDAV microaggregation as an anonymization algorithm: groups on the numeric quasi-identifiers,
// numeric QIs released as their group means, categorical QIs generalized within each group (lowest
// common ancestor in their hierarchy, else the set of values), so the whole QI set is k-anonymous.
#pragma once

#include "veil/anonymity/anonymization.h"

namespace veil::anonymity::detail {

// Errors: those of anonymize() for k and the columns, no numeric QI, l-diversity / t-closeness /
// delta-presence requested (MDAV guarantees k-anonymity only), a missing numeric value, a
// categorical QI whose hierarchy does not cover it, cancellation.
Result<AnonymizationResult> runMdav(const Table& table, const AnonymizationConfig& config, const RunContext& ctx);

}  // namespace veil::anonymity::detail
