// veil-cli dp --counts FILE --strategy S --epsilon E [...]: a histogram given as counts (a DPBench
// .npy or CSV file, 1-D, or 2-D rows x columns: what the Histograms view's counts file releases),
// released with a strategy of the histogram catalogue through the release gate
// (dp::releaseHistogram): each trial charged, the noisy counts printed, written (--output) and,
// with --workload, answered in core.
#pragma once

#include "per_query.h"
#include "release_options.h"

#include <string>
#include <vector>

namespace veil::cli {

struct DpCountsOptions {
    std::string counts;  // --counts FILE
    std::string strategy = "identity";
    std::vector<std::string> strategyOptions;  // --option NAME=VALUE
    double epsilon = 1.0;
    int trials = 1;
    std::string output;  // --output FILE: the release's noisy counts, in the input's shape (one trial)
    bool json = false, showTrue = false;
    ReleaseOptions release;
    PerQueryOptions perQuery;
};

int runDpCounts(const DpCountsOptions& options);

}  // namespace veil::cli
