#include "views/graph/graph_release.h"

#include "veil/common/validate.h"

namespace veil::ui {

release::ReleaseOutcome graphOutcome(const graph::ReleaseResult& r, const nlohmann::json& plan, bool seeded,
                                     std::uint64_t seed) {
    using nlohmann::json;
    release::ReleaseOutcome o;
    o.kind = "graph-statistic";
    o.title = "Differentially private " + r.statistic + " (" + r.privacy + "-level, " + r.method + ")";
    o.mechanism = r.method == "laplace" ? "laplace (global sensitivity)" : r.method;
    o.epsilon = r.receipt.spent.epsilon;  // what the release was charged (every trial included)
    o.delta = r.receipt.spent.delta;
    o.receipt = r.receipt;
    o.neighbouring = r.privacy;  // "edge" or "node"
    o.seeded = seeded;
    o.randomness = seeded ? "seeded (seed " + std::to_string(seed) + ")" : r.receipt.randomness;
    o.plan = plan;
    // The scale is public for global and edge restricted sensitivity (it depends on k, not on the
    // graph); a data-dependent scale (noisy max degree, node restricted, truncation) is not.
    const bool publicScale = !r.dataDependentScale;
    json data = {{"statistic", r.statistic}, {"privacy", r.privacy}, {"method", r.method},
                 {"released", r.releases},   {"epsilon", o.epsilon}, {"delta", o.delta},
                 {"guarantee", r.guarantee}, {"seeded", seeded}};
    if (publicScale) data["noise_scale"] = r.noiseScale, data["sensitivity_formula"] = r.sensitivityFormula;
    o.files.push_back({"statistic.json", data.dump(2) + "\n", "application/json"});
    o.summary = {{"statistic", r.statistic}, {"method", r.method}, {"privacy", r.privacy + "-level"}};
    if (!r.releases.empty()) o.summary["released_value"] = r.releases.front();
    if (publicScale) o.summary["noise_scale"] = r.noiseScale;

    release::ChartSeries chart;
    chart.title = "Released " + r.statistic;
    chart.valueName = "released";
    for (std::size_t i = 0; i < r.releases.size(); ++i) {
        chart.labels.push_back(r.releases.size() == 1 ? r.statistic : r.statistic + " #" + std::to_string(i + 1));
        chart.values.push_back(r.releases[i]);
    }
    o.charts.push_back(std::move(chart));

    const std::string neighbours =
        r.privacy == "node" ? "graphs that differ in one node and all its edges" : "graphs that differ in one edge";
    o.guarantee = "The statistic \"" + r.statistic + "\" was released with " + o.mechanism + ", which is " +
                  r.guarantee + ": for " + neighbours +
                  ", the probability of any released value changes by at most a "
                  "factor e^epsilon (plus "
                  "delta). Only this method's value is released; the other "
                  "methods the window compared each "
                  "spend their own epsilon and are not part of this release.";
    return o;
}

}  // namespace veil::ui
