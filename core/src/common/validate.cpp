#include "veil/common/validate.h"

#include <unordered_set>

#include <charconv>
#include <cmath>

namespace veil {

std::string formatNumber(double value) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, res.ptr);
}

Status requireFinite(double value, const std::string& name) {
    if (!std::isfinite(value))
        return Status::invalidArgument(name + " must be a finite number (got " + formatNumber(value) + ")");
    return Status::ok();
}

Status requirePositiveFinite(double value, const std::string& name) {
    if (!std::isfinite(value) || value <= 0)
        return Status::invalidArgument(name + " must be a positive finite number (got " + formatNumber(value) + ")");
    return Status::ok();
}

Status requireNonNegativeFinite(double value, const std::string& name) {
    if (!std::isfinite(value) || value < 0)
        return Status::invalidArgument(name + " must be a finite number >= 0 (got " + formatNumber(value) + ")");
    return Status::ok();
}

Status requireProbability(double value, const std::string& name) {
    if (!(value >= 0 && value <= 1))
        return Status::invalidArgument(name + " must be in [0, 1] (got " + formatNumber(value) + ")");
    return Status::ok();
}

Status requireHalfOpenProbability(double value, const std::string& name) {
    if (!(value >= 0 && value < 1))
        return Status::invalidArgument(name + " must be in [0, 1) (got " + formatNumber(value) + ")");
    return Status::ok();
}

Status requireOrdered(double lower, double upper, const std::string& lowerName, const std::string& upperName) {
    VEIL_RETURN_IF_ERROR(requireFinite(lower, lowerName));
    VEIL_RETURN_IF_ERROR(requireFinite(upper, upperName));
    if (lower > upper)
        return Status::invalidArgument(lowerName + " (" + formatNumber(lower) + ") must not exceed " + upperName +
                                       " (" + formatNumber(upper) + ")");
    return Status::ok();
}

Status requireAtLeast(long long value, long long minimum, const std::string& name) {
    if (value < minimum)
        return Status::invalidArgument(name + " must be at least " + std::to_string(minimum) + " (got " +
                                       std::to_string(value) + ")");
    return Status::ok();
}

Status requireDistinct(const std::vector<std::string>& values, const std::string& name) {
    std::unordered_set<std::string> seen;
    for (const auto& v : values)
        if (!seen.insert(v).second)
            return Status::invalidArgument(name + ": '" + v + "' is given twice; each must be distinct");
    return Status::ok();
}

}  // namespace veil
