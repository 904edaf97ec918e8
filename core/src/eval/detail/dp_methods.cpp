// Count and median methods: the dp engine's releases applied to the records of a histogram
// (seed 002/004 "Laplace mechanism", "Geometric mechanism", "Exponential Mechanism, Example 2:
// Median"; Nissim, Raskhodnikova, Smith STOC 2007 for the smooth-sensitivity median), through the
// trial's release gate.
#include "methods.h"

#include "veil/dp/column_query.h"
#include "veil/dp/exact_aggregates.h"
#include "veil/dp/histogram_release.h"

#include <cmath>

namespace veil::eval::detail {

namespace {

// Prepared records of a 1-D histogram (bin indices) as a numeric column, shared by the trials.
struct Records {
    std::shared_ptr<const Column> column;
};

PrepareFunction noOptions(const std::string& id) {
    return [id](const TrialInput& in) -> Result<std::shared_ptr<const void>> {
        VEIL_RETURN_IF_ERROR(checkKnownOptions(in.options, {}, id));
        return std::shared_ptr<const void>();
    };
}

PrepareFunction recordsPrepare(const std::string& id) {
    return [id](const TrialInput& in) -> Result<std::shared_ptr<const void>> {
        VEIL_RETURN_IF_ERROR(checkKnownOptions(in.options, {}, id));
        const std::vector<double> values = histogramRecords(in.data);
        if (values.empty()) return Status::invalidArgument(id + ": the histogram holds no records");
        Column::Builder b("record", ColumnType::Real, values.size());
        for (double v : values) b.appendReal(v);
        auto r = std::make_shared<Records>();
        r->column = b.finish();
        return std::shared_ptr<const void>(std::move(r));
    };
}

const Column& records(const TrialInput& in) { return *static_cast<const Records*>(in.prepared)->column; }

// The total count through the exact-aggregates path (the records need not be materialised).
Result<std::vector<double>> releaseCount(const TrialInput& in, double epsilon, dp::ReleaseGate& gate,
                                         dp::MechanismKind mech) {
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Count;
    spec.mechanism = mech;
    spec.epsilon = epsilon;
    const double total = std::llround(in.data.total());
    auto r = dp::releaseExactAggregates(gate, "records", spec, {{total}, std::size_t(total)}, RunContext{});
    if (!r) return r.status();
    return std::vector<double>{r->releases.front().front()};
}

Result<std::vector<double>> releaseMedian(const TrialInput& in, double epsilon, dp::ReleaseGate& gate,
                                          dp::MechanismKind mech) {
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Median;
    spec.mechanism = mech;
    spec.epsilon = epsilon;
    spec.delta = mech == dp::MechanismKind::SmoothSensitivity ? in.delta : 0.0;
    spec.lower = 0.0;
    spec.upper = static_cast<double>(in.data.columns - 1);
    auto r = dp::releaseColumnQuery(gate, records(in), spec, RunContext{});
    if (!r) return r.status();
    return std::vector<double>{r->releases.front().front()};
}

MethodInfo countMethod(const char* id, const char* description, dp::MechanismKind mech) {
    MethodInfo m;
    m.id = id;
    m.module = "dp";
    m.description = description;
    m.target = MethodTarget::TotalCount;
    m.supports2D = true;
    m.prepare = noOptions(m.id);
    m.run = [mech](const TrialInput& in, double epsilon, dp::ReleaseGate& gate) {
        return releaseCount(in, epsilon, gate, mech);
    };
    return m;
}

MethodInfo medianMethod(const char* id, const char* description, dp::MechanismKind mech, bool needsDelta) {
    MethodInfo m;
    m.id = id;
    m.module = "dp";
    m.description = description;
    m.target = MethodTarget::Median;
    m.needsDelta = needsDelta;
    m.prepare = recordsPrepare(m.id);
    m.run = [mech](const TrialInput& in, double epsilon, dp::ReleaseGate& gate) {
        return releaseMedian(in, epsilon, gate, mech);
    };
    return m;
}

}  // namespace

void addCountMethods(std::vector<MethodInfo>& out) {
    out.push_back(countMethod("count:laplace", "number of records + Laplace(1/epsilon) noise (snapped)",
                              dp::MechanismKind::Laplace));
    out.push_back(countMethod("count:geometric",
                              "number of records + two-sided geometric noise (alpha = exp(-epsilon))",
                              dp::MechanismKind::Geometric));
}

void addMedianMethods(std::vector<MethodInfo>& out) {
    out.push_back(medianMethod("median:exponential",
                               "exponential-mechanism median over the bin range (intervals between records)",
                               dp::MechanismKind::Exponential, false));
    out.push_back(medianMethod("median:smooth",
                               "median + Laplace noise scaled to its smooth sensitivity ((epsilon, delta)-DP)",
                               dp::MechanismKind::SmoothSensitivity, true));

    MethodInfo hist;
    hist.id = "median:histogram";
    hist.module = "dp";
    hist.description =
        "median bin of a Laplace-noised histogram (first bin whose noisy cumulative count reaches half the noisy "
        "total)";
    hist.target = MethodTarget::Median;
    hist.prepare = noOptions(hist.id);
    hist.run = [](const TrialInput& in, double epsilon, dp::ReleaseGate& gate) -> Result<std::vector<double>> {
        // Add/remove one record changes one bin by 1: the identity strategy (no clamping: it would bias the median).
        dp::HistogramRequest request;
        request.epsilon = epsilon;
        request.what = "histogram of the records";
        auto released = dp::releaseHistogram(gate, in.data.counts, request, RunContext{});
        if (!released) return released.status();
        HistogramData noisy = in.data;
        noisy.counts = released->estimate;
        return std::vector<double>{medianBin(noisy)};
    };
    out.push_back(std::move(hist));
}

}  // namespace veil::eval::detail
