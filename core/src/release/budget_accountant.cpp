// Composition theorems (Dwork & Roth 2014, Theorems 3.16 and 3.20; McSherry 2009 for parallel).
#include "veil/release/budget_accountant.h"

#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace veil::release {

Status validateSpend(const PrivacySpend& s) {
    VEIL_RETURN_IF_ERROR(requireNonNegativeFinite(s.epsilon, "epsilon"));
    return requireHalfOpenProbability(s.delta, "delta");
}

PrivacySpend sequentialComposition(const std::vector<PrivacySpend>& spends) {
    PrivacySpend t;
    for (const auto& s : spends) {
        t.epsilon += s.epsilon;
        t.delta += s.delta;
    }
    t.delta = std::min(t.delta, 1.0);
    return t;
}

PrivacySpend parallelComposition(const std::vector<PrivacySpend>& spends) {
    PrivacySpend t;
    for (const auto& s : spends) {
        t.epsilon = std::max(t.epsilon, s.epsilon);
        t.delta = std::max(t.delta, s.delta);
    }
    return t;
}

PrivacySpend advancedComposition(double epsilon, double delta, long long k, double deltaPrime) {
    const double kk = double(k);
    return {std::sqrt(2.0 * kk * std::log(1.0 / deltaPrime)) * epsilon + kk * epsilon * std::expm1(epsilon),
            std::min(1.0, kk * delta + deltaPrime)};
}

const char* compositionRuleName(CompositionRule r) { return r == CompositionRule::Basic ? "basic" : "advanced"; }

Result<BudgetAccountant> BudgetAccountant::create(PrivacySpend total, CompositionRule rule, double advancedDeltaPrime) {
    VEIL_RETURN_IF_ERROR(validateSpend(total));
    if (rule == CompositionRule::Advanced && !(advancedDeltaPrime > 0.0 && advancedDeltaPrime < 1.0))
        return Status::invalidArgument("advanced composition needs delta' in (0, 1) (got " + formatNumber(advancedDeltaPrime) + ")");
    return BudgetAccountant(total, rule, advancedDeltaPrime);
}

PrivacySpend BudgetAccountant::spentWith(const std::vector<Entry>& entries) const {
    // Collapse parallel groups to their maximum, then compose the resulting units sequentially.
    std::vector<PrivacySpend> units;
    std::map<std::string, std::vector<PrivacySpend>> groups;
    for (const auto& e : entries) {
        if (e.parallelGroup.empty()) units.push_back(e.cost);
        else groups[e.parallelGroup].push_back(e.cost);
    }
    for (const auto& [name, g] : groups) units.push_back(parallelComposition(g));
    const PrivacySpend basic = sequentialComposition(units);
    if (m_rule == CompositionRule::Basic || units.empty()) return basic;
    const PrivacySpend worst = parallelComposition(units);
    const PrivacySpend adv = advancedComposition(worst.epsilon, worst.delta, static_cast<long long>(units.size()), m_deltaPrime);
    // The advanced bound holds at delta' extra; use it only when it is smaller in epsilon.
    return adv.epsilon < basic.epsilon ? adv : basic;
}

PrivacySpend BudgetAccountant::spent() const { return spentWith(m_entries); }

PrivacySpend BudgetAccountant::remaining() const {
    const PrivacySpend s = spent();
    return {std::max(0.0, m_total.epsilon - s.epsilon), std::max(0.0, m_total.delta - s.delta)};
}

Status BudgetAccountant::check(const PrivacySpend& cost, const std::string& parallelGroup) const {
    VEIL_RETURN_IF_ERROR(validateSpend(cost));
    std::vector<Entry> next = m_entries;
    next.push_back({cost, parallelGroup});
    const PrivacySpend after = spentWith(next);
    // A tiny relative slack absorbs floating-point sums like 0.1 + 0.2.
    const double slack = 1e-12;
    if (after.epsilon > m_total.epsilon * (1 + slack) + slack || after.delta > m_total.delta * (1 + slack) + 1e-300) {
        const PrivacySpend left = remaining();
        return Status::budgetExceeded("release refused: it needs epsilon " + formatNumber(cost.epsilon) +
                                      (cost.delta > 0 ? ", delta " + formatNumber(cost.delta) : std::string()) +
                                      " but only epsilon " + formatNumber(left.epsilon) + ", delta " +
                                      formatNumber(left.delta) + " of the budget (epsilon " + formatNumber(m_total.epsilon) +
                                      ", delta " + formatNumber(m_total.delta) + ") is left");
    }
    return Status::ok();
}

Status BudgetAccountant::spend(const PrivacySpend& cost, const std::string& parallelGroup) {
    VEIL_RETURN_IF_ERROR(check(cost, parallelGroup));
    m_entries.push_back({cost, parallelGroup});
    return Status::ok();
}

}  // namespace veil::release
