// libFuzzer target: workload files (eval/workload.h: JSON arrays of 1-D ranges or 2-D rectangles),
// read from a file against a 1-D domain of 64 bins and a 2-D domain of 8 x 8 cells.
#include "fuzz_support.h"

#include "veil/eval/workload.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = veil::fuzz::writeTemp(veil::fuzz::bytes(data, size), "-workload.json");
    const std::string name = path.substr(path.rfind('/') + 1);
    veil::eval::HistogramData line;
    line.columns = 64;
    line.counts.assign(64, 1.0);
    veil::eval::HistogramData grid;
    grid.rows = grid.columns = 8;
    grid.counts.assign(64, 1.0);
    for (const auto* domain : {&line, &grid}) {
        auto w = veil::eval::readWorkloadFile(path, *domain);
        veil::fuzz::checkError(w.status(), name);
        if (w) (void)veil::eval::answerWorkload(*w, *domain);
    }
    return 0;
}
