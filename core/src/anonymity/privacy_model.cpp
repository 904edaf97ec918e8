#include "veil/anonymity/privacy_model.h"

#include "veil/common/validate.h"

#include <charconv>
#include <cmath>

namespace veil::anonymity {

namespace {

std::vector<std::string_view> splitColon(std::string_view text) {
    std::vector<std::string_view> parts;
    std::size_t pos = 0;
    while (true) {
        const auto c = text.find(':', pos);
        parts.push_back(text.substr(pos, c == std::string_view::npos ? std::string_view::npos : c - pos));
        if (c == std::string_view::npos) break;
        pos = c + 1;
    }
    return parts;
}

bool number(std::string_view s, double& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && std::isfinite(out);
}

}  // namespace

const char* lDiversityVariantName(LDiversityVariant v) {
    switch (v) {
        case LDiversityVariant::Distinct:
            return "distinct";
        case LDiversityVariant::Entropy:
            return "entropy";
        case LDiversityVariant::Recursive:
            return "recursive";
    }
    return "?";
}

const char* tClosenessVariantName(TClosenessVariant v) {
    switch (v) {
        case TClosenessVariant::EqualDistance:
            return "equal";
        case TClosenessVariant::OrderedDistance:
            return "ordered";
        case TClosenessVariant::HierarchicalDistance:
            return "hierarchical";
    }
    return "?";
}

std::string PrivacyModels::describe() const {
    std::string out = std::to_string(k) + "-anonymity";
    if (lDiversity) {
        out.append(", ").append(lDiversityVariantName(lDiversity->variant)).append(" ");
        if (lDiversity->variant == LDiversityVariant::Recursive)
            out.append("(")
                .append(formatNumber(lDiversity->c))
                .append(",")
                .append(formatNumber(lDiversity->l))
                .append(")");
        else
            out.append(formatNumber(lDiversity->l));
        out += "-diversity";
    }
    if (tCloseness)
        out.append(", ")
            .append(formatNumber(tCloseness->t))
            .append("-closeness (")
            .append(tClosenessVariantName(tCloseness->variant))
            .append(")");
    if (deltaPresence)
        out.append(", (")
            .append(formatNumber(deltaPresence->deltaMin))
            .append(",")
            .append(formatNumber(deltaPresence->deltaMax))
            .append(")-presence");
    return out;
}

Result<LDiversity> parseLDiversity(std::string_view text) {
    const auto parts = splitColon(text);
    const std::string expected = " (expected distinct:L, entropy:L or recursive:C:L)";
    LDiversity ld;
    if (parts[0] == "distinct" || parts[0] == "entropy") {
        ld.variant = parts[0] == "distinct" ? LDiversityVariant::Distinct : LDiversityVariant::Entropy;
        if (parts.size() != 2 || !number(parts[1], ld.l))
            return Status::invalidArgument("bad l-diversity '" + std::string(text) + "'" + expected);
    } else if (parts[0] == "recursive") {
        ld.variant = LDiversityVariant::Recursive;
        if (parts.size() != 3 || !number(parts[1], ld.c) || !number(parts[2], ld.l))
            return Status::invalidArgument("bad l-diversity '" + std::string(text) + "'" + expected);
    } else {
        return Status::invalidArgument("unknown l-diversity variant '" + std::string(parts[0]) + "'" + expected);
    }
    VEIL_RETURN_IF_ERROR(validateLDiversity(ld));
    return ld;
}

Status validateLDiversity(const LDiversity& l) {
    const bool entropy = l.variant == LDiversityVariant::Entropy;
    if (!std::isfinite(l.l) || l.l < (entropy ? 1.0 : 2.0) || (!entropy && l.l != std::floor(l.l)))
        return Status::invalidArgument("l must be an integer >= 2 (entropy: a number >= 1), got " + formatNumber(l.l));
    if (l.variant == LDiversityVariant::Recursive) VEIL_RETURN_IF_ERROR(requirePositiveFinite(l.c, "c"));
    return Status::ok();
}

Result<TCloseness> parseTCloseness(std::string_view text) {
    const auto parts = splitColon(text);
    const std::string expected = " (expected equal:T, ordered:T or hierarchical:T)";
    TCloseness tc;
    if (parts[0] == "equal")
        tc.variant = TClosenessVariant::EqualDistance;
    else if (parts[0] == "ordered")
        tc.variant = TClosenessVariant::OrderedDistance;
    else if (parts[0] == "hierarchical")
        tc.variant = TClosenessVariant::HierarchicalDistance;
    else
        return Status::invalidArgument("unknown t-closeness variant '" + std::string(parts[0]) + "'" + expected);
    if (parts.size() != 2 || !number(parts[1], tc.t))
        return Status::invalidArgument("bad t-closeness '" + std::string(text) + "'" + expected);
    VEIL_RETURN_IF_ERROR(requireProbability(tc.t, "t"));
    return tc;
}

}  // namespace veil::anonymity
