#include "views/mechanisms/mechanism_release.h"

#include "veil/common/validate.h"
#include "veil/dp/privacy.h"

#include <QString>

#include <string>

namespace veil::ui {

release::ReleaseOutcome mechanismOutcome(const dp::ColumnQueryResult& r, std::optional<std::uint64_t> seed) {
    using nlohmann::json;
    release::ReleaseOutcome o;
    const std::string query = dp::queryKindName(r.query);
    const std::string mechanism = dp::mechanismKindName(r.mechanism);
    o.kind = "dp-query";
    o.title = "Differentially private " + query + " of " + r.column;
    o.mechanism = mechanism;
    o.epsilon = r.receipt.spent.epsilon;
    o.delta = r.receipt.spent.delta;
    o.rho = r.receipt.spent.rho;
    o.neighbouring = dp::neighbouringName(r.neighbouring);
    o.seeded = r.seeded;
    o.randomness = r.receipt.randomness;
    o.receipt = r.receipt;  // charged when it was computed: the bundle names that ledger entry
    o.plan = {{"kind", "dp-query"}, {"source", "mechanisms view"},    {"column", r.column},
              {"query", query},     {"mechanism", mechanism},         {"epsilon", r.epsilon},
              {"delta", r.delta},   {"neighbouring", o.neighbouring}, {"seed", seed ? json(*seed) : json(nullptr)}};

    // The released answer(s): release 0 only. The true values stay in the window.
    json answers = json::array();
    release::ChartSeries chart;
    chart.title = "Released " + query + " of " + r.column;
    chart.valueName = "released";
    const auto& values = r.releases.empty() ? std::vector<double>() : r.releases.front();
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::string label = i < r.labels.size() ? r.labels[i] : query;
        json a = {{"label", label}, {"value", values[i]}};
        if (!r.intervals.empty() && i < r.intervals.front().size()) {
            const auto& ci = r.intervals.front()[i];
            a["interval"] = {{"lower", ci.lower}, {"upper", ci.upper}, {"confidence", ci.confidence}};
        }
        answers.push_back(a);
        chart.labels.push_back(label);
        chart.values.push_back(values[i]);
    }
    json data = {{"query", query},
                 {"column", r.column},
                 {"mechanism", mechanism},
                 {"epsilon", r.totalEpsilon},
                 {"delta", r.totalDelta},
                 {"neighbouring", o.neighbouring},
                 {"sensitivity", r.sensitivity},
                 {"noise_scale", r.noiseScale},
                 {"answers", answers},
                 {"seeded", r.seeded}};
    o.files.push_back({"answers.json", data.dump(2) + "\n", "application/json"});
    o.summary = {{"query", query + " of " + r.column},
                 {"answers", values.size()},
                 {"sensitivity", r.sensitivity},
                 {"noise_scale", r.noiseScale}};
    if (values.size() == 1) o.summary["released_value"] = values.front();
    o.charts.push_back(std::move(chart));

    const std::string scale = mechanism == "exponential"
                                  ? "the exponential mechanism's utility scores"
                                  : "noise of scale " + QString::number(r.noiseScale, 'g', 6).toStdString();
    o.guarantee =
        "This " + query + " of the column " + r.column + " was released with " + mechanism + " (" + scale +
        "), which is (" + formatNumber(r.totalEpsilon) + ", " + formatNumber(r.totalDelta) +
        ")-differentially private for datasets that " +
        (o.neighbouring == "replace" ? "differ by replacing one record" : "differ by adding or removing one record") +
        ": whether or not any one person's record is in the data "
        "changes the probability of any answer by "
        "at most a factor e^epsilon (plus delta). The confidence "
        "interval describes the noise only.";
    return o;
}

}  // namespace veil::ui
