// The runner of anonymity experiments (called by runSweep for ExperimentKind::Anonymity).
#pragma once

#include "veil/eval/sweep.h"

namespace veil::eval::detail {

// One anonymization per (method, k), in parallel over the pairs (veil/common/parallel.h); progress is
// the fraction of pairs done, cancel reaches each anonymization. Deterministic: no randomness, the
// same rows whatever the number of threads. Errors: a failing anonymization (naming the method and
// k), cancellation.
Result<SweepResult> runAnonymitySweep(const Experiment& experiment, const ExperimentInputs& inputs,
                                      const SweepOptions& options, const RunContext& ctx);

}  // namespace veil::eval::detail
