// Local suppression inside anonymize(): after an optimal node (the records the node would
// suppress keep their generalized values and lose single cells instead) or alone (Algorithm::None:
// the QIs as they are). k-anonymity only, '*' under the configured semantics (local_suppression.h).
#pragma once

#include "anonymity/detail/encoded_data.h"

namespace veil::anonymity::detail {

// Replaces result's classes, suppressed count, Loss/Precision, risk after and output by those of
// the node `result.transformation` with local suppression instead of record suppression.
Status applyLocalSuppression(const Table& table, const EncodedData& data, const AnonymizationConfig& config,
                             AnonymizationResult& result, const RunContext& ctx);

// Algorithm::None: local suppression (when configured) on the original QI values.
Result<AnonymizationResult> runNone(const Table& table, const AnonymizationConfig& config, const RunContext& ctx);

// Refuses local suppression with models other than k-anonymity.
Status validateLocalSuppression(const AnonymizationConfig& config);

}  // namespace veil::anonymity::detail
