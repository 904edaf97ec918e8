// Laplace mechanism with snapping (Dwork et al. 2006; Mironov CCS 2012 for the snapping).
#include "veil/dp/laplace_mechanism.h"

#include "veil/common/validate.h"
#include "dp/detail/samplers.h"

#include <cmath>

namespace veil::dp {

Result<LaplaceMechanism> LaplaceMechanism::create(double epsilon, double l1Sensitivity, Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(l1Sensitivity, "sensitivity"));
    const double scale = detail::snappedLaplaceScale(l1Sensitivity, epsilon);
    if (!(scale >= kMinNoiseScale && scale <= kMaxNoiseScale))
        return Status::invalidArgument(
            "the Laplace noise scale sensitivity / epsilon = " + formatNumber(l1Sensitivity) + " / " +
            formatNumber(epsilon) + " is outside the supported range [" + formatNumber(kMinNoiseScale) + ", " +
            formatNumber(kMaxNoiseScale) + "]");
    auto lattice = detail::laplaceLattice(scale);
    if (!lattice) return lattice.status();
    LaplaceMechanism m(epsilon, l1Sensitivity, scale, neighbouring);
    m.m_granularity = lattice->granularity;
    m.m_latticeNum = lattice->num;
    m.m_latticeShift = lattice->shift;
    return m;
}

Result<LaplaceMechanism> LaplaceMechanism::createOnPublicLattice(double epsilon, double l1Sensitivity,
                                                                 double maxSensitivity, Neighbouring neighbouring) {
    auto bound = create(epsilon, maxSensitivity, neighbouring);
    if (!bound) return bound.status();
    if (!(l1Sensitivity > 0.0 && l1Sensitivity <= maxSensitivity))
        return Status::invalidArgument("the data-dependent sensitivity is not in (0, its public bound]");
    const double g = bound->m_granularity;
    auto lattice = detail::laplaceLatticeOn((l1Sensitivity + g) / epsilon, g);
    if (!lattice) return lattice.status();
    LaplaceMechanism m(epsilon, l1Sensitivity, g * std::ldexp(double(lattice->num), -lattice->shift), neighbouring);
    m.m_granularity = g;
    m.m_latticeNum = lattice->num;
    m.m_latticeShift = lattice->shift;
    return m;
}

Result<double> LaplaceMechanism::release(RandomSource& rng, double value) const {
    return detail::addSnappedLaplace(rng, value, {m_granularity, m_latticeNum, m_latticeShift});
}

Status LaplaceMechanism::releaseInPlace(RandomSource& rng, std::span<double> values) const {
    return detail::addSnappedLaplaceToAll(rng, values, {m_granularity, m_latticeNum, m_latticeShift});
}

ConfidenceInterval LaplaceMechanism::interval(double released, double confidence) const {
    const double w = noise().halfWidth(confidence);
    return {released - w, released + w, confidence};
}

}  // namespace veil::dp
