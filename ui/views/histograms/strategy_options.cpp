#include "views/histograms/strategy_options.h"

#include "panels/dp_parameters.h"

#include "veil/dp/histogram_release.h"

namespace veil::ui {

namespace {
// The view's own rows that a strategy's parameter of the same name may take its value from
// (the tree's branching, consistency, MWEM's rounds), with the range each row edits.
struct SharedRow {
    const char* name;
    ParameterKind kind;
    int lo, hi;
};
constexpr SharedRow kSharedRows[] = {{"branching", ParameterKind::Integer, 2, 16},
                                     {"consistency", ParameterKind::Flag, 0, 1},
                                     {"rounds", ParameterKind::Integer, 1, 100}};

}  // namespace

// The key of a strategy's own option in the view's parameters (the strategy-options form), so
// that strategies sharing an option name keep their own values: "dawa.ratio".
QString optionKey(const std::string& strategy, const std::string& name) {
    return QString::fromStdString(strategy + "." + name);
}

// Whether a view row edits parameter `p`: same name and kind, and the row's range holds the
// parameter's default (HB2D's branching, 0 for its automatic choice, gets an editor of its own).
bool sharedRowServes(const ParameterInfo& p) {
    for (const SharedRow& row : kSharedRows) {
        if (p.name != row.name || p.kind != row.kind) continue;
        if (p.kind == ParameterKind::Flag) return true;
        const double d = p.defaultValue.is_number() ? p.defaultValue.get<double>() : -1.0;
        return d >= row.lo && d <= row.hi;
    }
    return false;
}

// The strategy's options from the view's parameters: its own ("dawa.ratio"), else the view's row
// of the same name when that row serves it (branching, consistency, rounds).
nlohmann::json strategyOptions(const std::string& strategy, const DpParameters& params) {
    nlohmann::json o = nlohmann::json::object();
    auto info = dp::findHistogramStrategy(strategy);
    if (!info) return o;
    for (const auto& p : (*info)->parameters) {
        QVariant v = params.value(optionKey(strategy, p.name));
        if (!v.isValid() && sharedRowServes(p)) v = params.value(QString::fromStdString(p.name));
        if (!v.isValid()) continue;
        if (p.kind == ParameterKind::Flag)
            o[p.name] = v.toBool();
        else if (p.kind == ParameterKind::Integer)
            o[p.name] = v.toLongLong();
        else if (p.kind == ParameterKind::Number)
            o[p.name] = v.toDouble();
        else
            o[p.name] = v.toString().toStdString();
    }
    return o;
}

}  // namespace veil::ui
