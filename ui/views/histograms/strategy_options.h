// The Histograms view's strategy options: each strategy's own catalogue parameters are kept in
// the view's parameters under "<strategy>.<name>" (so strategies sharing a name keep their own
// defaults and ranges), except those the view's own rows edit (the tree's branching, consistency,
// MWEM's rounds) when the row's range holds the parameter's default.
#pragma once

#include "veil/common/catalogue.h"

#include <nlohmann/json.hpp>

#include <QString>

#include <string>

namespace veil::ui {

class DpParameters;

// "dawa.ratio": the key of a strategy's own option in the view's parameters.
QString optionKey(const std::string& strategy, const std::string& name);
// Whether a view row edits parameter `p` (same name and kind, the row's range holds its default:
// HB2D's branching, 0 for automatic, gets an editor of its own).
bool sharedRowServes(const ParameterInfo& p);
// The strategy's options from the view's parameters: its own, else the serving row's.
nlohmann::json strategyOptions(const std::string& strategy, const DpParameters& params);

}  // namespace veil::ui
