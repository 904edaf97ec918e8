// Benchmark: load a generated 1,000,000-row x 10-column CSV (~100 MB), then summarise every column
// (exact distinct, missing, min, max: the work of `veil-cli info`, and of DuckDB's CREATE TABLE from
// the CSV plus one aggregate query; bench/reference/compare_csv_info.sh runs both side by side).
// Targets (issue 15): `veil-cli info` at most 0.6x DuckDB's whole process and 4x `cut -d, -f1`;
// peak memory at most 2x the file.
// Usage: bench_csv [rows] [path]   (the file is generated once and reused)
#include "veil/common/parallel.h"
#include "veil/common/random.h"
#include "veil/table/column_summary.h"
#include "veil/table/csv_reader.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include <sys/resource.h>
#include <unistd.h>

namespace {

long currentRssKiB() {
    std::ifstream in("/proc/self/statm");
    long pages = 0, rss = 0;
    in >> pages >> rss;
    return rss * (sysconf(_SC_PAGESIZE) / 1024);
}

void generate(const std::string& path, long rows) {
    static const char* jobs[] = {"Tech-support",    "Craft-repair",   "Other-service",     "Sales",
                                 "Exec-managerial", "Prof-specialty", "Handlers-cleaners", "Machine-op-inspct",
                                 "Adm-clerical"};
    static const char* countries[] = {"United-States", "Mexico", "Philippines", "Germany", "Canada", "India"};
    veil::SeededRandom rng(1);
    std::ofstream out(path);
    out << "id,age,zip,income,score,occupation,country,joined,sex,note\n";
    std::string line;
    for (long i = 0; i < rows; ++i) {
        line.clear();
        for (std::uint64_t v : {std::uint64_t(i), 17 + rng.uniformBelow(74), 10000 + rng.uniformBelow(89999)}) {
            line += std::to_string(v);
            line += ',';
        }
        line += std::to_string(rng.uniformBelow(200000));
        line += '.';
        line += std::to_string(rng.uniformBelow(100));
        line += ',';
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6f", rng.uniform01() * 100);
        line += buf;
        line += ',';
        line += jobs[rng.uniformBelow(9)];
        line += ',';
        line += countries[rng.uniformBelow(6)];
        line += ',';
        std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", int(1990 + rng.uniformBelow(30)),
                      int(1 + rng.uniformBelow(12)), int(1 + rng.uniformBelow(28)));
        line += buf;
        line += rng.bit() ? ",Male," : ",Female,";
        line += "\"note ";
        line += std::to_string(rng.uniformBelow(1000));
        line += ", free text\"\n";
        out << line;
    }
}

}  // namespace

int main(int argc, char** argv) {
    const long rows = argc > 1 ? std::atol(argv[1]) : 1000000;
    const std::string path = argc > 2 ? argv[2] : "/tmp/veil_bench_" + std::to_string(rows) + ".csv";
    if (!std::filesystem::exists(path)) {
        std::cout << "generating " << path << " ...\n";
        generate(path, rows);
    }
    const double sizeMB = double(std::filesystem::file_size(path)) / 1e6;

    // Warm the page cache, then time `cat FILE > /dev/null` for reference.
    const std::string cat = "cat '" + path + "' > /dev/null";
    if (std::system(cat.c_str()) != 0) return 1;
    auto t0 = std::chrono::steady_clock::now();
    if (std::system(cat.c_str()) != 0) return 1;
    const double catSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    const long rssBefore = currentRssKiB();
    t0 = std::chrono::steady_clock::now();
    auto r = veil::readCsvFile(path);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!r) {
        std::cerr << r.status().message() << '\n';
        return 1;
    }
    t0 = std::chrono::steady_clock::now();
    const auto summaries = veil::summarizeTable(r->table);
    const double summarySeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    t0 = std::chrono::steady_clock::now();
    if (std::system(("cut -d, -f1 '" + path + "' > /dev/null").c_str()) != 0) return 1;
    const double cutSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    const double peakMB = double(ru.ru_maxrss) / 1024.0 * 1.048576 - double(rssBefore) / 1024.0 * 1.048576;
    const double tableMB = double(r->table.memoryBytes()) / 1e6;

    std::cout << "file:        " << path << " (" << sizeMB << " MB, " << r->table.rowCount() << " rows x "
              << r->table.columnCount() << " columns)\n";
    for (std::size_t c = 0; c < r->table.columnCount(); ++c)
        std::cout << "  " << r->table.column(c).name() << ": " << veil::columnTypeName(r->table.column(c).type())
                  << '\n';
    std::cout << "load:        " << seconds << " s on " << veil::hardwareThreads() << " threads\n";
    std::cout << "summaries:   " << summarySeconds << " s (distinct, missing, min, max of " << summaries.size()
              << " columns)\n";
    std::cout << "load + sum.: " << seconds + summarySeconds << " s = " << (seconds + summarySeconds) / cutSeconds
              << "x `cut -d, -f1` (" << cutSeconds << " s; target <= 4x)\n";
    std::cout << "cat:         " << catSeconds << " s   (load / cat = " << seconds / catSeconds << ")\n";
    std::cout << "table:       " << tableMB << " MB resident in columns (" << tableMB / sizeMB << "x file)\n";
    std::cout << "peak growth: " << peakMB << " MB incl. the mapped file (" << peakMB / sizeMB
              << "x file, target <= 2x)\n";
    return 0;
}
