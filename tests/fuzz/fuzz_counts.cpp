// libFuzzer target: DPBench counts files (.npy and CSV, dp/counts_loader.h) and 2-D density
// shapes (spatial/density_shape.h), read from a file as the tools do.
#include "fuzz_support.h"

#include "veil/dp/counts_loader.h"
#include "veil/spatial/density_shape.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto text = veil::fuzz::bytes(data, size);
    const std::string npy = veil::fuzz::writeTemp(text, ".npy");
    // Messages name the file (its name; some readers do not repeat the folder).
    const auto name = [](const std::string& path) { return path.substr(path.rfind('/') + 1); };
    veil::fuzz::checkError(veil::dp::loadNpyCounts(npy).status(), name(npy));
    veil::fuzz::checkError(veil::spatial::readDensityShape(npy).status(), name(npy));
    const std::string csv = veil::fuzz::writeTemp(text, ".csv");
    veil::fuzz::checkError(veil::dp::loadCsvCounts(csv).status(), name(csv));
    return 0;
}
