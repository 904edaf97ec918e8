// Privacy models for syntactic anonymization, combinable: k-anonymity (Samarati & Sweeney 1998),
// l-diversity distinct / entropy / recursive (c,l) (Machanavajjhala et al., ICDE 2006),
// t-closeness with equal, ordered and hierarchical ground distance (Li et al., ICDE 2007) and
// delta-presence (Nergiz et al., SIGMOD 2007). See seed 004, slides "k-Anonymization",
// "l-Diversity", "t-Closeness".
#pragma once

#include "veil/common/status.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace veil::anonymity {

enum class LDiversityVariant { Distinct, Entropy, Recursive };
struct LDiversity {
    LDiversityVariant variant = LDiversityVariant::Distinct;
    double l = 2;  // distinct / recursive: an integer >= 2; entropy: any value >= 1
    double c = 1;  // recursive (c,l) only
};

enum class TClosenessVariant { EqualDistance, OrderedDistance, HierarchicalDistance };
struct TCloseness {
    TClosenessVariant variant = TClosenessVariant::EqualDistance;
    double t = 0.2;  // in [0, 1]
};

// delta-presence: the table is the population, `researchSubset` marks the records that are
// published; every class must have deltaMin <= |subset in class| / |class| <= deltaMax.
struct DeltaPresence {
    double deltaMin = 0.0;
    double deltaMax = 1.0;
    std::vector<bool> researchSubset;  // one flag per record
};

struct PrivacyModels {
    int k = 1;  // 1 = no k-anonymity requirement
    std::optional<LDiversity> lDiversity;
    std::optional<TCloseness> tCloseness;
    std::optional<DeltaPresence> deltaPresence;

    bool needsSensitive() const { return lDiversity.has_value() || tCloseness.has_value(); }
    // A one-line description, e.g. "5-anonymity, entropy-3-diversity, 0.2-closeness (equal)".
    std::string describe() const;
};

// Parses the CLI spellings: "distinct:L", "entropy:L", "recursive:C:L"; "equal:T", "ordered:T",
// "hierarchical:T". Errors name the text and the expected forms.
Result<LDiversity> parseLDiversity(std::string_view text);
Result<TCloseness> parseTCloseness(std::string_view text);
// l is an integer >= 2 (entropy: a number >= 1); recursive also needs c > 0.
Status validateLDiversity(const LDiversity& l);
const char* tClosenessVariantName(TClosenessVariant v);
const char* lDiversityVariantName(LDiversityVariant v);

}  // namespace veil::anonymity
