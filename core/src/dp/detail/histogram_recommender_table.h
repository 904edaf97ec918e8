// The recommender's measured table: core/data/histogram_recommender_errors.csv and
// histogram_recommender_algorithms.csv (written by bench/recommender/measure.sh), compiled into
// veil_dp as text and read once on first use. One row per (dimensions, domain, scale N * epsilon,
// workload, algorithm, DPBench shape): the mean scaled L1 error over the generator's trials.
#pragma once

#include "veil/common/status.h"
#include "veil/dp/histogram_recommender.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace veil::dp::detail {

struct MeasuredError {
    int dims = 0;            // 1 or 2
    std::size_t domain = 0;  // bins (1-D) or cells per axis (2-D: domain x domain)
    double scale = 0;        // N * epsilon
    RecommenderWorkload workload = RecommenderWorkload::RandomRanges;
    std::string algorithm;     // eval method id: "histogram:dawa", "psd:agrid"
    std::string shape;         // DPBench data set: "NETTRACE", "SF-CABS-E", ...
    double meanScaledL1 = 0;   // DPBench's ||diff||_1 / q / N, mean over the trials
    double standardError = 0;  // of that mean
};

// The measured algorithms as the catalogues named them when the table was measured (dp does not
// depend on the spatial engine whose decompositions are among them).
struct MeasuredAlgorithm {
    std::string algorithm;  // eval method id
    std::string name;       // the catalogue's human name
    bool dataDependent = false;
};

// The embedded tables (empty if they did not parse: measuredTableStatus() says why).
std::span<const MeasuredError> measuredErrors();
std::span<const MeasuredAlgorithm> measuredAlgorithms();
Status measuredTableStatus();

// The parsers (exposed for tests): '#' lines are comments, the first other line is the header.
// Errors name the line.
Result<std::vector<MeasuredError>> parseMeasuredErrors(std::string_view csv);
Result<std::vector<MeasuredAlgorithm>> parseMeasuredAlgorithms(std::string_view csv);

}  // namespace veil::dp::detail
