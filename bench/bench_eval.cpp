// Benchmark of the sweep runner: 20 epsilon values x 100 trials x 4 histogram strategies
// (identity, hierarchical + consistency, wavelet, MWEM) on a 4,096-bin data set (NETTRACE when
// found, else a synthetic one), with 1 thread and with all cores.
//   bench_eval [NETTRACE.n4096.npy]   (default: tests/data/dpbench/NETTRACE.n4096.npy)
#include "veil/eval/sweep.h"

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <thread>

using namespace veil::eval;

namespace {

Experiment benchExperiment(const std::string& dataset, const std::string& workload) {
    nlohmann::json j = {
        {"name", "bench"},
        {"methods",
         {"histogram:identity", "histogram:hierarchical+consistency", "histogram:wavelet", "histogram:mwem"}},
        {"epsilon", {{"from", 0.01}, {"to", 10}, {"count", 20}}},
        {"trials", 100},
        {"seed", 1}};
    if (dataset.empty()) {
        std::vector<double> counts(4096);
        for (std::size_t i = 0; i < counts.size(); ++i)
            counts[i] = static_cast<double>((i * 2654435761u) % 97 == 0 ? i % 500 : 0);
        j["dataset"] = {{"counts", counts}};
    } else {
        j["dataset"] = dataset;
    }
    if (workload == "prefix")
        j["workload"] = "prefix";
    else
        j["workload"] = {{"generator", "random-ranges"}, {"count", 1000}, {"seed", 9001}};
    auto e = parseExperiment(j);
    if (!e) {
        std::fprintf(stderr, "%s\n", e.status().message().c_str());
        std::exit(1);
    }
    return *e;
}

}  // namespace

int main(int argc, char** argv) {
    std::string dataset = argc > 1 ? argv[1] : std::string(VEIL_TEST_DATA_DIR) + "/dpbench/NETTRACE.n4096.npy";
    if (!std::filesystem::exists(dataset)) {
        std::printf("(%s not found: using a synthetic 4096-bin histogram)\n", dataset.c_str());
        dataset.clear();
    }
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    std::printf("sweep: 4 histogram strategies x 20 epsilons (0.01..10, log) x 100 trials = 8000 trials, 4096 bins\n");
    for (const std::string workload : {"random-ranges", "prefix"}) {
        const auto e = benchExperiment(dataset, workload);
        const auto in = loadExperimentInputs(e);
        if (!in) {
            std::fprintf(stderr, "%s\n", in.status().message().c_str());
            return 1;
        }
        for (int threads : {1, cores}) {
            SweepOptions o;
            o.threads = threads;
            const std::clock_t cpu0 = std::clock();
            const auto r = runSweep(e, *in, o, {});
            const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
            if (!r) {
                std::fprintf(stderr, "%s\n", r.status().message().c_str());
                return 1;
            }
            std::printf(
                "  workload %-28s (%5zu queries), %d thread(s): %6.2f s wall, %6.2f s CPU (%.3f ms CPU per trial)\n",
                r->workloadName.c_str(), r->queryCount, r->threadsUsed, r->seconds, cpu, 1000.0 * cpu / 8000.0);
            if (threads == cores) {
                for (std::size_t m = 0; m < r->methods.size(); ++m)
                    std::printf("      %-36s median scaled L1 at eps 0.01: %.3g, at eps 10: %.3g\n",
                                r->methods[m].label.c_str(), r->summary(m, 0)->metrics[3].median,
                                r->summary(m, 19)->metrics[3].median);
            }
            if (cores == 1) break;
        }
    }
    // CPU time per trial of each strategy alone (1 thread, 20 epsilons x 20 trials, random ranges).
    const auto all = benchExperiment(dataset, "random-ranges");
    const auto in = loadExperimentInputs(all);
    for (const auto& m : all.methods) {
        Experiment one = all;
        one.methods = {m};
        one.trials = 20;
        SweepOptions o;
        o.threads = 1;
        const std::clock_t cpu0 = std::clock();
        const auto r = runSweep(one, *in, o, {});
        const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
        if (r) std::printf("  %-36s %.3f ms CPU per trial\n", m.label.c_str(), 1000.0 * cpu / 400.0);
    }
    return 0;
}
