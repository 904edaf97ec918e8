// The histogram strategies, in the order lists and charts show them.
#include "dp/detail/histogram_strategies.h"

namespace veil::dp {

namespace detail {

const std::vector<HistogramStrategyEntry>& histogramStrategyEntries() {
    static const std::vector<HistogramStrategyEntry> entries = {
        identityStrategy(), hierarchicalStrategy(), hbStrategy(),      priveletStrategy(),   mwemStrategy(),
        mwemStarStrategy(), uniformStrategy(),      greedyHStrategy(), dawaStrategy(),       ahpStrategy(),
        efpaStrategy(),     phpStrategy(),          hb2dStrategy(),    privelet2dStrategy(),
    };
    return entries;
}

Result<HistogramResult> runHistogramStrategy(const std::string& id, const HistogramRun& run) {
    auto entry = findInCatalogue(histogramStrategyEntries(), id, "histogram strategy");
    if (!entry) return entry.status();
    if (!run.ctx.random) return Status::internal("a histogram strategy ran without the gate's random source");
    auto r = (*entry)->release(run);
    if (r) r->strategy = id;
    return r;
}

Status checkHistogramStrategy(const std::string& id, const ParameterValues& options, bool teaching) {
    auto entry = findInCatalogue(histogramStrategyEntries(), id, "histogram strategy");
    if (!entry) return entry.status();
    return (*entry)->admissible ? (*entry)->admissible(options, teaching) : Status::ok();
}

}  // namespace detail

const std::vector<AlgorithmInfo>& histogramStrategies() {
    static const std::vector<AlgorithmInfo> infos = [] {
        std::vector<AlgorithmInfo> out;
        for (const auto& e : detail::histogramStrategyEntries())
            if (!e.planar) out.push_back(e.info);
        return out;
    }();
    return infos;
}

const std::vector<AlgorithmInfo>& planarHistogramStrategies() {
    static const std::vector<AlgorithmInfo> infos = [] {
        std::vector<AlgorithmInfo> out;
        for (const auto& e : detail::histogramStrategyEntries())
            if (e.planar) out.push_back(e.info);
        return out;
    }();
    return infos;
}

const std::vector<AlgorithmInfo>& gridHistogramStrategies() {
    static const std::vector<AlgorithmInfo> infos = [] {
        std::vector<AlgorithmInfo> out;
        for (const auto& e : detail::histogramStrategyEntries())
            if (e.cellwise || e.planar || e.gridToo) out.push_back(e.info);
        return out;
    }();
    return infos;
}

bool histogramStrategyIsCellwise(const std::string& id) {
    auto entry = findInCatalogue(detail::histogramStrategyEntries(), id, "histogram strategy");
    return entry && (*entry)->cellwise;
}

bool histogramStrategyIsPlanar(const std::string& id) {
    auto entry = findInCatalogue(detail::histogramStrategyEntries(), id, "histogram strategy");
    return entry && (*entry)->planar;
}

bool histogramStrategyTakesGrid(const std::string& id) {
    auto entry = findInCatalogue(detail::histogramStrategyEntries(), id, "histogram strategy");
    return entry && ((*entry)->planar || (*entry)->gridToo);
}

Result<const AlgorithmInfo*> findHistogramStrategy(const std::string& id) {
    auto entry = findInCatalogue(detail::histogramStrategyEntries(), id, "histogram strategy");
    if (!entry) return entry.status();
    return &(*entry)->info;
}

}  // namespace veil::dp
