// libFuzzer target: experiment (sweep) files (eval/experiment.h) and inline workloads.
#include "fuzz_support.h"

#include "veil/eval/experiment.h"
#include "veil/eval/workload.h"
#include "veil/io/json_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto j = veil::parseJsonObject(std::string(veil::fuzz::bytes(data, size)), "fuzz-sweep.json");
    veil::fuzz::checkError(j.status(), "fuzz-sweep.json");
    if (!j) return 0;
    auto e = veil::eval::parseExperiment(*j, "/nonexistent-fuzz-dir");
    if (!e && e.status().message().empty()) std::abort();
    if (j->contains("ranges")) {
        veil::eval::HistogramData domain;
        domain.columns = 64;
        domain.counts.assign(64, 1.0);
        auto w = veil::eval::parseWorkloadJson((*j)["ranges"], domain);
        if (!w && w.status().message().empty()) std::abort();
    }
    return 0;
}
