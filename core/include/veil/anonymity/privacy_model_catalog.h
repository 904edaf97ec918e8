// The privacy models as a steward reads them: for k-anonymity, every l-diversity and t-closeness
// variant and delta-presence, a human name and a one-line explanation of what the model promises.
// One place for the Anonymize view's model rows, the CLI's help and reports (metric_catalog.h is
// the same for the utility metrics). Sources: Samarati & Sweeney 1998; Machanavajjhala et al.,
// ICDE 2006 (Definitions 3.1-4.2); Li, Li, Venkatasubramanian, ICDE 2007 (Section 4); Nergiz,
// Atzori, Clifton, SIGMOD 2007.
#pragma once

#include "veil/anonymity/privacy_model.h"

#include <string_view>

namespace veil::anonymity {

struct PrivacyModelInfo {
    std::string_view title;        // e.g. "Entropy l-diversity"
    std::string_view description;  // one line, for a tooltip or --help
};

inline constexpr PrivacyModelInfo kKAnonymityInfo = {
    "k-anonymity",
    "Every released record shares its quasi-identifiers with at least k-1 others, so a record is singled out "
    "with probability at most 1/k."};

inline constexpr PrivacyModelInfo kDeltaPresenceInfo = {
    "delta-presence",
    "Whether a person of the population is in the published subset can be inferred with a probability "
    "between delta-min and delta-max only."};

constexpr PrivacyModelInfo lDiversityInfo(LDiversityVariant v) {
    switch (v) {
        case LDiversityVariant::Distinct:
            return {"Distinct l-diversity",
                    "Every class holds at least l different sensitive values, so its records cannot all be "
                    "linked to one value."};
        case LDiversityVariant::Entropy:
            return {"Entropy l-diversity",
                    "The sensitive values of every class have an entropy of at least log(l): no value dominates "
                    "its class (stronger than distinct)."};
        case LDiversityVariant::Recursive:
            break;
    }
    return {"Recursive (c,l)-diversity",
            "In every class the most frequent sensitive value occurs fewer than c times as often as the values "
            "from the l-th most frequent on together: common values cannot crowd out the rare ones."};
}

constexpr PrivacyModelInfo tClosenessInfo(TClosenessVariant v) {
    switch (v) {
        case TClosenessVariant::EqualDistance:
            return {"t-closeness, equal distance",
                    "Every class's distribution of the sensitive attribute is within t of the whole table's "
                    "(earth mover's distance, every two values 1 apart): a class tells little more than the table."};
        case TClosenessVariant::OrderedDistance:
            return {"t-closeness, ordered distance",
                    "As equal distance, but two values are their rank difference over (m - 1) apart: for numeric "
                    "or ordinal attributes, where near values matter less."};
        case TClosenessVariant::HierarchicalDistance:
            break;
    }
    return {"t-closeness, hierarchical distance",
            "As equal distance, but two values are as far apart as the height of their lowest common ancestor "
            "in the attribute's hierarchy: for categorical attributes with a hierarchy."};
}

}  // namespace veil::anonymity
