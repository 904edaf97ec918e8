// Privacy budget accounting: sequential and parallel composition (seed 004, "Sequential
// Composition" / "Parallel Composition"), basic (eps, delta) composition and advanced composition
// (Dwork, Rothblum, Vadhan 2010; Dwork & Roth 2014, Theorem 3.20), and a per-dataset total
// budget that refuses a release which would exceed it.
#pragma once

#include "veil/common/status.h"

#include <string>
#include <vector>

namespace veil::release {

struct PrivacySpend {
    double epsilon = 0.0;
    double delta = 0.0;
};

// Errors: epsilon negative/NaN/infinite, delta outside [0, 1).
Status validateSpend(const PrivacySpend& s);

// Sequential: eps and delta add up.
PrivacySpend sequentialComposition(const std::vector<PrivacySpend>& spends);
// Parallel (releases on disjoint parts of the data): the maximum eps and delta.
PrivacySpend parallelComposition(const std::vector<PrivacySpend>& spends);
// k-fold adaptive composition of (eps, delta) mechanisms is (eps', k delta + deltaPrime)-DP with
// eps' = sqrt(2 k ln(1/deltaPrime)) eps + k eps (e^eps - 1). deltaPrime in (0, 1).
PrivacySpend advancedComposition(double epsilon, double delta, long long k, double deltaPrime);

enum class CompositionRule { Basic, Advanced };
const char* compositionRuleName(CompositionRule r);  // "basic", "advanced"

// Tracks what was spent on one dataset against its total budget. Releases in the same parallel
// group (disjoint partitions of the data) count once, at their maximum.
class BudgetAccountant {
public:
    // Errors: invalid total; advanced rule with deltaPrime not in (0, 1).
    static Result<BudgetAccountant> create(PrivacySpend total, CompositionRule rule = CompositionRule::Basic,
                                           double advancedDeltaPrime = 1e-6);

    PrivacySpend total() const { return m_total; }
    // Spent so far under the rule (Advanced: the smaller of the basic sum and the advanced bound
    // for k releases at the largest eps and delta seen, which is valid for heterogeneous releases).
    PrivacySpend spent() const;
    PrivacySpend remaining() const;
    // Ok, or BudgetExceeded naming what would be spent and what is left.
    Status check(const PrivacySpend& cost, const std::string& parallelGroup = {}) const;
    // check() then record. parallelGroup: empty for a sequential release.
    Status spend(const PrivacySpend& cost, const std::string& parallelGroup = {});

    struct Entry {
        PrivacySpend cost;
        std::string parallelGroup;
    };
    const std::vector<Entry>& entries() const { return m_entries; }
    // The accountant with these past entries (e.g. loaded from a ledger).
    void restore(std::vector<Entry> entries) { m_entries = std::move(entries); }

private:
    BudgetAccountant(PrivacySpend total, CompositionRule rule, double dp) : m_total(total), m_rule(rule), m_deltaPrime(dp) {}
    PrivacySpend spentWith(const std::vector<Entry>& entries) const;
    PrivacySpend m_total;
    CompositionRule m_rule;
    double m_deltaPrime;
    std::vector<Entry> m_entries;
};

}  // namespace veil::release
