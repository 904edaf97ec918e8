// veil-cli recommend [--dims 1|2] --domain N | RxC (--scale N | --data FILE --column C
// [--scale-epsilon E]) --epsilon E [--workload random-ranges|prefix|point] [--json]: which
// histogram or spatial algorithm to use, from Veil's measured errors on DPBench's shapes
// (veil/dp/histogram_recommender.h). The scale is declared (public), or a noisy count of the
// column spent through the release gate (--ledger / --teaching / --seed as for `dp`).
#include "cli_support.h"
#include "command_registry.h"
#include "commands/dp_common.h"
#include "release_options.h"

#include "veil/common/validate.h"
#include "veil/dp/histogram_recommender.h"

#include <charconv>
#include <cstdio>
#include <iostream>

namespace {

struct RecommendOptions {
    int dims = 0;  // 0: from the domain ("256" is 1-D, "64x64" 2-D)
    std::string domain;
    std::optional<double> scale;
    std::string data, column, delimiter;
    double scaleEpsilon = 0.01;
    double epsilon = 1.0;
    std::string workload = "random-ranges";
    bool json = false;
    veil::cli::ReleaseOptions release;
};

// A whole number of cells, digits only (no sign: "-5" must not wrap around).
bool parseCount(std::string_view text, std::size_t& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

// "4096" -> 1 x 4096; "64x64" (or "64X64") -> 64 x 64; "64" with --dims 2 -> 64 x 64. Errors name the text.
veil::Status parseDomain(const RecommendOptions& o, veil::dp::RecommendRequest& q) {
    const auto x = o.domain.find_first_of("xX");
    const std::string_view text = o.domain;
    bool ok = false;
    if (x == std::string::npos) {
        ok = parseCount(text, q.columns);
        q.dims = o.dims == 0 ? 1 : o.dims;
        q.rows = q.dims == 2 ? q.columns : 1;  // a square grid given by its side
    } else {
        ok = parseCount(text.substr(0, x), q.rows) && parseCount(text.substr(x + 1), q.columns);
        q.dims = o.dims == 0 ? 2 : o.dims;
        if (ok && q.dims == 1) return veil::Status::invalidArgument("--domain " + o.domain + " is 2-D but --dims is 1");
    }
    if (!ok)
        return veil::Status::invalidArgument("--domain must be a number of bins N or a grid RxC (got '" + o.domain +
                                             "')");
    return veil::Status::ok();
}

veil::Result<veil::dp::ScaleEstimate> scaleOf(const RecommendOptions& o, std::optional<veil::cli::CliGate>& gate) {
    if (o.scale && !o.data.empty()) return veil::Status::invalidArgument("give --scale or --data, not both");
    if (o.scale) return veil::dp::declaredScale(*o.scale);
    if (o.data.empty() || o.column.empty())
        return veil::Status::invalidArgument(
            "give a declared --scale N, or --data FILE --column C for a noisy count (spends --scale-epsilon)");
    auto table = veil::cli::readTableForDp(o.data, o.delimiter);
    if (!table) return table.status();
    auto g = veil::cli::makeGate(o.release, o.data);
    if (!g) return g.status();
    gate = std::move(*g);
    return veil::dp::noisyScale(*gate->gate, *table, o.column, o.scaleEpsilon, veil::RunContext{});
}

nlohmann::json toJson(const veil::dp::RecommendResult& r, const veil::dp::ScaleEstimate& s, double epsilon) {
    // The histogram's epsilon is the request's; a noisy N's own spend is in "spent" (its receipt).
    nlohmann::json scale = {
        {"records", s.records}, {"source", veil::dp::scaleSourceName(s.source)}, {"n_times_epsilon", r.scaleEpsilon}};
    if (s.source == veil::dp::ScaleSource::Noisy) {
        scale["column"] = s.column;
        scale["noise_scale"] = s.noiseScale;
        veil::cli::addReceipt(scale, s.receipt);
    }
    nlohmann::json ranking = nlohmann::json::array();
    for (const auto& c : r.ranking)
        ranking.push_back({{"algorithm", c.algorithm},
                           {"family", c.family},
                           {"id", c.id},
                           {"name", c.name},
                           {"data_dependent", c.dataDependent},
                           {"expected_scaled_l1", c.expectedScaledL1},
                           {"why", c.why}});
    return {{"recommended", r.best().algorithm},
            {"epsilon", epsilon},
            {"ranking", ranking},
            {"scale", scale},
            {"domain", r.domain},
            {"extrapolated", r.extrapolated},
            {"notes", r.notes},
            {"source", "Veil's measurements on DPBench shapes (Hay et al., SIGMOD 2016)"}};
}

void printText(const veil::dp::RecommendResult& r, const veil::dp::ScaleEstimate& s) {
    std::cout << "scale: N = " << veil::formatNumber(s.records) << " ("
              << (s.source == veil::dp::ScaleSource::Noisy ? "noisy count of " + s.column : std::string("declared"))
              << "), N·ε = " << veil::formatNumber(r.scaleEpsilon) << '\n';
    if (s.source == veil::dp::ScaleSource::Noisy) veil::cli::printReceipt(s.receipt);
    std::cout << "recommended: " << r.best().name << " (" << r.best().algorithm << ")\n  " << r.best().why << "\n";
    std::cout << "ranking (expected scaled L1 error):\n";
    for (const auto& c : r.ranking) {
        char error[32];
        std::snprintf(error, sizeof error, "%-10.3g", c.expectedScaledL1);
        std::cout << "  " << error << "  " << c.algorithm << " (" << c.name << ")\n";
    }
    for (const auto& n : r.notes) std::cout << "note: " << n << '\n';
}

int runRecommend(const RecommendOptions& o) {
    veil::dp::RecommendRequest q;
    if (auto st = parseDomain(o, q); !st) return veil::cli::reportError(st);
    auto workload = veil::dp::parseRecommenderWorkload(o.workload);
    if (!workload) return veil::cli::reportError(workload.status());
    q.workload = *workload;
    q.epsilon = o.epsilon;
    if (auto st = veil::dp::validateRecommendSetting(q); !st) return veil::cli::reportError(st);  // before any spend
    std::optional<veil::cli::CliGate> gate;
    auto scale = scaleOf(o, gate);
    if (!scale) return veil::cli::reportError(scale.status());
    q.scale = scale->records;
    auto r = veil::dp::recommendHistogramAlgorithm(q);
    if (!r) return veil::cli::reportError(r.status());
    if (o.json)
        veil::cli::printJson(toJson(*r, *scale, o.epsilon));
    else
        printText(*r, *scale);
    return 0;
}

void setupRecommend(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<RecommendOptions>();
    auto* cmd = app.add_subcommand(
        "recommend", "Which histogram / spatial algorithm to use for a domain, scale N, epsilon and workload");
    cmd->add_option("--dims", o->dims, "1 (histogram) or 2 (grid); default: from --domain")->check(CLI::Range(1, 2));
    cmd->add_option("--domain", o->domain, "Number of bins N, or grid RxC (e.g. 256x256)")->required();
    cmd->add_option("--scale", o->scale, "Declared (public) number of records N");
    cmd->add_option("--data", o->data, "Or: a table whose noisy row count gives N (spends --scale-epsilon)");
    cmd->add_option("--column", o->column, "The column counted for the noisy N (non-missing values)");
    cmd->add_option("--delimiter", o->delimiter, "CSV delimiter of --data (default: detect)");
    cmd->add_option("--scale-epsilon", o->scaleEpsilon, "Epsilon spent on the noisy N (default 0.01)");
    cmd->add_option("--epsilon,-e", o->epsilon, "Epsilon of the histogram release to plan")->required();
    cmd->add_option("--workload", o->workload, "random-ranges | prefix | point (default random-ranges)");
    cmd->add_flag("--json", o->json, "Print the result as JSON");
    veil::cli::addReleaseOptions(cmd, o->release);
    cmd->callback([o, &outcome] { outcome.exitCode = runRecommend(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("recommend", setupRecommend);
