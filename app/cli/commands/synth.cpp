// veil-cli synth DATA --method privbayes|mst|aim|independent --epsilon E [--delta D] [--columns a,b,c]
// [--bins COL=N ...] [--bounds COL=LO:HI ...] [--hierarchy COL=FILE ...] [--categories COL=a|b ...]
// [--rows N] [--seed S] --output FILE.csv [--json] [--evaluate [--target COL [--model naive-bayes|logistic]]]:
// a differentially private synthetic table (issue 17) through the release gate; --evaluate (teaching mode)
// prints marginal TVDs and, with --target, the accuracy of a classifier trained on the synthetic table and
// tested on the real one.
#include "cli_support.h"
#include "command_registry.h"
#include "commands/dp_common.h"
#include "release_options.h"

#include "veil/common/validate.h"
#include "veil/eval/synth_evaluation.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/synth/synthesizer.h"
#include "veil/table/csv_writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace {

using veil::Result;
using veil::Status;
using veil::synth::AttributeDomain;

struct SynthOptions {
    std::string file, method = "privbayes", columns, output, delimiter, target, model = "naive-bayes";
    bool modelGiven = false;
    std::vector<std::string> bins, bounds, hierarchies, categories;
    double epsilon = std::nan("");
    std::optional<double> delta;  // MST, AIM: default 1e-9 (a given "nan" is refused, not defaulted)
    double beta = 0.3;
    std::size_t degree = 3, rows = 0, iterations = 1000;
    std::size_t workloadDegree = 2, rounds = 0;  // AIM
    bool json = false, evaluate = false;
    std::vector<std::string> settingsGiven;  // plan keys of the method settings given as flags
    veil::cli::ReleaseOptions release;
};

// "COL=VALUE" items of one flag, by column. Errors name the flag and the item.
Result<std::map<std::string, std::string>> keyed(const std::vector<std::string>& items, const std::string& flag) {
    std::map<std::string, std::string> out;
    for (const auto& item : items) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
            return Status::invalidArgument(flag + ": '" + item + "' is not COLUMN=VALUE");
        if (!out.emplace(item.substr(0, eq), item.substr(eq + 1)).second)
            return Status::invalidArgument(flag + ": column '" + item.substr(0, eq) + "' is given twice");
    }
    return out;
}

Result<AttributeDomain> numericDomain(const std::string& col, const std::map<std::string, std::string>& bins,
                                      const std::map<std::string, std::string>& bounds) {
    const auto b = bins.find(col), r = bounds.find(col);
    if (r == bounds.end() || b == bins.end())
        return Status::invalidArgument("column '" + col + "' is numeric: declare --bounds " + col +
                                       "=LO:HI and --bins " + col + "=N (never read off the data)");
    const auto colon = r->second.find(':');
    char* end = nullptr;
    if (colon == std::string::npos)
        return Status::invalidArgument("--bounds " + col + ": '" + r->second + "' is not LO:HI");
    bool loDate = false, hiDate = false;
    auto lower = veil::synth::parseDomainBound(r->second.substr(0, colon), &loDate);
    if (!lower) return lower.status().withContext("--bounds " + col);
    auto upper = veil::synth::parseDomainBound(r->second.substr(colon + 1), &hiDate);
    if (!upper) return upper.status().withContext("--bounds " + col);
    if (loDate != hiDate)
        return Status::invalidArgument("--bounds " + col + ": give two ISO dates or two numbers, not one of each");
    const long long n = std::strtoll(b->second.c_str(), &end, 10);
    if (*end || n < 1)
        return Status::invalidArgument("--bins " + col + ": '" + b->second + "' is not a positive integer");
    auto domain = veil::synth::binsDomain(col, *lower, *upper, static_cast<std::size_t>(n));
    domain.dateBounds = loDate;
    return domain;
}

Result<AttributeDomain> categoryDomain(const std::string& col, const veil::Column& column, const SynthOptions& o,
                                       const std::map<std::string, std::string>& hier,
                                       const std::map<std::string, std::string>& cats) {
    if (auto c = cats.find(col); c != cats.end())
        return veil::synth::categoriesDomain(col, veil::cli::splitList(c->second, '|'));
    if (auto h = hier.find(col); h != hier.end()) {
        auto read = veil::hierarchy::readHierarchyCsv(h->second, col);
        if (!read) return read.status().withContext("--hierarchy " + col);
        std::vector<std::string> categories;
        for (const auto& row : read->rows()) categories.push_back(row.front());
        return veil::synth::categoriesDomain(col, std::move(categories), "hierarchy " + h->second);
    }
    if (o.release.teaching) return veil::synth::teachingDictionaryDomain(col, column);
    return Status::invalidArgument("column '" + col + "' is categorical: declare its categories with --hierarchy " +
                                   col + "=FILE or --categories " + col + "=a|b|c");
}

Result<std::vector<AttributeDomain>> buildDomains(const SynthOptions& o, const veil::Table& table) {
    auto bins = keyed(o.bins, "--bins");
    if (!bins) return bins.status();
    auto bounds = keyed(o.bounds, "--bounds");
    if (!bounds) return bounds.status();
    auto hier = keyed(o.hierarchies, "--hierarchy");
    if (!hier) return hier.status();
    auto cats = keyed(o.categories, "--categories");
    if (!cats) return cats.status();
    auto names = o.columns.empty() ? table.columnNames() : veil::cli::splitList(o.columns);
    if (names.empty()) return Status::invalidArgument("--columns: no column given");
    std::vector<AttributeDomain> out;
    for (const auto& col : names) {
        auto idx = table.columnIndex(col);
        if (!idx) return idx.status().withContext("--columns");
        const auto& column = table.column(*idx);
        auto d = veil::isNumericType(column.type()) ? numericDomain(col, *bins, *bounds)
                                                    : categoryDomain(col, column, o, *hier, *cats);
        if (!d) return d.status();
        out.push_back(std::move(*d));
    }
    for (const auto* flag : {&*bins, &*bounds, &*hier, &*cats})
        for (const auto& entry : *flag) {
            const std::string& col = entry.first;  // not a structured binding: lambdas capture it (clang 14)
            if (std::none_of(out.begin(), out.end(), [&](const AttributeDomain& d) { return d.column == col; }))
                return Status::invalidArgument("column '" + col + "' has a declared domain but is not synthesized");
        }
    return out;
}

// "Naive Bayes" for the JSON's "naive-bayes".
std::string modelTitle(const nlohmann::json& name) {
    const auto model = veil::anonymity::classifierFromName(name.get<std::string>());
    return model ? veil::anonymity::classifierTitle(*model) : name.get<std::string>();
}

void printHuman(const SynthOptions& o, const veil::synth::SyntheticRelease& rel, const nlohmann::json& eval) {
    const bool mst = o.method == "mst", aim = o.method == "aim";
    auto info = veil::synth::findSynthMethod(o.method);
    std::cout << (info ? (*info)->name : o.method) << " synthetic table, epsilon " << veil::formatNumber(o.epsilon);
    if (mst || aim)
        std::cout << ", delta " << veil::formatNumber(rel.plan["delta"].get<double>()) << " (rho "
                  << veil::formatNumber(rel.plan["rho"].get<double>()) << ")";
    std::cout << ": " << rel.table.rowCount() << " rows x " << rel.table.columnCount() << " columns written to "
              << o.output << "\n";
    if (mst && !rel.plan["tree"].empty()) std::cout << "  tree edges:\n";
    for (const auto& e : rel.plan.value("tree", nlohmann::json::array()))
        std::cout << "  " << e[0].get<std::string>() << " - " << e[1].get<std::string>() << "\n";
    if (aim) {
        std::cout << "  " << rel.plan["rounds_run"].get<std::size_t>() << " rounds (" << rel.plan["anneals"]
                  << " annealed), measured marginals:\n ";
        for (const auto& m : rel.plan["measured"]) {
            std::cout << " ";
            for (std::size_t i = 0; i < m.size(); ++i) std::cout << (i ? "," : "") << m[i].get<std::string>();
        }
        std::cout << "\n";
    }
    for (const auto& p : rel.plan.value("network", nlohmann::json::array())) {
        std::cout << "  " << p["attribute"].get<std::string>();
        if (!p["parents"].empty()) std::cout << " <- ";
        for (std::size_t i = 0; i < p["parents"].size(); ++i)
            std::cout << (i ? ", " : "") << p["parents"][i].get<std::string>();
        std::cout << "\n";
    }
    if (!eval.is_null()) {
        std::cout << "utility (TEACHING MODE - computed from the true data, not private):\n";
        for (const auto& [key, v] : eval.items())
            if (key.rfind("tvd_", 0) == 0)
                std::cout << "  average " << key.substr(4) << " marginal TVD " << veil::formatNumber(v["average"])
                          << " (max " << veil::formatNumber(v["max"]) << ", " << v["marginals"] << " marginals)\n";
        if (eval.contains("range_queries")) {
            const auto& q = eval["range_queries"];
            std::cout << "  range queries: mean absolute error " << veil::formatNumber(q["mean_abs_error"])
                      << " of the rows (max " << veil::formatNumber(q["max_abs_error"]) << ", " << q["queries"]
                      << " random conjunctions of 1-3 attribute ranges)\n";
        }
        if (eval.contains("accuracy")) {
            const auto& a = eval["accuracy"];
            auto pct = [](const nlohmann::json& x) {
                char buf[32];
                std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * x.get<double>());
                return std::string(buf);
            };
            std::cout << "  accuracy: synthetic " << pct(a["synthetic"]) << ", real " << pct(a["real"]) << ", majority "
                      << pct(a["zero_r"]) << " (" << modelTitle(a["model"]) << " on " << a["target"].get<std::string>()
                      << ": trained on the synthetic table, tested on the real "
                      << "rows; real: " << a["folds"] << "-fold)\n";
        }
    }
    veil::cli::printReceipt(rel.receipt);
}

// The request the flags describe: each method's own options, then the common epsilon, rows and
// delta (a delta on a pure-epsilon method is refused before this).
veil::synth::SynthRequest synthRequest(const SynthOptions& o) {
    veil::synth::SynthRequest r;
    r.method = o.method;
    r.privBayes.beta = o.beta;
    r.privBayes.maxDegree = o.degree;
    r.mst.iterations = o.iterations;
    r.aim.iterations = o.iterations;
    r.aim.degree = o.workloadDegree;
    r.aim.rounds = o.rounds;
    r.setCommon(o.epsilon, o.rows, o.delta.value_or(veil::synth::kMstDefaultDelta));  // 1e-9, AIM too
    return r;
}

int runSynth(const SynthOptions& o) {
    if (auto st = veil::cli::requireTeaching(o.release, o.evaluate, "--evaluate"); !st)
        return veil::cli::reportError(st);
    if (!o.target.empty() && !o.evaluate) return veil::cli::reportError("--target: only with --evaluate");
    if (o.modelGiven && o.target.empty()) return veil::cli::reportError("--model: only with --target");
    const auto model = veil::anonymity::classifierFromName(o.model);
    if (!model) return veil::cli::reportError("--model expects naive-bayes or logistic, got '" + o.model + "'");
    auto info = veil::synth::findSynthMethod(o.method);
    if (!info) return veil::cli::reportError(info.status().withContext("--method"));
    if (o.delta && !std::isfinite(*o.delta))
        return veil::cli::reportError("--delta: expected a number in (0, 1), got " + veil::formatNumber(*o.delta));
    if (!(*info)->zcdp && o.delta)
        return veil::cli::reportError("--delta: only --method mst or aim takes a delta (" + o.method +
                                      " is pure epsilon-DP)");
    if (auto st = veil::synth::checkMethodSettings(**info, o.settingsGiven); !st)
        return veil::cli::reportError(st.withContext("--method " + o.method));
    {
        auto inputs = veil::cli::filesOfAssignments(o.hierarchies);
        inputs.push_back(o.file);
        inputs.push_back(o.release.ledger);
        if (auto st = veil::cli::checkOutputs({{"--output", o.output}}, inputs); !st) return veil::cli::reportError(st);
    }
    const veil::synth::SynthRequest request = synthRequest(o);
    if (auto st = veil::synth::validateRequest(request); !st) return veil::cli::reportError(st);
    auto table = veil::cli::readTableForDp(o.file, o.delimiter);
    if (!table) return veil::cli::reportError(table.status());
    auto domains = buildDomains(o, *table);
    if (!domains) return veil::cli::reportError(domains.status());
    if (!o.target.empty() &&
        std::none_of(domains->begin(), domains->end(), [&o](const AttributeDomain& d) { return d.column == o.target; }))
        return veil::cli::reportError("--target: column '" + o.target + "' is not synthesized");
    auto gate = veil::cli::makeGate(o.release, o.file);
    if (!gate) return veil::cli::reportError(gate.status());
    auto rel = veil::synth::releaseSynthetic(*gate->gate, *table, *domains, request);
    if (!rel) return veil::cli::reportError(rel.status());
    if (auto st = veil::writeCsvFile(rel->table, o.output); !st) return veil::cli::reportError(st);
    nlohmann::json eval;
    if (o.evaluate) {
        auto e = veil::eval::teachingSynthEvaluation(*table, *domains, rel->codes, o.target, *model);
        if (!e) return veil::cli::reportError(e.status());
        eval = e->toJson();
    }
    if (!o.json) {
        printHuman(o, *rel, eval);
        return 0;
    }
    nlohmann::json j = rel->plan;
    j["output"] = o.output;
    j["rows"] = rel->table.rowCount();
    if (!eval.is_null()) j["evaluation"] = eval;
    j["random"] = rel->receipt.randomness;
    veil::cli::addReceipt(j, rel->receipt);
    veil::cli::printJson(j);
    return 0;
}

void setupSynth(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<SynthOptions>();
    auto* cmd = app.add_subcommand("synth", "A differentially private synthetic table (PrivBayes, MST or AIM)");
    cmd->add_option("DATA", o->file, "CSV file")->required();
    cmd->add_option("--method,-m", o->method,
                    "privbayes (default), mst, aim, or independent (baseline: noisy 1-way marginals)");
    cmd->add_option("--epsilon,-e", o->epsilon, "Privacy parameter epsilon, in [1e-9, 1000]")->required();
    cmd->add_option("--delta", o->delta, "MST, AIM: privacy parameter delta, in (0, 1) (default 1e-9)");
    cmd->add_option("--iterations", o->iterations,
                    "MST, AIM: mirror-descent steps of the final estimate (default 1000)");
    cmd->add_option("--workload-degree", o->workloadDegree, "AIM: workload of all 2-way (default) or 3-way marginals");
    cmd->add_option("--rounds", o->rounds, "AIM: rounds of the budget schedule (default 16 x columns)");
    cmd->add_option("--columns", o->columns, "Columns to synthesize a,b,c (default: all)");
    cmd->add_option("--bins", o->bins, "Numeric column: COL=N equal-width bins between its bounds");
    cmd->add_option("--bounds", o->bounds,
                    "Numeric column: COL=LO:HI declared bounds, numbers or (date columns) ISO dates "
                    "YYYY-MM-DD; values outside are clamped");
    cmd->add_option("--hierarchy", o->hierarchies, "Categorical column: COL=FILE, its categories from a hierarchy");
    cmd->add_option("--categories", o->categories, "Categorical column: COL=a|b|c declared categories");
    cmd->add_option("--rows", o->rows, "Rows to sample (default: as many as the input)");
    cmd->add_option("--degree", o->degree, "PrivBayes: at most this many parents per column (default 3)");
    cmd->add_option("--beta", o->beta, "PrivBayes: share of epsilon spent on the network, in (0, 1) (default 0.3)");
    cmd->add_option("--output,-o", o->output, "Synthetic CSV to write")->required();
    cmd->add_option("--delimiter,-d", o->delimiter, "Field delimiter of DATA (default: detect)");
    veil::cli::addReleaseOptions(cmd, o->release);
    cmd->add_flag("--evaluate", o->evaluate,
                  "Print 1-, 2- and 3-way marginal TVDs against the data (needs --teaching)");
    cmd->add_option("--target", o->target,
                    "With --evaluate: also the accuracy of a classifier (--model) predicting COL, trained on the "
                    "synthetic table and tested on the real rows, against training on the real rows (10-fold) and "
                    "the majority class");
    auto* model = cmd->add_option("--model", o->model,
                                  "Classifier for --target: naive-bayes (default) or logistic (multinomial logistic "
                                  "regression)")
                      ->check(CLI::IsMember({"naive-bayes", "logistic"}));
    cmd->add_flag("--json", o->json, "Machine-readable output");
    // The flags of one method's settings, by their plan keys: given to another method, refused.
    const std::vector<std::pair<std::string, CLI::Option*>> settings = {
        {"beta", cmd->get_option("--beta")},
        {"max_degree", cmd->get_option("--degree")},
        {"delta", cmd->get_option("--delta")},
        {"iterations", cmd->get_option("--iterations")},
        {"workload_degree", cmd->get_option("--workload-degree")},
        {"rounds", cmd->get_option("--rounds")}};
    cmd->callback([o, &outcome, model, settings] {
        o->modelGiven = model->count() > 0;
        o->settingsGiven.clear();
        for (const auto& [key, option] : settings)
            if (option->count() > 0) o->settingsGiven.push_back(key);
        outcome.exitCode = runSynth(*o);
    });
}

}  // namespace

VEIL_REGISTER_COMMAND("synth", setupSynth);
