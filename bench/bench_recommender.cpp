// Generator of the histogram / spatial recommender's measured table
// (core/data/histogram_recommender_errors.csv and _algorithms.csv): Veil's own 1-D and 2-D algorithms run through the
// eval sweep on DPBench's shapes (Hay et al., SIGMOD 2016: a shape normalised and sampled at scale
// N), coarsened to each domain size, at scales N * epsilon = 1e2 .. 1e7 and three workload shapes.
// Each row is the mean (and standard error) over the trials of DPBench's scaled L1 error.
//   bench_recommender DPBENCH_DIR TRIALS ALGORITHMS_CSV > ERRORS_CSV
// Run by bench/recommender/measure.sh, which writes both into core/data.
// Diagnosis: VEIL_RECOMMENDER_TIME_METHODS=1 prints seconds per method; VEIL_RECOMMENDER_2D_SIDE=S
// measures only S x S in 2-D.
#include "veil/dp/histogram_release.h"
#include "veil/eval/sweep.h"
#include "veil/spatial/psd_release.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

using namespace veil;
using namespace veil::eval;

namespace {

constexpr std::uint64_t kSampleCap = 100000;  // N at most 1e5: larger N * epsilon use epsilon > 1
constexpr std::size_t kQueries = 1000;        // random ranges of a 1-D workload (DPBench uses 2000)
// 2-D workloads are 500 queries drawn at random from the full one (all prefixes, all points): DAWA's
// cost grows with the queries' perimeter on its Hilbert order, and a mean over a random subset
// of the queries estimates the workload's mean without bias.
constexpr std::size_t kQueries2D = 500;
const std::vector<double> kScales = {1e2, 1e3, 1e4, 1e5, 1e6, 1e7};

struct Shape {
    std::string name;  // DPBench's name
    std::string file;
    int dims;
};

struct Config {
    int dims;
    std::vector<std::size_t> domains;  // bins (1-D) or cells per axis (2-D)
    std::vector<std::string> methods;
    std::string slowMethod;  // not run at domains above slowAbove (none since DAWA's bucket penalty)
    std::size_t slowAbove = 0;
};

// The catalogue's name and data-dependence of a method id ("histogram:dawa", "psd:agrid").
const AlgorithmInfo& catalogueEntry(const std::string& method) {
    const auto colon = method.find(':');
    const auto id = method.substr(colon + 1);
    if (method.substr(0, colon) == "psd") {
        auto info = spatial::findPsdKind(id);
        if (info) return **info;
    } else {
        auto info = dp::findHistogramStrategy(id);
        if (info) return **info;
    }
    std::fprintf(stderr, "bench_recommender: no catalogue entry for %s\n", method.c_str());
    std::exit(1);
}

[[noreturn]] void die(const std::string& message) {
    std::fprintf(stderr, "bench_recommender: %s\n", message.c_str());
    std::exit(1);
}

// Sums blocks of the shape down to `side` bins (1-D) or side x side cells (2-D).
HistogramData coarsen(const HistogramData& in, std::size_t side) {
    HistogramData out = in;
    const std::size_t fc = in.columns / side;
    if (!in.twoDimensional) {
        out.columns = side;
        out.counts.assign(side, 0.0);
        for (std::size_t i = 0; i < in.columns; ++i) out.counts[i / fc] += in.counts[i];
        return out;
    }
    const std::size_t fr = in.rows / side;
    out.rows = out.columns = side;
    out.counts.assign(side * side, 0.0);
    for (std::size_t r = 0; r < in.rows; ++r)
        for (std::size_t c = 0; c < in.columns; ++c) out.counts[(r / fr) * side + c / fc] += in.at(r, c);
    return out;
}

Workload workloadFor(const std::string& kind, const HistogramData& domain) {
    SeededRandom rng(9001);
    if (kind == "random-ranges") {
        auto w = randomRangeWorkload(domain, domain.twoDimensional ? kQueries2D : kQueries, rng);
        if (!w) die(w.status().message());
        return *w;
    }
    Workload all = kind == "prefix" ? prefixWorkload(domain) : identityWorkload(domain);
    if (!domain.twoDimensional) return all;
    Workload w = all;
    w.queries.clear();
    for (std::size_t i = 0; i < kQueries2D; ++i) w.queries.push_back(all.queries[rng.uniformBelow(all.size())]);
    return w;
}

// The trials of one (shape, domain, workload, N): every method at every epsilon = scale / N.
void measure(const Shape& shape, const HistogramData& data, const std::string& workload, std::uint64_t n,
             const std::vector<double>& scales, const Config& config, int trials) {
    Experiment e;
    e.name = shape.name;
    e.dataset.sample = n;
    e.trials = trials;
    e.seed = 20260101;
    for (const auto& id : config.methods)
        if (id != config.slowMethod || data.columns <= config.slowAbove)
            e.methods.push_back({id, id, nlohmann::json::object()});
    ExperimentInputs in;
    in.kind = DataKind::Histogram;
    in.data = data;
    in.workload = workloadFor(workload, data);
    for (double s : scales) in.epsilons.push_back(s / static_cast<double>(n));
    SweepOptions o;
    o.teaching = true;
    o.threads = 2;
    if (std::getenv("VEIL_RECOMMENDER_TIME_METHODS")) {  // diagnosis: seconds per method
        for (const auto& m : e.methods) {
            Experiment one = e;
            one.methods = {m};
            auto t = runSweep(one, in, o, {});
            std::fprintf(stderr, "    %-22s %7.2f s\n", m.id.c_str(), t ? t->seconds : -1.0);
        }
    }
    auto r = runSweep(e, in, o, {});
    if (!r) die(shape.name + " " + workload + ": " + r.status().message());
    std::fprintf(stderr, "  %-10s %2zud %-6zu %-13s N=%-7llu %6.2f s\n", shape.name.c_str(), std::size_t(config.dims),
                 data.columns, workload.c_str(), static_cast<unsigned long long>(n), r->seconds);
    for (const auto& s : r->summaries) {
        const auto& m = s[Metric::ScaledL1];
        const double se = m.n > 1 ? m.sd / std::sqrt(static_cast<double>(m.n)) : 0.0;
        std::fprintf(stdout, "%d,%zu,%.0e,%s,%s,%s,%.4e,%.2e\n", config.dims, data.columns, scales[s.epsilonIndex],
                     workload.c_str(), r->methods[s.method].id.c_str(), shape.name.c_str(), m.mean, se);
    }
}

void measureShape(const Shape& shape, const std::string& dir, const Config& config, int trials) {
    auto full = readHistogram(dir + "/" + shape.file);
    if (!full) die(full.status().message());
    for (std::size_t side : config.domains) {
        const auto data = coarsen(*full, side);
        for (const std::string workload : {"random-ranges", "prefix", "point"}) {
            // Scales up to the cap are sampled at N = scale (epsilon 1); beyond, at N = cap.
            for (double s : kScales)
                if (s < static_cast<double>(kSampleCap))
                    measure(shape, data, workload, static_cast<std::uint64_t>(s), {s}, config, trials);
            std::vector<double> big;
            for (double s : kScales)
                if (s >= static_cast<double>(kSampleCap)) big.push_back(s);
            measure(shape, data, workload, kSampleCap, big, config, trials);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string dir = argc > 1 ? argv[1] : "/work/shared/data/dpbench";
    const int trials = argc > 2 ? std::atoi(argv[2]) : 5;
    const std::string algorithmsPath = argc > 3 ? argv[3] : "histogram_recommender_algorithms.csv";
    if (trials < 2) die("trials must be >= 2");
    const std::vector<Shape> shapes = {{"NETTRACE", "NETTRACE.n4096.npy", 1},
                                       {"SEARCHLOGS", "SEARCHLOGS.n4096.npy", 1},
                                       {"SF-CABS-E", "cabspottingE_256_256.npy", 2},
                                       {"GOWALLA", "checkin_256_256.npy", 2}};
    Config oneD{1,
                {256, 1024, 4096},
                {"histogram:identity", "histogram:hierarchical", "histogram:hb", "histogram:privelet",
                 "histogram:uniform", "histogram:mwem", "histogram:mwem-star", "histogram:greedy-h", "histogram:dawa"},
                {},
                0};
    for (const char* extra : {"ahp", "efpa", "php"})  // the newer strategies, when the catalogue has them
        if (dp::findHistogramStrategy(extra)) oneD.methods.push_back(std::string("histogram:") + extra);
    std::vector<std::size_t> sides2D = {64, 128, 256};
    if (const char* only = std::getenv("VEIL_RECOMMENDER_2D_SIDE")) sides2D = {std::stoul(only)};  // diagnosis
    const Config twoD{2,
                      sides2D,
                      {"histogram:identity", "histogram:uniform", "histogram:hb2d", "histogram:privelet2d",
                       "histogram:dawa", "psd:quad", "psd:kd", "psd:hybrid", "psd:grid", "psd:agrid"},
                      {},
                      0};
    const auto start = std::chrono::steady_clock::now();
    const std::time_t now = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    std::printf(
        "# Measured by bench/recommender/measure.sh (bench_recommender %s %d) on %s: do not edit\n"
        "# by hand. Mean and standard error over %d trials of DPBench's scaled L1 error (Hay et al., SIGMOD\n"
        "# 2016) of Veil's algorithms with their catalogue defaults on DPBench shapes sampled at\n"
        "# N = min(scale, %llu), epsilon = scale / N; workloads: %zu random ranges (seed 9001), all\n"
        "# prefixes, all points. Embedded in veil_dp at build time (core/CMakeLists.txt).\n"
        "dims,domain,scale,workload,algorithm,shape,mean_scaled_l1,standard_error\n",
        std::filesystem::path(dir).filename().c_str(), trials, date, trials,
        static_cast<unsigned long long>(kSampleCap), kQueries);
    for (const auto& shape : shapes) {
        if (!std::filesystem::exists(dir + "/" + shape.file)) {
            std::fprintf(stderr, "  (%s not in %s: skipped)\n", shape.file.c_str(), dir.c_str());
            continue;
        }
        measureShape(shape, dir, shape.dims == 1 ? oneD : twoD, trials);
    }
    std::FILE* algorithms = std::fopen(algorithmsPath.c_str(), "w");
    if (!algorithms) die("cannot write " + algorithmsPath);
    std::fprintf(algorithms,
                 "# The measured algorithms as the catalogues named them when the table was measured (dp does not\n"
                 "# depend on the spatial engine whose decompositions are among them). Written with the errors table.\n"
                 "algorithm,name,data_dependent\n");
    for (const Config* config : {static_cast<const Config*>(&oneD), &twoD})
        for (const auto& m : config->methods) {
            if (config == &twoD && m == "histogram:identity") continue;  // listed once
            if (config == &twoD && m == "histogram:uniform") continue;
            if (config == &twoD && m == "histogram:dawa") continue;
            const auto& info = catalogueEntry(m);
            std::fprintf(algorithms, "%s,%s,%d\n", m.c_str(), info.name.c_str(), info.dataDependent ? 1 : 0);
        }
    std::fclose(algorithms);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "bench_recommender: %.1f s\n", seconds);
    return 0;
}
