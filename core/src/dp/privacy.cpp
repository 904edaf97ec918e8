// Neighbouring notions, parameter validation and noise descriptions (Dwork & Roth 2014, ch. 3).
#include "veil/dp/privacy.h"

#include "veil/common/validate.h"
#include "veil/dp/stats.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace veil::dp {

const char* neighbouringName(Neighbouring n) { return n == Neighbouring::AddRemove ? "add-remove" : "replace"; }

Status validateEpsilon(double epsilon) {
    if (epsilon >= kMinEpsilon && epsilon <= kMaxEpsilon) return Status::ok();
    return Status::invalidArgument("epsilon must be a number in [" + formatNumber(kMinEpsilon) + ", " +
                                   formatNumber(kMaxEpsilon) + "] (got " + formatNumber(epsilon) + ")");
}

Status validateDelta(double delta) {
    if (delta == 0.0 || (delta >= kMinDelta && delta < 1.0)) return Status::ok();
    return Status::invalidArgument("delta must be 0 or a number in [" + formatNumber(kMinDelta) + ", 1) (got " +
                                   formatNumber(delta) + ")");
}

Status validateEpsilonShare(double epsilon, const std::string& name) {
    if (epsilon > 0.0 && epsilon <= kMaxEpsilon) return Status::ok();
    return Status::invalidArgument(name + " must be a positive number at most " + formatNumber(kMaxEpsilon) + " (got " +
                                   formatNumber(epsilon) + ")");
}

Status validateBounds(double lower, double upper) {
    VEIL_RETURN_IF_ERROR(requireFinite(lower, "lower"));
    VEIL_RETURN_IF_ERROR(requireFinite(upper, "upper"));
    return requireOrdered(lower, upper, "lower", "upper");
}

const char* noiseKindName(NoiseKind kind) {
    switch (kind) {
        case NoiseKind::None:
            return "none";
        case NoiseKind::Laplace:
            return "laplace";
        case NoiseKind::DiscreteLaplace:
            return "discrete-laplace";
        case NoiseKind::Gaussian:
            return "gaussian";
        case NoiseKind::DiscreteGaussian:
            return "discrete-gaussian";
    }
    return "none";
}

double NoiseDistribution::density(double x) const {
    switch (kind) {
        case NoiseKind::None:
            return 0.0;
        case NoiseKind::Laplace:
            return std::exp(-std::fabs(x) / scale) / (2.0 * scale);
        case NoiseKind::DiscreteLaplace: {
            const double a = std::exp(-1.0 / scale);
            return (1.0 - a) / (1.0 + a) * std::pow(a, std::fabs(std::round(x)));
        }
        case NoiseKind::Gaussian:
            return std::exp(-x * x / (2.0 * scale * scale)) / (scale * std::sqrt(2.0 * std::numbers::pi));
        case NoiseKind::DiscreteGaussian: {
            const double s2 = scale * scale;
            const double k = std::round(x);
            double z = 0.0;
            const long long r = static_cast<long long>(std::ceil(12.0 * scale)) + 2;
            for (long long y = -r; y <= r; ++y) z += std::exp(-double(y) * double(y) / (2.0 * s2));
            return std::exp(-k * k / (2.0 * s2)) / z;
        }
    }
    return 0.0;
}

double NoiseDistribution::standardDeviation() const {
    switch (kind) {
        case NoiseKind::None:
            return 0.0;
        case NoiseKind::Laplace:
            return std::sqrt(2.0) * scale;
        case NoiseKind::DiscreteLaplace: {
            const double a = std::exp(-1.0 / scale);
            return std::sqrt(2.0 * a) / (1.0 - a);
        }
        case NoiseKind::Gaussian:
        case NoiseKind::DiscreteGaussian:
            return scale;  // the discrete one's variance is <= sigma^2
    }
    return 0.0;
}

double NoiseDistribution::halfWidth(double confidence) const {
    switch (kind) {
        case NoiseKind::None:
            return 0.0;
        case NoiseKind::Laplace:
            return stats::laplaceHalfWidth(scale, confidence);
        case NoiseKind::DiscreteLaplace:
            return double(stats::discreteLaplaceHalfWidth(scale, confidence));
        case NoiseKind::Gaussian:
            return stats::gaussianHalfWidth(scale, confidence);
        case NoiseKind::DiscreteGaussian:
            return std::ceil(stats::gaussianHalfWidth(scale, confidence));
    }
    return 0.0;
}

std::vector<std::pair<double, double>> densityCurve(const NoiseDistribution& noise, double centre, int points) {
    std::vector<std::pair<double, double>> out;
    if (noise.kind == NoiseKind::None || points < 2) return out;
    const double w = noise.halfWidth(0.999);
    if (noise.isDiscrete()) {
        const long long half = std::min<long long>(static_cast<long long>(w), points / 2);
        for (long long k = -half; k <= half; ++k) out.emplace_back(centre + double(k), noise.density(double(k)));
        return out;
    }
    for (int i = 0; i < points; ++i) {
        const double x = -w + 2.0 * w * i / (points - 1);
        out.emplace_back(centre + x, noise.density(x));
    }
    return out;
}

}  // namespace veil::dp
