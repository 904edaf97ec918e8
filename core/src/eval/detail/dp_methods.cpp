// Count and median methods: the dp engine's mechanisms applied to the records of a histogram
// (seed 002/004 "Laplace mechanism", "Geometric mechanism", "Exponential Mechanism, Example 2:
// Median"; Nissim, Raskhodnikova, Smith STOC 2007 for the smooth-sensitivity median).
#include "methods.h"

#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/geometric_mechanism.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/smooth_sensitivity.h"

#include <cmath>

namespace veil::eval::detail {

namespace {

// Prepared records of a 1-D histogram (bin indices), shared by the trials of median methods.
struct Records {
    std::vector<double> values;
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
        auto r = std::make_shared<Records>();
        r->values = histogramRecords(in.data);
        if (r->values.empty()) return Status::invalidArgument(id + ": the histogram holds no records");
        return std::shared_ptr<const void>(std::move(r));
    };
}

const std::vector<double>& records(const TrialInput& in) { return static_cast<const Records*>(in.prepared)->values; }

// One release of a quantile mechanism built by `created` on the trial's records.
template <typename Mechanism>
Result<std::vector<double>> releaseOnRecords(Result<Mechanism> created, const TrialInput& in, RandomSource& rng) {
    if (!created) return created.status();
    auto v = created->release(rng, records(in));
    if (!v) return v.status();
    return std::vector<double>{*v};
}

double upperBin(const TrialInput& in) { return static_cast<double>(in.data.columns - 1); }

}  // namespace

void addCountMethods(std::vector<MethodInfo>& out) {
    MethodInfo laplace;
    laplace.id = "count:laplace";
    laplace.module = "dp";
    laplace.description = "number of records + Laplace(1/epsilon) noise (snapped)";
    laplace.target = MethodTarget::TotalCount;
    laplace.supports2D = true;
    laplace.prepare = noOptions(laplace.id);
    laplace.run = [](const TrialInput& in, double epsilon, RandomSource& rng) -> Result<std::vector<double>> {
        auto m = dp::LaplaceMechanism::create(epsilon, 1.0);
        if (!m) return m.status();
        return std::vector<double>{m->release(rng, in.data.total())};
    };
    out.push_back(std::move(laplace));

    MethodInfo geometric;
    geometric.id = "count:geometric";
    geometric.module = "dp";
    geometric.description = "number of records + two-sided geometric noise (alpha = exp(-epsilon))";
    geometric.target = MethodTarget::TotalCount;
    geometric.supports2D = true;
    geometric.prepare = noOptions(geometric.id);
    geometric.run = [](const TrialInput& in, double epsilon, RandomSource& rng) -> Result<std::vector<double>> {
        auto m = dp::GeometricMechanism::create(epsilon, 1);
        if (!m) return m.status();
        return std::vector<double>{static_cast<double>(m->release(rng, std::llround(in.data.total())))};
    };
    out.push_back(std::move(geometric));
}

void addMedianMethods(std::vector<MethodInfo>& out) {
    MethodInfo em;
    em.id = "median:exponential";
    em.module = "dp";
    em.description = "exponential-mechanism median over the bin range (intervals between records)";
    em.target = MethodTarget::Median;
    em.prepare = recordsPrepare(em.id);
    em.run = [](const TrialInput& in, double epsilon, RandomSource& rng) -> Result<std::vector<double>> {
        return releaseOnRecords(dp::ExponentialQuantile::create(epsilon, 0.5, 0.0, upperBin(in)), in, rng);
    };
    out.push_back(std::move(em));

    MethodInfo smooth;
    smooth.id = "median:smooth";
    smooth.module = "dp";
    smooth.description = "median + Laplace noise scaled to its smooth sensitivity ((epsilon, delta)-DP)";
    smooth.target = MethodTarget::Median;
    smooth.needsDelta = true;
    smooth.prepare = recordsPrepare(smooth.id);
    smooth.run = [](const TrialInput& in, double epsilon, RandomSource& rng) -> Result<std::vector<double>> {
        return releaseOnRecords(dp::SmoothSensitivityQuantile::create(epsilon, in.delta, 0.5, 0.0, upperBin(in)), in, rng);
    };
    out.push_back(std::move(smooth));

    MethodInfo hist;
    hist.id = "median:histogram";
    hist.module = "dp";
    hist.description = "median bin of a Laplace-noised histogram (first bin whose noisy cumulative count reaches half the noisy total)";
    hist.target = MethodTarget::Median;
    hist.prepare = noOptions(hist.id);
    hist.run = [](const TrialInput& in, double epsilon, RandomSource& rng) -> Result<std::vector<double>> {
        // Add/remove one record changes one bin by 1: L1 sensitivity 1, parallel composition.
        auto m = dp::LaplaceMechanism::create(epsilon, 1.0);
        if (!m) return m.status();
        HistogramData noisy = in.data;
        for (double& c : noisy.counts) c = m->release(rng, c);  // no clamping: it would bias the median
        return std::vector<double>{medianBin(noisy)};
    };
    out.push_back(std::move(hist));
}

}  // namespace veil::eval::detail
