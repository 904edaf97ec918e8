#include "commands/dp_counts.h"

#include "cli_support.h"

#include "veil/common/catalogue.h"
#include "veil/common/validate.h"
#include "veil/dp/counts_loader.h"
#include "veil/dp/histogram_release.h"
#include "veil/eval/per_query_output.h"
#include "veil/eval/workload.h"
#include "veil/io/atomic_file.h"

#include <filesystem>
#include <iostream>
#include <sstream>

namespace veil::cli {

namespace {

constexpr std::size_t kShownBins = 20;  // the text output's first bins; --json and --output have all

struct Loaded {
    dp::CountsArray counts;
    std::size_t rows = 0, columns = 0;  // a 2-D histogram's declared shape (0, 0 for 1-D)
    std::string shapeText() const {
        return rows > 0 ? std::to_string(rows) + " x " + std::to_string(columns) + " cells"
                        : std::to_string(counts.values.size()) + " bins";
    }
};

Result<Loaded> loadShaped(const std::string& path) {
    auto counts = dp::loadCounts(path);
    if (!counts) return counts.status();
    Loaded l;
    l.counts = std::move(*counts);
    if (l.counts.shape.size() == 2) {
        l.rows = l.counts.shape[0];
        l.columns = l.counts.shape[1];
    }
    return l;
}

// The counts in the input's layout: one value per line (1-D), or rows of comma-separated values.
std::string countsCsv(const std::vector<double>& values, std::size_t columns) {
    std::ostringstream out;
    out.precision(17);
    for (std::size_t i = 0; i < values.size(); ++i) {
        out << values[i];
        out << (columns > 0 && (i + 1) % columns != 0 ? ',' : '\n');
    }
    return out.str();
}

nlohmann::json valuesJson(const std::vector<double>& values, std::size_t columns) {
    if (columns == 0) return values;
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t r = 0; r * columns < values.size(); ++r)
        rows.push_back(std::vector<double>(values.begin() + std::ptrdiff_t(r * columns),
                                           values.begin() + std::ptrdiff_t((r + 1) * columns)));
    return rows;
}

void printValues(const char* what, const std::vector<double>& values) {
    std::cout << what << ":";
    for (std::size_t i = 0; i < std::min(values.size(), kShownBins); ++i) std::cout << ' ' << formatNumber(values[i]);
    if (values.size() > kShownBins)
        std::cout << " ... (" << values.size() - kShownBins << " more; --json or --output for all)";
    std::cout << '\n';
}

struct Released {
    std::vector<dp::HistogramResult> trials;
    std::vector<std::vector<double>> answers;  // [trial][query], with --workload
};

Result<Released> releaseTrials(dp::ReleaseGate& gate, const Loaded& in, const DpCountsOptions& o,
                               const nlohmann::json& options, const eval::Workload& workload) {
    dp::HistogramRequest request;
    request.strategy = o.strategy;
    request.options = options;
    request.epsilon = o.epsilon;
    request.what = "histogram of " + std::string(std::filesystem::path(o.counts).filename());
    request.rows = in.rows;
    request.columns = in.columns;
    if (workload.twoDimensional)
        request.rectangles = eval::toRectangleQueries(workload);
    else
        request.workload = eval::toRangeQueries(workload);
    Released out;
    for (int t = 0; t < o.trials; ++t) {
        auto r = dp::releaseHistogram(gate, in.counts.values, request, RunContext{});
        if (!r) return r.status();
        if (!workload.queries.empty())  // post-processing of the release, in core
            out.answers.push_back(eval::answerWorkload(workload, r->estimate, std::max<std::size_t>(1, in.rows),
                                                       in.rows > 0 ? in.columns : r->estimate.size()));
        out.trials.push_back(std::move(*r));
    }
    return out;
}

// What the trials spent together (each was a release of its own, charged on its own).
dp::ReleaseReceipt totalReceipt(const Released& rel) {
    std::vector<dp::ReleaseReceipt> receipts;
    for (const auto& t : rel.trials) receipts.push_back(t.receipt);
    return dp::combinedReceipt(receipts);
}

void printJsonOut(const DpCountsOptions& o, const Loaded& in, const Released& rel) {
    const auto& first = rel.trials.front();
    const bool teaching = first.receipt.mode == dp::ReleaseMode::Teaching;
    nlohmann::json j;
    j["query"] = "histogram";
    j["counts"] = o.counts;
    j["strategy"] = o.strategy;
    j["shape"] =
        in.rows > 0 ? nlohmann::json::array({in.rows, in.columns}) : nlohmann::json::array({in.counts.values.size()});
    j["epsilon"] = o.epsilon;
    j["total_epsilon"] = o.epsilon * o.trials;
    j["neighbouring"] = dp::neighbouringName(first.neighbouring);
    j["description"] = first.description;
    j["releases"] = nlohmann::json::array();
    for (const auto& t : rel.trials) j["releases"].push_back(valuesJson(t.estimate, in.columns));
    if (o.showTrue && teaching) j["true_value"] = valuesJson(in.counts.values, in.columns);
    addPerQueryJson(j, o.perQuery, teaching);
    addReceipt(j, totalReceipt(rel));
    printJson(j);
}

void printTextOut(const DpCountsOptions& o, const Loaded& in, const Released& rel, const std::string& name) {
    const auto& first = rel.trials.front();
    std::cout << "histogram of " << o.counts << " (" << in.shapeText() << ") with the " << name << " strategy: epsilon "
              << formatNumber(o.epsilon) << " per release (" << dp::neighbouringName(first.neighbouring)
              << " neighbours)\n"
              << first.description << '\n';
    for (std::size_t t = 0; t < rel.trials.size(); ++t) {
        if (rel.trials.size() > 1) std::cout << "release " << t + 1 << ": ";
        printValues("noisy counts", rel.trials[t].estimate);
    }
    if (o.showTrue && first.receipt.mode == dp::ReleaseMode::Teaching) printValues("true counts", in.counts.values);
    if (!o.output.empty()) std::cout << "noisy counts written to " << o.output << '\n';
    printPerQueryLine(o.perQuery, rel.answers.empty() ? 0 : rel.answers.front().size(), rel.trials.size(),
                      first.receipt.mode == dp::ReleaseMode::Teaching);
    printReceipt(totalReceipt(rel));
}

}  // namespace

int runDpCounts(const DpCountsOptions& o) {
    if (auto st = requireTeaching(o.release, o.showTrue, "--show-true"); !st) return reportError(st);
    if (auto st = checkPerQueryOptions(o.perQuery); !st) return reportError(st);
    if (!o.output.empty() && o.trials != 1) return reportError("--output writes one release: use --trials 1");
    if (auto st = checkOutputs({{"--output", o.output}, {"--per-query", o.perQuery.perQuery}},
                               {o.counts, o.perQuery.workload, o.release.ledger});
        !st)
        return reportError(st);
    auto info = dp::findHistogramStrategy(o.strategy);
    if (!info) return reportError(info.status());
    auto options = parseOptionAssignments(**info, o.strategyOptions);
    if (!options) return reportError(options.status());
    auto in = loadShaped(o.counts);
    if (!in) return reportError(in.status());
    if (in->rows == 0 && dp::histogramStrategyIsPlanar(o.strategy))  // the file declares the shape
        return reportError("strategy '" + o.strategy + "' releases a 2-D histogram, and " + o.counts + " holds " +
                           in->shapeText() +
                           " in one dimension: give the grid as rows of comma-separated counts, or a 2-D .npy");
    // The workload is public: read against the declared shape before anything is charged.
    eval::Workload workload;
    if (!o.perQuery.workload.empty()) {
        auto w = readCliWorkload(o.perQuery, std::max<std::size_t>(1, in->rows),
                                 in->rows > 0 ? in->columns : in->counts.values.size(), in->rows > 0);
        if (!w) return reportError(w.status());
        workload = std::move(*w);
    }
    auto gate = makeGate(o.release, o.counts);
    if (!gate) return reportError(gate.status());
    auto rel = releaseTrials(*gate->gate, *in, o, *options, workload);
    if (!rel) return reportError(rel.status());
    const bool teaching = gate->gate->isTeaching();
    if (!o.perQuery.perQuery.empty()) {
        eval::PerQueryAnswers answers;
        answers.method = "histogram:" + o.strategy;
        answers.label = (*info)->name;
        answers.epsilon = o.epsilon;
        answers.noisy = rel->answers;
        if (teaching)
            answers.truth = eval::answerWorkload(workload, in->counts.values, std::max<std::size_t>(1, in->rows),
                                                 in->rows > 0 ? in->columns : in->counts.values.size());
        answers.workload = std::move(workload);
        if (auto st = writePerQueryFile(o.perQuery, answers, teaching); !st) return reportError(st);
    }
    if (!o.output.empty())
        if (auto st = writeFileAtomically(o.output, countsCsv(rel->trials.front().estimate, in->columns)); !st)
            return reportError(st);
    if (o.json)
        printJsonOut(o, *in, *rel);
    else
        printTextOut(o, *in, *rel, (*info)->name);
    return 0;
}

}  // namespace veil::cli
