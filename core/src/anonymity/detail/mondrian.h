// Mondrian multidimensional local recoding (LeFevre, DeWitt, Ramakrishnan, ICDE 2006; seed 004
// slides "Mondrian"): recursive median splits on the widest normalised dimension while both halves
// satisfy the privacy models; strict (no value on both sides) or relaxed (median ties may split).
#pragma once

#include "veil/anonymity/anonymization.h"

namespace veil::anonymity::detail {

Result<AnonymizationResult> runMondrian(const Table& table, const AnonymizationConfig& config, const RunContext& ctx);

}  // namespace veil::anonymity::detail
