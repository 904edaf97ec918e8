// The hierarchy editor's preview work, as a pure function that runs off the UI thread on big
// tables: the column's distinct values, suggested builder parameters, building with the form's
// recipe, and validation (consistency and coverage of every value).
#pragma once

#include "veil/common/status.h"
#include "veil/hierarchy/hierarchy.h"
#include "veil/table/table.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace veil::ui {

using DistinctValues = std::shared_ptr<const std::vector<std::string>>;
// A builder with the form's parameters bound: (distinct values, column name) -> hierarchy.
using HierarchyRecipe =
    std::function<Result<hierarchy::Hierarchy>(const std::vector<std::string>&, const std::string&)>;

// Starting parameters for a column's builder.
struct BuilderSuggestion {
    enum Kind { Intervals, Dates, OrderedGroups } kind = OrderedGroups;
    std::optional<double> width, origin;  // intervals over the column's range in about 8 steps
    std::vector<int> groupSizes;          // ordered groups: pairs while a level still joins something
};
BuilderSuggestion suggestBuilder(const std::vector<std::string>& values, bool numeric, bool date);

struct HierarchyPreviewTask {
    std::uint64_t generation = 0;
    Table table;
    std::string column;
    DistinctValues distinct;  // null: computed by the task
    bool suggest = false;     // only the distinct values and a suggestion
    HierarchyRecipe recipe;   // build with it; empty: validate `rows`
    std::vector<std::vector<std::string>> rows;
};

struct HierarchyPreviewOutcome {
    std::uint64_t generation = 0;
    std::string column;
    DistinctValues distinct;
    std::optional<BuilderSuggestion> suggestion;
    Status built;                                               // not ok: the builder refused
    std::optional<std::vector<std::vector<std::string>>> rows;  // the built rows, to show
    Status validity;                                            // consistency and coverage
    std::optional<hierarchy::Hierarchy> valid;
};

HierarchyPreviewOutcome runHierarchyPreview(const HierarchyPreviewTask& task);

}  // namespace veil::ui
