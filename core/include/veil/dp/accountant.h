// Privacy accounting: what a sequence of releases on one dataset has spent, against its budget.
// Releases are recorded in their own units (PrivacySpend: pure epsilon, (epsilon, delta), or rho for
// zero-concentrated DP) and composed along every valid route; the accountant reports the route
// with the smallest epsilon whose delta fits the budget:
// - basic:    epsilons and deltas add up (Dwork & Roth 2014, Theorem 3.16);
// - zCDP:     rho adds up (Bun & Steinke 2016, Lemma 2.3); pure-epsilon releases may join as
//             epsilon^2/2-zCDP (ibid., Prop. 1.4); the total rho becomes (epsilon, delta)-DP by
//             Canonne, Kamath & Steinke 2020, Corollary 13, at the delta the rho releases asked for;
// - advanced: k-fold advanced composition (Dwork, Rothblum, Vadhan 2010; Dwork & Roth Thm 3.20),
//             when the dataset's rule allows its extra delta'.
// Releases in one parallel group (disjoint partitions of the data, McSherry 2009) count once, at
// their maximum in every unit.
#pragma once

#include "veil/common/status.h"
#include "veil/dp/privacy.h"

#include <string>
#include <vector>

namespace veil::dp {

// Errors: epsilon or rho negative, NaN or infinite; delta outside [0, 1).
Status validateSpend(const PrivacySpend& s);

// Sequential: every unit adds up (delta capped at 1).
PrivacySpend sequentialComposition(const std::vector<PrivacySpend>& spends);
// Parallel (releases on disjoint parts of the data): the maximum of each unit.
PrivacySpend parallelComposition(const std::vector<PrivacySpend>& spends);
// k-fold adaptive composition of (eps, delta) mechanisms is (eps', k delta + deltaPrime)-DP with
// eps' = sqrt(2 k ln(1/deltaPrime)) eps + k eps (e^eps - 1). deltaPrime in (0, 1).
PrivacySpend advancedComposition(double epsilon, double delta, long long k, double deltaPrime);

// rho-zCDP implies (epsilon, delta)-DP for delta = inf_{a > 1} exp((a-1)(a rho - epsilon)) / (a-1) *
// (1 - 1/a)^a (CKS 2020, Corollary 13). zcdpDelta computes that delta; zcdpEpsilon the smallest
// epsilon for a given delta in (0, 1) (0 when rho is 0). Both O(100) evaluations.
double zcdpDelta(double rho, double epsilon);
double zcdpEpsilon(double rho, double delta);

enum class CompositionRule { Basic, Advanced };
const char* compositionRuleName(CompositionRule r);  // "basic", "advanced"

// The composed total of some releases: the tightest valid (epsilon, delta), the route that gives
// it, and the total rho of the releases that have a zCDP description (all of them, or none: rho
// is then 0 and rhoDefined false).
struct ComposedSpend {
    PrivacySpend total;       // epsilon and delta of the chosen route; rho = the zCDP total
    std::string route;        // "basic", "zcdp", "advanced" or "none"
    bool rhoDefined = false;  // every release is pure or rho-zCDP
};

class BudgetAccountant {
public:
    struct Entry {
        PrivacySpend cost;
        std::string parallelGroup;  // empty: a sequential release
    };

    // Errors: invalid total; advanced rule with deltaPrime not in (0, 1).
    static Result<BudgetAccountant> create(PrivacySpend total, CompositionRule rule = CompositionRule::Basic,
                                           double advancedDeltaPrime = 1e-6);
    // An accountant without a limit (it only adds up what was spent).
    static BudgetAccountant unlimited();

    PrivacySpend total() const { return m_total; }
    bool limited() const { return m_limited; }
    CompositionRule rule() const { return m_rule; }
    // Spent so far: the tightest route whose delta fits the budget.
    PrivacySpend spent() const { return composed().total; }
    ComposedSpend composed() const { return composeEntries(m_entries); }
    PrivacySpend remaining() const;
    // Ok, or BudgetExceeded naming what would be spent and what is left.
    Status check(const PrivacySpend& cost, const std::string& parallelGroup = {}) const;
    // check() then record.
    Status spend(const PrivacySpend& cost, const std::string& parallelGroup = {});

    const std::vector<Entry>& entries() const { return m_entries; }
    // The accountant with these past entries (e.g. loaded from a ledger).
    void restore(std::vector<Entry> entries) { m_entries = std::move(entries); }
    // The composition of `entries` under this accountant's rule and budget.
    ComposedSpend composeEntries(const std::vector<Entry>& entries) const;

private:
    BudgetAccountant(PrivacySpend total, CompositionRule rule, double dp, bool limited)
        : m_total(total), m_rule(rule), m_deltaPrime(dp), m_limited(limited) {}
    PrivacySpend m_total;
    CompositionRule m_rule;
    double m_deltaPrime;
    bool m_limited = true;
    std::vector<Entry> m_entries;
};

}  // namespace veil::dp
