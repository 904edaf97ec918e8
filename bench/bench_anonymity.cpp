// Benchmark (issue 3, release build):
// 1. adult (30,162 records) with ARX's hierarchies, all 9 columns as QIs, k = 5, 4% suppression,
//    monotonic non-uniform entropy, optimal search, including loading and encoding: < 0.5 s.
// 2. Mondrian k = 10 (strict) on a generated 1,000,000-row table with 8 integer QIs: < 3 s.
// Usage: bench_anonymity [samples-dir] [rows] [repetitions]  (repetitions of each adult run, default 5;
// 1 is for instruction counts under callgrind)
#include "veil/anonymity/anonymization.h"
#include "veil/common/random.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/table/csv_reader.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace veil;
using namespace veil::anonymity;

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

std::string defaultSamples() { return VEIL_SAMPLES_DIR; }

int adultRun(const std::string& dir, MetricKind metric, double& seconds, AnonymizationResult& out) {
    const double t0 = now();
    auto read = readCsvFile(dir + "/adult.csv");
    if (!read) {
        std::fprintf(stderr, "%s\n", read.status().message().c_str());
        return 1;
    }
    AnonymizationConfig cfg;
    for (const auto& name : read->table.columnNames()) {
        auto h = hierarchy::readHierarchyCsv(dir + "/adult_hierarchy_" + name + ".csv", name);
        if (!h) {
            std::fprintf(stderr, "%s\n", h.status().message().c_str());
            return 1;
        }
        cfg.quasiIdentifiers.push_back({name, std::move(*h)});
    }
    cfg.models.k = 5;
    cfg.suppressionLimit = 0.04;
    cfg.metric = metric;
    auto r = anonymize(read->table, cfg);
    if (!r) {
        std::fprintf(stderr, "%s\n", r.status().message().c_str());
        return 1;
    }
    seconds = now() - t0;
    out = std::move(*r);
    return 0;
}

Table generated(long rows, int qis) {
    SeededRandom rng(42);
    std::vector<std::shared_ptr<const Column>> cols;
    const std::int64_t domains[] = {100, 2, 50, 1000, 16, 7, 41, 10000};
    for (int q = 0; q < qis; ++q) {
        Column::Builder b("q" + std::to_string(q), ColumnType::Integer, std::size_t(rows));
        for (long r = 0; r < rows; ++r) b.appendInteger(std::int64_t(rng.uniformBelow(std::uint64_t(domains[q % 8]))));
        cols.push_back(b.finish());
    }
    return Table(cols);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string dir = argc > 1 ? argv[1] : defaultSamples();
    const long rows = argc > 2 ? std::atol(argv[2]) : 1000000;
    const int reps = argc > 3 ? std::max(1, std::atoi(argv[3])) : 5;

    for (auto metric : {MetricKind::Entropy, MetricKind::Loss}) {
        std::vector<double> times;
        AnonymizationResult r;
        for (int rep = 0; rep < reps; ++rep) {
            double s = 0;
            if (adultRun(dir, metric, s, r)) return 1;
            times.push_back(s);
        }
        std::sort(times.begin(), times.end());
        std::string levels;
        for (std::size_t i = 0; i < r.transformation.size(); ++i)
            levels += (i ? "," : "") + std::to_string(r.transformation[i]);
        std::printf(
            "adult k=5 s=4%% %-8s 9 QIs: median %.3f s (min %.3f) incl. loading; optimum [%s] IL %.10g, "
            "suppressed %zu, %zu of %zu nodes checked%s\n",
            metricName(metric), times[times.size() / 2], times[0], levels.c_str(), r.informationLoss, r.suppressed,
            r.lattice.countChecked(), r.lattice.size(),
            metric == MetricKind::Entropy
                ? (times[times.size() / 2] < 0.5 ? "  [target < 0.5 s: OK]" : "  [target < 0.5 s: MISSED]")
                : "");
    }

    const Table t = generated(rows, 8);
    AnonymizationConfig cfg;
    for (int q = 0; q < 8; ++q) cfg.quasiIdentifiers.push_back({"q" + std::to_string(q), std::nullopt});
    cfg.models.k = 10;
    cfg.algorithm = Algorithm::Mondrian;
    cfg.metric = MetricKind::Ncp;
    for (bool output : {false, true}) {
        cfg.buildOutput = output;
        const double t0 = now();
        auto r = anonymize(t, cfg);
        const double s = now() - t0;
        if (!r) {
            std::fprintf(stderr, "%s\n", r.status().message().c_str());
            return 1;
        }
        std::printf("mondrian k=10 %ld rows x 8 QIs%s: %.3f s, %zu partitions, min size %zu, NCP %.4f%s\n", rows,
                    output ? " + released table" : "", s, r->partitions.size(), r->classes.minKeptClassSize(),
                    r->metrics.ncp, s < 3.0 ? "  [target < 3 s: OK]" : "  [target < 3 s: MISSED]");
    }
    return 0;
}
