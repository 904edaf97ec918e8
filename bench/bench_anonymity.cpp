// Benchmark (issues 3 and 18, release build):
// 1. adult (30,162 records) with ARX's hierarchies, all 9 columns as QIs, k = 5, 4% suppression,
//    monotonic non-uniform entropy, optimal search, including loading and encoding: < 0.5 s; the
//    same at k = 100 (<= 42 ms) and with ARX's Loss at 100% suppression (<= 1.746 s), half of
//    ARX 3.9.2's warm times.
// 2. The same with occupation as the sensitive attribute (8 QIs) and entropy-5-diversity, or
//    equal-distance 0.2-closeness: not monotonic with suppression, so nodes are checked by
//    increasing loss bound until it passes the best loss (1,792 and 4,288 of 4,320), 16 at a
//    time on every core;
//    <= 0.5x ARX 3.9.2's warm time (959 and 1007 ms): entropy-l <= 480 ms, t-closeness <= 500 ms.
// 3. adult repeated 10 times (301,620 records): loading the CSV and hierarchies, then the search
//    of case 1; the loading should not take longer than the search.
// 4. Mondrian k = 10 (strict) on a generated 1,000,000-row table with 8 integer QIs: < 3 s.
// Usage: bench_anonymity [samples-dir] [rows] [repetitions] [filter]  (repetitions of each adult
// run, default 5, 1 is for instruction counts under callgrind; filter: run only the adult cases
// whose name contains it, e.g. "entropy-l", "x10" or "mondrian")
#include "bench_util.h"

#include "veil/anonymity/anonymization.h"
#include "veil/common/random.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/table/csv_reader.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace veil;
using namespace veil::anonymity;

namespace {

std::string defaultSamples() { return VEIL_SAMPLES_DIR; }

struct AdultCase {
    const char* name;
    MetricKind metric = MetricKind::Entropy;
    std::optional<LDiversity> l;
    std::optional<TCloseness> t;
    double target = 0;  // seconds; 0 = none
    int k = 5;
    double suppression = 0.04;
};

// Loads `csv` and the adult hierarchies into cfg (every column a QI but the sensitive one).
int loadAdult(const std::string& dir, const std::string& csv, const std::string& sensitive, Table& table,
              AnonymizationConfig& cfg) {
    auto read = readCsvFile(csv);
    if (!read) {
        std::fprintf(stderr, "%s\n", read.status().message().c_str());
        return 1;
    }
    table = std::move(read->table);
    for (const auto& name : table.columnNames()) {
        if (name == sensitive) continue;
        auto h = hierarchy::readHierarchyCsv(dir + "/adult_hierarchy_" + name + ".csv", name);
        if (!h) {
            std::fprintf(stderr, "%s\n", h.status().message().c_str());
            return 1;
        }
        cfg.quasiIdentifiers.push_back({name, std::move(*h)});
    }
    return 0;
}

int adultRun(const std::string& dir, const AdultCase& c, double& seconds, AnonymizationResult& out) {
    const double t0 = bench::wallSeconds();
    Table table;
    AnonymizationConfig cfg;
    const bool sensitive = c.l || c.t;
    if (loadAdult(dir, dir + "/adult.csv", sensitive ? "occupation" : "", table, cfg)) return 1;
    if (sensitive) cfg.sensitive = "occupation";
    cfg.models.k = c.k;
    cfg.models.lDiversity = c.l;
    cfg.models.tCloseness = c.t;
    cfg.suppressionLimit = c.suppression;
    cfg.metric = c.metric;
    auto r = anonymize(table, cfg);
    if (!r) {
        std::fprintf(stderr, "%s\n", r.status().message().c_str());
        return 1;
    }
    seconds = bench::wallSeconds() - t0;
    out = std::move(*r);
    return 0;
}

// Case 3: adult.csv's rows written 10 times to a temporary file, then loaded and searched.
int tenfoldAdult(const std::string& dir, int reps) {
    std::ifstream in(dir + "/adult.csv", std::ios::binary);
    std::string header, body;
    std::getline(in, header);
    body.assign(std::istreambuf_iterator<char>(in), {});
    if (!body.empty() && body.back() != '\n') body += '\n';
    const auto path = std::filesystem::temp_directory_path() / "veil_bench_adult10.csv";
    {
        std::ofstream out(path, std::ios::binary);
        out << header << '\n';
        for (int i = 0; i < 10; ++i) out << body;
    }
    std::vector<double> load, search;
    std::size_t rows = 0;
    for (int rep = 0; rep < reps; ++rep) {
        const double t0 = bench::wallSeconds();
        Table table;
        AnonymizationConfig cfg;
        if (loadAdult(dir, path.string(), "", table, cfg)) return 1;
        const double t1 = bench::wallSeconds();
        cfg.models.k = 5;
        cfg.suppressionLimit = 0.04;
        cfg.metric = MetricKind::Entropy;
        cfg.buildOutput = false;
        auto r = anonymize(table, cfg);
        if (!r) {
            std::fprintf(stderr, "%s\n", r.status().message().c_str());
            return 1;
        }
        load.push_back(t1 - t0);
        search.push_back(bench::wallSeconds() - t1);
        rows = table.rowCount();
    }
    std::filesystem::remove(path);
    const double l = bench::median(load), s = bench::median(search);
    std::printf("adult x10 (%zu rows): loading CSV + hierarchies median %.4f s, search k=5 s=4%% entropy %.4f s%s\n",
                rows, l, s, l <= s ? "  [loading <= search: OK]" : "  [loading <= search: MISSED]");
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
    const std::string filter = argc > 4 ? argv[4] : "";
    auto selected = [&filter](const std::string& name) { return name.find(filter) != std::string::npos; };

    // Targets: half of ARX 3.9.2's warm time on the same machine (issue 18: k=5 4% entropy 1039 ms,
    // k=100 84 ms, k=5 100% Loss 3493 ms, entropy-l=5 959 ms, t=0.2 1007 ms).
    const AdultCase cases[] = {
        {"k=5 s=4% entropy", MetricKind::Entropy, std::nullopt, std::nullopt, 0.5},
        {"k=100 s=4% entropy", MetricKind::Entropy, std::nullopt, std::nullopt, 0.042, 100},
        {"k=5 s=4% loss", MetricKind::Loss, std::nullopt, std::nullopt, 0},
        {"k=5 s=100% loss", MetricKind::Loss, std::nullopt, std::nullopt, 1.746, 5, 1.0},
        {"k=5 s=4% entropy-l=5 occupation", MetricKind::Entropy, LDiversity{LDiversityVariant::Entropy, 5, 1},
         std::nullopt, 0.48},
        {"k=5 s=4% t=0.2 equal occupation", MetricKind::Entropy, std::nullopt,
         TCloseness{TClosenessVariant::EqualDistance, 0.2}, 0.5},
    };
    for (const auto& c : cases) {
        if (!selected(c.name)) continue;
        std::vector<double> times;
        AnonymizationResult r;
        for (int rep = 0; rep < reps; ++rep) {
            double s = 0;
            if (adultRun(dir, c, s, r)) return 1;
            times.push_back(s);
        }
        std::sort(times.begin(), times.end());
        std::string levels;
        for (std::size_t i = 0; i < r.transformation.size(); ++i)
            levels += (i ? "," : "") + std::to_string(r.transformation[i]);
        const double med = times[times.size() / 2];
        std::printf(
            "adult %-34s: median %.3f s (min %.3f) incl. loading; optimum [%s] IL %.10g (%s), "
            "suppressed %zu, %zu of %zu nodes checked%s\n",
            c.name, med, times[0], levels.c_str(), r.informationLoss, metricName(c.metric), r.suppressed,
            r.lattice.countChecked(), r.lattice.size(),
            c.target > 0 ? (med <= c.target ? "  [target: OK]" : "  [target: MISSED]") : "");
    }
    if (selected("adult x10") && tenfoldAdult(dir, reps)) return 1;
    if (!selected("mondrian")) return 0;

    const Table t = generated(rows, 8);
    AnonymizationConfig cfg;
    for (int q = 0; q < 8; ++q) cfg.quasiIdentifiers.push_back({"q" + std::to_string(q), std::nullopt});
    cfg.models.k = 10;
    cfg.algorithm = Algorithm::Mondrian;
    cfg.metric = MetricKind::Ncp;
    for (bool output : {false, true}) {
        cfg.buildOutput = output;
        const double t0 = bench::wallSeconds();
        auto r = anonymize(t, cfg);
        const double s = bench::wallSeconds() - t0;
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
