// Text and JSON of `veil-cli risk` (risk_output.h).
#include "risk_output.h"

#include "anonymity_common.h"

#include "veil/common/validate.h"

#include <cmath>
#include <cstdio>
#include <iostream>

namespace veil::cli {

using namespace veil::anonymity;

namespace {

nlohmann::json bandsJson(const std::vector<RiskBand>& bands) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& b : bands)
        j.push_back(
            {{"up_to", b.upTo}, {"records", b.records}, {"fraction", b.fraction}, {"cumulative", b.cumulative}});
    return j;
}

nlohmann::json populationJson(const PopulationUniqueness& u) {
    auto estimate = [&](const std::optional<double>& v) {
        if (!v) return nlohmann::json(nullptr);
        return nlohmann::json{{"uniques", *v}, {"fraction", *v / double(u.populationSize)}};
    };
    nlohmann::json dankar = estimate(u.dankar);
    if (!dankar.is_null())
        dankar["model"] = u.dankarModel ? nlohmann::json(uniquenessModelName(*u.dankarModel)) : nlohmann::json(nullptr);
    return {{"population_size", u.populationSize},
            {"sampling_fraction", u.samplingFraction},
            {"sample_uniques", u.sampleUniques},
            {"zayatz", estimate(u.zayatz)},
            {"pitman", estimate(u.pitman)},
            {"snb", estimate(u.snb)},
            {"dankar", dankar}};
}

nlohmann::json attributeSetsJson(const std::vector<AttributeSetRisk>& sets) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& r : sets)
        j.push_back({{"attributes", r.attributes},
                     {"uniques", r.uniques},
                     {"uniqueness", r.uniqueness},
                     {"distinction", r.distinction},
                     {"separation", r.separation}});
    return j;
}

nlohmann::json homogeneityJson(const HomogeneityReport& h, const RiskView& view) {
    nlohmann::json classes = nlohmann::json::array();
    for (const auto& c : h.vulnerable) {
        nlohmann::json key = nlohmann::json::object();
        for (std::size_t i = 0; i < view.qis.size(); ++i) key[view.qis[i]] = c.key[i];
        classes.push_back(
            {{"key", key},
             {"size", c.size},
             {"distinct_sensitive", c.distinctSensitive},
             {"disclosed", c.distinctSensitive == 1 ? nlohmann::json(c.disclosedValue) : nlohmann::json(nullptr)}});
    }
    return {{"l", view.l},
            {"classes", h.classes},
            {"vulnerable_classes", h.vulnerableClasses},
            {"homogeneous_classes", h.homogeneousClasses},
            {"records_affected", h.recordsAffected},
            {"vulnerable", classes}};
}

// A share as a percentage for people to read: three significant digits ("14.3%").
std::string percentOf(double share) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g%%", share * 100);
    return buf;
}

// A number as the one-table output prints it (six significant digits).
std::string plain(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

// "3.7 (23.1% of the population)" or why there is no estimate.
std::string estimateText(const std::optional<double>& v, std::size_t populationSize) {
    if (!v) return "does not apply to this sample";
    return formatNumber(std::round(*v * 10) / 10) + " (" + percentOf(*v / double(populationSize)) +
           " of the population)";
}

std::string dankarLabel(const PopulationUniqueness& u) {
    return std::string("Dankar et al.'s rule (") +
           (u.dankarModel ? uniquenessModelTitle(*u.dankarModel) : "no sample uniques") + ")";
}

void printAttributeSets(const std::vector<AttributeSetRisk>& sets) {
    std::cout << "Attribute sets that single records out (" << sets.size() << " sets; the three worst of each size):\n";
    for (std::size_t i = 0, shown = 0; i < sets.size(); ++i) {
        const auto& r = sets[i];
        shown = i > 0 && r.attributes.size() == sets[i - 1].attributes.size() ? shown + 1 : 0;
        if (shown >= 3) continue;
        std::cout << "  ";
        for (std::size_t k = 0; k < r.attributes.size(); ++k) std::cout << (k ? ", " : "") << r.attributes[k];
        std::cout << ": " << r.uniques << " unique records (" << percentOf(r.uniqueness) << "), separation "
                  << percentOf(r.separation) << '\n';
    }
}

void printHomogeneityClasses(const HomogeneityReport& h, const RiskView& view) {
    for (const auto& c : h.vulnerable) {
        std::cout << "  ";
        for (std::size_t i = 0; i < view.qis.size(); ++i)
            std::cout << (i ? ", " : "") << view.qis[i] << '=' << c.key[i];
        std::cout << " (" << c.size << " records): ";
        if (c.distinctSensitive == 1)
            std::cout << "all '" << c.disclosedValue << "'\n";
        else
            std::cout << c.distinctSensitive << " distinct values\n";
    }
}

std::string homogeneityText(const HomogeneityReport& h) {
    return std::to_string(h.vulnerableClasses) + " of " + std::to_string(h.classes) + " classes, " +
           std::to_string(h.recordsAffected) + " records";
}

// One "label  before | after" row of the comparison.
void row(const std::string& label, const std::string& before, const std::string& after) {
    char line[256];
    std::snprintf(line, sizeof line, "%-30s %18s | %s\n", label.c_str(), before.c_str(), after.c_str());
    std::cout << line;
}

std::string countOf(std::size_t n) { return std::to_string(n); }

}  // namespace

nlohmann::json riskReportJson(const RiskReport& report, const RiskView& view,
                              const std::optional<std::string>& suppressedToken) {
    nlohmann::json j = riskJson(report.risk);
    j["suppressed_token"] = suppressedToken ? nlohmann::json(*suppressedToken) : nlohmann::json(nullptr);
    j["risk_distribution"] = bandsJson(report.distribution);
    j["suppressed_matches_any"] = report.overlapping;
    if (report.uniqueness) j["population_uniqueness"] = populationJson(*report.uniqueness);
    if (report.attributeSets) j["attribute_risk"] = attributeSetsJson(*report.attributeSets);
    if (report.homogeneity) j["homogeneity"] = homogeneityJson(*report.homogeneity, view);
    return j;
}

void printRiskReport(const RiskReport& report, const RiskView& view) {
    const RiskSummary& r = report.risk;
    if (report.overlapping)  // classes = the sum of 1 / matches: the number of classes a partition would have
        std::cout << r.records << " records, each matching at least " << r.minClassSize
                  << " ('*' matches any value, as the release's local suppression counts; about " << r.classes
                  << " classes' worth)\n";
    else
        std::cout << r.records << " records in " << r.classes << " classes (smallest " << r.minClassSize << ")\n";
    if (view.suppressedToken)
        std::cout << "Suppressed records: " << r.suppressed << " (every quasi-identifier '" << *view.suppressedToken
                  << "'), left out of the classes\n";
    std::cout << "Prosecutor risk: max " << r.prosecutorMax << ", average " << r.prosecutorAvg << ", "
              << r.recordsAtRisk << " records above " << r.threshold << '\n'
              << "Journalist risk: max " << r.journalistMax << ", average " << r.journalistAvg << '\n'
              << "Marketer risk: " << r.marketer << '\n'
              << "Sample uniqueness: " << r.sampleUniqueness << " (" << r.uniques << " unique records)\n";
    std::cout << "Records by prosecutor risk:";
    for (const auto& b : report.distribution)
        if (b.records > 0) std::cout << "  <=" << percentOf(b.upTo) << ": " << b.records;
    std::cout << '\n';
    if (report.overlapping && report.populationSize > 0)
        std::cout << "Population uniques: do not apply ('*' matches any value: the records' matches overlap, and the "
                     "models read class sizes)\n";
    if (const auto& u = report.uniqueness) {
        std::cout << "Population uniques (population " << u->populationSize << ", sampling fraction "
                  << formatNumber(u->samplingFraction) << "):\n";
        for (auto [model, v] : {std::pair{UniquenessModel::Zayatz, u->zayatz},
                                {UniquenessModel::Pitman, u->pitman},
                                {UniquenessModel::Snb, u->snb}})
            std::cout << "  " << uniquenessModelTitle(model) << ": " << estimateText(v, u->populationSize) << '\n';
        std::cout << "  " << dankarLabel(*u) << ": " << estimateText(u->dankar, u->populationSize) << '\n';
    }
    if (report.attributeSets) printAttributeSets(*report.attributeSets);
    if (const auto& h = report.homogeneity) {
        std::cout << "Homogeneity attack (fewer than " << view.l << " distinct '" << *view.sensitive
                  << "'): " << homogeneityText(*h) << '\n';
        printHomogeneityClasses(*h, view);
    }
}

void printRiskComparison(const RiskComparison& c, const RiskView& view, const std::string& originalName,
                         const std::string& releasedName) {
    const RiskSummary& b = c.before.risk;
    const RiskSummary& a = c.after.risk;
    row("Risk", "before (" + originalName + ")", "after (" + releasedName + ")");
    row("Records", countOf(b.records),
        countOf(a.records) +
            (view.suppressedToken ? " (" + countOf(a.suppressed) + " suppressed records left out)" : std::string()));
    row("Classes", countOf(b.classes), countOf(a.classes));
    row("Smallest class", countOf(b.minClassSize), countOf(a.minClassSize));
    row("Prosecutor risk, max", plain(b.prosecutorMax), plain(a.prosecutorMax));
    row("Prosecutor risk, average", plain(b.prosecutorAvg), plain(a.prosecutorAvg));
    row("Records above " + plain(a.threshold), countOf(b.recordsAtRisk), countOf(a.recordsAtRisk));
    row("Journalist risk, max", plain(b.journalistMax), plain(a.journalistMax));
    row("Journalist risk, average", plain(b.journalistAvg), plain(a.journalistAvg));
    row("Marketer risk", plain(b.marketer), plain(a.marketer));
    row("Sample uniques", countOf(b.uniques) + " (" + percentOf(b.sampleUniqueness) + ")",
        countOf(a.uniques) + " (" + percentOf(a.sampleUniqueness) + ")");
    std::cout << "Records by prosecutor risk:\n";
    for (std::size_t i = 0; i < c.before.distribution.size() && i < c.after.distribution.size(); ++i) {
        const auto& bb = c.before.distribution[i];
        const auto& ab = c.after.distribution[i];
        if (bb.records > 0 || ab.records > 0)
            row("  <=" + percentOf(bb.upTo), countOf(bb.records), countOf(ab.records));
    }
    if (c.before.uniqueness || c.after.uniqueness) {
        std::cout << "Population uniques (population " << c.before.populationSize << "):\n";
        auto text = [](const std::optional<PopulationUniqueness>& u, auto field) {
            return u ? estimateText((*u).*field, u->populationSize) : std::string("no kept records");
        };
        row("  Zayatz", text(c.before.uniqueness, &PopulationUniqueness::zayatz),
            text(c.after.uniqueness, &PopulationUniqueness::zayatz));
        row("  Pitman", text(c.before.uniqueness, &PopulationUniqueness::pitman),
            text(c.after.uniqueness, &PopulationUniqueness::pitman));
        row("  SNB", text(c.before.uniqueness, &PopulationUniqueness::snb),
            text(c.after.uniqueness, &PopulationUniqueness::snb));
        auto dankar = [&](const std::optional<PopulationUniqueness>& u) {
            if (!u) return std::string("no kept records");
            if (!u->dankarModel) return estimateText(u->dankar, u->populationSize) + ", no sample uniques";
            return std::string(uniquenessModelTitle(*u->dankarModel)) + ": " +
                   estimateText(u->dankar, u->populationSize);
        };
        row("  Dankar et al.'s rule", dankar(c.before.uniqueness), dankar(c.after.uniqueness));
    }
    if (c.before.attributeSets && c.after.attributeSets) {
        std::cout << "Attribute sets that single records out (unique records; the three worst of each size before):\n";
        const auto& before = *c.before.attributeSets;
        for (std::size_t i = 0, shown = 0; i < before.size(); ++i) {
            shown = i > 0 && before[i].attributes.size() == before[i - 1].attributes.size() ? shown + 1 : 0;
            if (shown >= 3) continue;
            std::string label = " ";
            for (const auto& name : before[i].attributes) label += (label.size() > 1 ? ", " : " ") + name;
            std::string after = "-";
            for (const auto& s : *c.after.attributeSets)
                if (s.attributes == before[i].attributes)
                    after = countOf(s.uniques) + " (" + percentOf(s.uniqueness) + ")";
            row(label, countOf(before[i].uniques) + " (" + percentOf(before[i].uniqueness) + ")", after);
        }
    }
    if (c.before.homogeneity && c.after.homogeneity) {
        // The classes themselves: --json, or `risk RELEASED --sensitive ...` alone.
        row("Homogeneity (fewer than " + std::to_string(view.l) + " distinct)", homogeneityText(*c.before.homogeneity),
            homogeneityText(*c.after.homogeneity));
    }
}

}  // namespace veil::cli
