// Laplace mechanism with snapping (Dwork et al. 2006; Mironov CCS 2012 for the snapping).
#include "veil/dp/laplace_mechanism.h"

#include "veil/common/validate.h"
#include "veil/dp/samplers.h"

namespace veil::dp {

Result<LaplaceMechanism> LaplaceMechanism::create(double epsilon, double l1Sensitivity, Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(validateEpsilon(epsilon));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(l1Sensitivity, "sensitivity"));
    return LaplaceMechanism(epsilon, l1Sensitivity, snappedLaplaceScale(l1Sensitivity, epsilon), neighbouring);
}

double LaplaceMechanism::release(RandomSource& rng, double value) const { return addSnappedLaplace(rng, value, m_scale); }

ConfidenceInterval LaplaceMechanism::interval(double released, double confidence) const {
    const double w = noise().halfWidth(confidence);
    return {released - w, released + w, confidence};
}

}  // namespace veil::dp
