#include "veil/anonymity/population_uniqueness.h"

#include "veil/common/validate.h"

#include "anonymity/detail/slide_negative_binomial.h"

#include <cmath>
#include <map>

namespace veil::anonymity {

namespace {

double logChoose(double a, double b) { return std::lgamma(a + 1) - std::lgamma(b + 1) - std::lgamma(a - b + 1); }

// Probability that a population class of size i leaves exactly one record in a simple random
// sample of n out of N: i C(N-i, n-1) / C(N, n).
double oneInSample(double i, double N, double n) {
    if (N - i < n - 1) return 0.0;
    return i * std::exp(logChoose(N - i, n - 1) - logChoose(N, n));
}

// Zayatz (1991), "Estimation of the number of unique population elements using a sample": the
// sample uniques that are population uniques, scaled up to the population by N / n.
std::optional<double> zayatzUniques(const std::map<std::size_t, double>& counts, double N, double n) {
    const auto f1 = counts.find(1);
    if (f1 == counts.end()) return 0.0;
    double total = 0;
    for (const auto& [size, classes] : counts) total += classes * oneInSample(double(size), N, n);
    if (!(total > 0)) return std::nullopt;
    return f1->second * (f1->second * oneInSample(1, N, n)) / total * (N / n);
}

// The gradient of Pitman's log-likelihood (Hoshino 2001, eq. for the MLE) and its Jacobian.
struct PitmanStep {
    double g1 = 0, g2 = 0, j11 = 0, j12 = 0, j22 = 0;
};
PitmanStep pitmanGradient(double t, double a, double u, double n, const std::map<std::size_t, double>& counts) {
    PitmanStep s;
    for (double i = 1; i < u; ++i) {
        const double d = t + i * a;
        s.g1 += 1 / d;
        s.g2 += i / d;
        s.j11 -= 1 / (d * d);
        s.j12 -= i / (d * d);
        s.j22 -= i * i / (d * d);
    }
    for (double i = 1; i < n; ++i) {
        s.g1 -= 1 / (t + i);
        s.j11 += 1 / ((t + i) * (t + i));
    }
    for (const auto& [size, classes] : counts)
        for (double j = 1; j < double(size); ++j) {
            s.g2 -= classes / (j - a);
            s.j22 -= classes / ((j - a) * (j - a));
        }
    return s;
}

// Pitman's model (Hoshino 2001, "Applying Pitman's sampling formula to microdata disclosure risk
// assessment"): MLE of (theta, alpha) by damped Newton from Hoshino's moment estimates.
std::optional<double> pitmanUniques(const std::map<std::size_t, double>& counts, double N, double n, double& theta,
                                    double& alpha) {
    const double u = [&] {
        double s = 0;
        for (const auto& c : counts) s += c.second;
        return s;
    }();
    const double f1 = counts.count(1) ? counts.at(1) : 0, f2 = counts.count(2) ? counts.at(2) : 1;
    if (f1 < 2 || u < 2) return std::nullopt;
    const double c = f1 * (f1 - 1) / f2;
    double t = (n * u * c - f1 * (n - 1) * (2 * u + c)) / (2 * f1 * u + f1 * c - n * c);
    double a = (t * (f1 - n) + (n - 1) * f1) / (n * u);
    if (!(a > 0 && a < 1 && t > -a)) a = 0.5, t = 1.0;
    for (int iter = 0; iter < 200; ++iter) {
        const PitmanStep s = pitmanGradient(t, a, u, n, counts);
        const double det = s.j11 * s.j22 - s.j12 * s.j12;
        if (!std::isfinite(det) || det == 0) return std::nullopt;
        double dt = (s.j22 * s.g1 - s.j12 * s.g2) / det, da = (s.j11 * s.g2 - s.j12 * s.g1) / det;
        double step = 1;
        while (step > 1e-12 && !(a - step * da > 0 && a - step * da < 1 && t - step * dt > -(a - step * da))) step /= 2;
        t -= step * dt;
        a -= step * da;
        if (std::abs(step * dt) < 1e-12 * (1 + std::abs(t)) && std::abs(step * da) < 1e-12) break;
    }
    const PitmanStep s = pitmanGradient(t, a, u, n, counts);
    if (!(std::abs(s.g1) < 1e-6 && std::abs(s.g2) < 1e-6 * u)) return std::nullopt;
    theta = t;
    alpha = a;
    const double uniques = std::exp(std::lgamma(t + 1) - std::lgamma(t + a) + a * std::log(N));
    if (!std::isfinite(uniques) || uniques < 0 || uniques > N) return std::nullopt;
    return uniques;
}

// Dankar, El Emam, Neisa & Roffey (2012), "Estimating the re-identification risk of clinical data
// sets", BMC Med Inform Decis Mak 12:66, with ARX's reading of "does not converge": no estimate or 0.
void applyDankarRule(PopulationUniqueness& u) {
    auto usable = [](const std::optional<double>& v) { return v && *v != 0; };
    if (u.sampleUniques == 0) {
        u.dankar = 0.0;
        return;
    }
    auto choose = [&u](const std::optional<double>& v, UniquenessModel model) {
        u.dankar = v;
        if (v) u.dankarModel = model;
    };
    if (u.samplingFraction <= 0.1) {
        if (usable(u.pitman))
            choose(u.pitman, UniquenessModel::Pitman);
        else
            choose(u.zayatz, UniquenessModel::Zayatz);
    } else if (usable(u.snb) && !(u.zayatz && *u.zayatz < *u.snb))
        choose(u.snb, UniquenessModel::Snb);
    else
        choose(u.zayatz, UniquenessModel::Zayatz);
}

}  // namespace

const char* uniquenessModelName(UniquenessModel model) {
    switch (model) {
        case UniquenessModel::Zayatz:
            return "zayatz";
        case UniquenessModel::Pitman:
            return "pitman";
        case UniquenessModel::Snb:
            return "snb";
    }
    return "unknown";
}

const char* uniquenessModelTitle(UniquenessModel model) {
    switch (model) {
        case UniquenessModel::Zayatz:
            return "Zayatz";
        case UniquenessModel::Pitman:
            return "Pitman";
        case UniquenessModel::Snb:
            return "SNB";
    }
    return "unknown";
}

const char* uniquenessModelDescription(UniquenessModel model) {
    switch (model) {
        case UniquenessModel::Zayatz:
            return "Zayatz (1991): takes the sample's class sizes as the population's and asks how likely a sample "
                   "unique is to be unique in the population too, given random sampling.";
        case UniquenessModel::Pitman:
            return "Pitman (Hoshino 2001): fits Pitman's two-parameter sampling formula to the class sizes by "
                   "maximum likelihood and extrapolates the uniques to the population's size.";
        case UniquenessModel::Snb:
            return "SNB (Chen & Keller-McNulty 1998): population classes hold 1 + a negative-binomial number of "
                   "records, fitted to the sample's classes of sizes 1 and 2.";
    }
    return "unknown";
}

const char* dankarRuleDescription() {
    return "Dankar et al. (2012)'s rule chooses a model by the sampling fraction: up to 10% Pitman (Zayatz when "
           "Pitman does not apply), above it the smaller of Zayatz and SNB.";
}

Result<std::size_t> resolvePopulationSize(std::size_t sampleRecords, const PopulationSizeInput& given) {
    if (given.size && *given.size < 1)
        return Status::invalidArgument("the population size must be a positive number of records, got " +
                                       std::to_string(*given.size));
    if (given.size && given.samplingFraction)
        return Status::invalidArgument("give the population size or the sampling fraction, not both");
    std::optional<std::size_t> size;
    if (given.size) size = std::size_t(*given.size);
    if (given.samplingFraction) {
        const double f = *given.samplingFraction;
        if (!(f > 0.0 && f <= 1.0))
            return Status::invalidArgument("the sampling fraction must be in (0, 1], got " + formatNumber(f));
        size = std::size_t(std::llround(double(sampleRecords) / f));
        // A fraction below 1 leaves someone out of the sample: the population is larger, however
        // little (0.95 of 8 records rounds to 8, which would make the sample the population).
        if (f < 1.0 && *size <= sampleRecords) size = sampleRecords + 1;
    }
    if (given.tableRecords) {
        if (size && *size != *given.tableRecords)
            return Status::invalidArgument(std::string("the population table has ") +
                                           std::to_string(*given.tableRecords) + " records, but the " +
                                           (given.size ? "population size given is " + std::to_string(*size)
                                                       : "sampling fraction " + formatNumber(*given.samplingFraction) +
                                                             " gives " + std::to_string(*size)) +
                                           "; give one or make them agree");
        size = *given.tableRecords;
    }
    if (size && *size < sampleRecords)
        return Status::invalidArgument("the population (" + std::to_string(*size) +
                                       " records) is smaller than the sample (" + std::to_string(sampleRecords) +
                                       " records)");
    return size.value_or(0);
}

Result<PopulationUniqueness> estimatePopulationUniqueness(const std::vector<std::size_t>& classSizes,
                                                          std::size_t populationSize) {
    PopulationUniqueness out;
    std::map<std::size_t, double> counts;  // class size -> number of classes of that size
    for (std::size_t s : classSizes) {
        if (s == 0) continue;
        counts[s] += 1;
        out.sampleSize += s;
    }
    if (out.sampleSize == 0) return Status::invalidArgument("population uniqueness: the sample has no records");
    if (populationSize < out.sampleSize)
        return Status::invalidArgument("population uniqueness: the population (" + std::to_string(populationSize) +
                                       ") is smaller than the sample (" + std::to_string(out.sampleSize) + ")");
    out.populationSize = populationSize;
    out.samplingFraction = double(out.sampleSize) / double(populationSize);
    out.sampleUniques = counts.count(1) ? std::size_t(counts.at(1)) : 0;
    if (populationSize == out.sampleSize) {
        // Sampling fraction 1: the sample is the population, and its uniques are the population's.
        // No model is fitted (Pitman's extrapolation N^alpha would overshoot, SNB's fit has no
        // unsampled records to explain); every estimate, and so Dankar's rule, is exact.
        const double exact = double(out.sampleUniques);
        out.zayatz = out.pitman = out.snb = exact;
        applyDankarRule(out);
        return out;
    }
    const double N = double(populationSize), n = double(out.sampleSize);
    out.zayatz = zayatzUniques(counts, N, n);
    out.pitman = pitmanUniques(counts, N, n, out.pitmanTheta, out.pitmanAlpha);
    if (const auto snb = detail::fitSlideNegativeBinomial(counts, out.samplingFraction)) {
        out.snb = snb->uniques;
        out.snbAlpha = snb->alpha;
        out.snbBeta = snb->beta;
        out.snbClasses = snb->classes;
    }
    applyDankarRule(out);
    return out;
}

}  // namespace veil::anonymity
