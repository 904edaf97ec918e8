// Method labels a steward reads in the Experiments view: "Optimal lattice search — Discernibility
// (DM*)", "Mondrian (mode: relaxed)" instead of registry ids and raw JSON options. The id and the
// options stay in the item's data and in every export; only the text shown changes.
#pragma once

#include "veil/eval/experiment.h"

#include <QString>

namespace veil::ui {

// The human name of registry method `id` (the metric catalogue for optimal:<metric>, the
// registry's own "Name: summary" description where it has one, else the id made readable).
QString methodTitle(const std::string& id);
// Options as "key: value, key: value" ("" when there are none).
QString optionsText(const nlohmann::json& options);
// The list text of `spec`: the label the user gave it (if any) and its title, or the title and its
// options.
QString methodText(const eval::MethodSpec& spec);

}  // namespace veil::ui
