// The anonymity side of experiment files (ExperimentKind::Anonymity): recognising, parsing and
// writing its keys, and loading its table and hierarchies. Used by experiment.cpp.
#pragma once

#include "veil/eval/experiment.h"

#include <nlohmann/json.hpp>

namespace veil::eval::detail {

// True when the experiment is an anonymity one: "kind": "anonymity", or a "k" grid without a
// "kind". Errors: a "kind" that is neither "anonymity" nor "differential".
Result<bool> isAnonymityExperiment(const nlohmann::json& j);
// Parses every key but name, description and methods (already in `e`); sets kind and trials = 1.
// Errors name the key; methods must be DataKind::Table ones.
Status parseAnonymityKeys(const nlohmann::json& j, Experiment& e);
// Adds the anonymity keys of `e` to `j`.
void anonymityToJson(const Experiment& e, nlohmann::json& j);
// Reads the table and hierarchies and builds the base anonymization config (k unset).
Status loadAnonymityInputs(const Experiment& e, ExperimentInputs& in);

}  // namespace veil::eval::detail
