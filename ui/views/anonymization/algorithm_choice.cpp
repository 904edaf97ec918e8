#include "views/anonymization/algorithm_choice.h"

#include <QObject>

#include <algorithm>

namespace veil::ui {

using anonymity::Algorithm;

QString algorithmTitle(Algorithm a) {
    switch (a) {
        case Algorithm::Optimal:
            return QObject::tr("Optimal (full-domain)");
        case Algorithm::LocalRecoding:
            return QObject::tr("Local recoding (ARX)");
        case Algorithm::Mondrian:
            return QObject::tr("Mondrian (multidimensional)");
        case Algorithm::Mdav:
            return QObject::tr("MDAV microaggregation (numeric QIs)");
        case Algorithm::None:
            return QObject::tr("None (suppression only)");
    }
    return {};
}

QString algorithmToolTip(Algorithm a) {
    switch (a) {
        case Algorithm::Optimal:
            return QObject::tr(
                "Searches the lattice for the one level per quasi-identifier, for all records, that "
                "loses least");
        case Algorithm::LocalRecoding:
            return QObject::tr(
                "The optimal search, repeated on the records it suppressed: records may end up at "
                "different levels");
        case Algorithm::Mondrian:
            return QObject::tr(
                "Cuts the records into boxes of at least k along the quasi-identifiers; each box is "
                "released as its ranges");
        case Algorithm::Mdav:
            return QObject::tr(
                "Groups at least k records by distance on the numeric quasi-identifiers and "
                "releases each group's mean (k-anonymity only)");
        case Algorithm::None:
            return QObject::tr(
                "No generalization: choose a local suppression, which replaces single cells by '*' "
                "until every record matches k (k-anonymity only)");
    }
    return {};
}

const char* algorithmPlanName(Algorithm a) { return anonymity::algorithmName(a); }

std::optional<Algorithm> algorithmFromPlanName(const std::string& name) {
    const auto a = anonymity::algorithmFromName(name);
    if (a && std::find(kOfferedAlgorithms.begin(), kOfferedAlgorithms.end(), *a) != kOfferedAlgorithms.end()) return a;
    return std::nullopt;
}

bool algorithmTakesLocalSuppression(Algorithm a) { return anonymity::acceptsLocalSuppression(a); }

bool releaseMixesLevels(const anonymity::AnonymizationResult& r) {
    return r.algorithm == Algorithm::LocalRecoding || r.localSuppression.has_value();
}

}  // namespace veil::ui
