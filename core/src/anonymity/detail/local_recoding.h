// Local recoding (ARX's local transformation): the optimal full-domain search repeated on the
// records the previous pass suppressed; every record keeps the levels of the pass that released
// it. See LocalRecodingOptions in anonymization.h and docs/algorithms/local-recoding.md.
#pragma once

#include "anonymity/detail/encoded_data.h"

namespace veil::anonymity::detail {

// The records `rows` of `data` as a table of their own for the lattice search: bottom groups and
// per-value counts recomputed, the sensitive attribute's global distribution kept (ARX's
// DataManagerSubset does the same, so t-closeness stays relative to the whole table).
EncodedData subsetOf(const EncodedData& data, const std::vector<std::size_t>& rows);

Result<AnonymizationResult> runLocalRecoding(const Table& table, const AnonymizationConfig& config,
                                             const RunContext& ctx);

}  // namespace veil::anonymity::detail
