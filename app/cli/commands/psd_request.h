// How `veil-cli psd`'s flags become a request of the spatial catalogue (veil/spatial/psd_release.h):
// only the flags given are sent (the catalogue fills its defaults), each checked by the catalogue
// under the flag's own name; a flag the chosen kind does not take is refused; --option NAME=VALUE
// sets any of the kind's catalogue options (AGrid's alpha, c, c2, ...); the grids are aligned to
// the data's cells (--data-cells, or the shape's).
#pragma once

#include "commands/psd_input.h"

#include "veil/common/catalogue.h"
#include "veil/spatial/psd_release.h"

#include <optional>
#include <string>
#include <vector>

namespace veil::cli {

struct PsdTreeFlags {
    std::optional<int> height, hybridKdLevels;
    std::optional<std::string> allocation, budgetAlias, median;  // budgetAlias: --budget, deprecated
    std::optional<double> minLeaf, medianFraction, delta;
    std::optional<std::size_t> cellsPerAxis;
    std::optional<bool> postprocess;
    std::vector<std::string> options;  // --option NAME=VALUE
};

// A flag given on the command line, and the catalogue option it sets for `kind`.
struct GivenPsdFlag {
    std::string flag, option;
    nlohmann::json value;
};

inline std::vector<GivenPsdFlag> givenPsdFlags(const PsdTreeFlags& f, const std::string& kind) {
    std::vector<GivenPsdFlag> out;
    const auto add = [&](const char* flag, const char* option, const auto& value) {
        if (value) out.push_back({flag, option, nlohmann::json(*value)});
    };
    add("--height", "height", f.height);
    add("--allocation", "budget", f.allocation);
    add("--budget", "budget", f.budgetAlias);
    add("--min-leaf", "min_leaf_size", f.minLeaf);
    add("--median", "median", f.median);
    add("--median-fraction", "median_fraction", f.medianFraction);
    add("--delta", "delta", f.delta);
    add("--hybrid-kd-levels", "hybrid_kd_levels", f.hybridKdLevels);
    add("--cells-per-axis", kind == "agrid" ? "first_level_cells" : "cells_per_axis", f.cellsPerAxis);
    add(f.postprocess && *f.postprocess ? "--postprocess" : "--no-postprocess", "postprocess", f.postprocess);
    return out;
}

// The kinds of the catalogue that take option `name` ("grid, agrid").
inline std::string psdKindsTaking(const std::string& name) {
    std::string kinds;
    for (const auto& info : spatial::psdCatalogue())
        if (info.parameter(name)) kinds += (kinds.empty() ? "" : ", ") + info.id;
    return kinds;
}

// The request for `kind`. `strict` (the command's own kind): every flag given must apply to it and
// --option is used; otherwise (a baseline of another kind) the flags that apply are used. Errors
// name the flag: one `kind` does not take, a value the catalogue refuses, an option given twice.
inline Result<spatial::PsdRequest> psdRequest(const PsdTreeFlags& f, const std::string& kind, double epsilon,
                                              bool nonPrivate, const DataCells& cells, bool strict) {
    auto info = spatial::findPsdKind(kind);
    if (!info) return info.status();
    spatial::PsdRequest r;
    r.kind = kind;
    r.epsilon = epsilon;
    r.nonPrivate = nonPrivate;
    std::vector<std::string> setBy((*info)->parameters.size());
    for (const auto& g : givenPsdFlags(f, kind)) {
        if (!(*info)->parameter(g.option)) {
            if (!strict) continue;
            if (g.flag == "--cells-per-axis")
                return Status::invalidArgument(
                    "--cells-per-axis sets a grid's cells per axis (--tree grid or agrid); "
                    "a " +
                    kind + " tree splits by --height");
            return Status::invalidArgument(g.flag + " does not apply to --tree " + kind + " (it is an option of " +
                                           psdKindsTaking(g.option) + ")");
        }
        if (r.options.contains(g.option))
            return Status::invalidArgument("give --allocation or its deprecated name --budget, not both");
        auto v = checkParameter(**info, g.option, g.value, g.flag);
        if (!v) return v.status();
        r.options[g.option] = *v;
    }
    if (strict && !f.options.empty()) {
        for (std::size_t i = 0; i < f.options.size(); ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (f.options[i].substr(0, f.options[i].find('=')) == f.options[j].substr(0, f.options[j].find('=')))
                    return Status::invalidArgument("--option " + f.options[i].substr(0, f.options[i].find('=')) +
                                                   " is given twice: give it once");
        auto assigned = parseOptionAssignments(**info, f.options);
        if (!assigned) return assigned.status();
        for (const auto& [name, value] : assigned->items()) {
            if (r.options.contains(name))
                return Status::invalidArgument("--option " + name + " repeats an option set by a flag: give it once");
            auto v = checkParameter(**info, name, value, "--option " + name);
            if (!v) return v.status();
            r.options[name] = *v;
        }
    }
    // The grids' cells are whole blocks of the data's cells (declared, or the shape's).
    if (cells.declared() && (*info)->parameter("data_columns") && !r.options.contains("data_columns") &&
        !r.options.contains("data_rows")) {
        r.options["data_columns"] = cells.columns;
        r.options["data_rows"] = cells.rows;
    }
    return r;
}

}  // namespace veil::cli
