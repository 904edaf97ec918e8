// Composition along the basic, zCDP and advanced routes (Dwork & Roth 2014, Thms 3.16 and 3.20;
// Bun & Steinke 2016, Prop. 1.4 and Lemma 2.3; Canonne, Kamath, Steinke 2020, Corollary 13).
#include "veil/dp/accountant.h"

#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace veil::dp {

Status validateSpend(const PrivacySpend& s) {
    VEIL_RETURN_IF_ERROR(requireNonNegativeFinite(s.epsilon, "epsilon"));
    VEIL_RETURN_IF_ERROR(requireHalfOpenProbability(s.delta, "delta"));
    return requireNonNegativeFinite(s.rho, "rho");
}

PrivacySpend sequentialComposition(const std::vector<PrivacySpend>& spends) {
    PrivacySpend t;
    for (const auto& s : spends) {
        t.epsilon += s.epsilon;
        t.delta += s.delta;
        t.rho += s.rho;
    }
    t.delta = std::min(t.delta, 1.0);
    return t;
}

PrivacySpend parallelComposition(const std::vector<PrivacySpend>& spends) {
    PrivacySpend t;
    for (const auto& s : spends) {
        t.epsilon = std::max(t.epsilon, s.epsilon);
        t.delta = std::max(t.delta, s.delta);
        t.rho = std::max(t.rho, s.rho);
    }
    return t;
}

PrivacySpend advancedComposition(double epsilon, double delta, long long k, double deltaPrime) {
    const double kk = double(k);
    return {std::sqrt(2.0 * kk * std::log(1.0 / deltaPrime)) * epsilon + kk * epsilon * std::expm1(epsilon),
            std::min(1.0, kk * delta + deltaPrime), 0.0};
}

namespace {

// log of the CKS20 Corollary 13 bound at order a > 1.
double logDeltaAt(double rho, double epsilon, double a) {
    return (a - 1.0) * (a * rho - epsilon) + a * std::log1p(-1.0 / a) - std::log(a - 1.0);
}

}  // namespace

double zcdpDelta(double rho, double epsilon) {
    if (!(rho > 0.0)) return 0.0;
    if (!(epsilon >= 0.0)) return 1.0;
    // The bound is convex in a; its minimiser solves (2a - 1) rho - epsilon + log(1 - 1/a) = 0.
    double lo = 1.0 + 1e-12, hi = (epsilon + 1.0) / (2.0 * rho) + 2.0;
    for (int i = 0; i < 80; ++i) {
        const double a = 0.5 * (lo + hi);
        const double derivative = (2.0 * a - 1.0) * rho - epsilon + std::log1p(-1.0 / a);
        if (derivative < 0.0)
            lo = a;
        else
            hi = a;
    }
    const double a = 0.5 * (lo + hi);
    double logDelta = logDeltaAt(rho, epsilon, a);
    // The standard bound exp(-(eps - rho)^2 / (4 rho)) (Bun & Steinke Prop. 1.3) is valid too.
    if (epsilon > rho) logDelta = std::min(logDelta, -(epsilon - rho) * (epsilon - rho) / (4.0 * rho));
    return std::exp(std::min(0.0, logDelta));
}

double zcdpEpsilon(double rho, double delta) {
    if (!(rho > 0.0)) return 0.0;
    if (!(delta > 0.0)) return std::numeric_limits<double>::infinity();
    if (delta >= 1.0) return 0.0;
    double lo = 0.0, hi = rho + 2.0 * std::sqrt(rho * std::log(1.0 / delta));  // valid by Prop. 1.3
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (zcdpDelta(rho, mid) <= delta)
            hi = mid;
        else
            lo = mid;
    }
    return hi;  // the upper end: zcdpDelta(rho, hi) <= delta
}

const char* compositionRuleName(CompositionRule r) { return r == CompositionRule::Basic ? "basic" : "advanced"; }

Result<BudgetAccountant> BudgetAccountant::create(PrivacySpend total, CompositionRule rule, double advancedDeltaPrime) {
    VEIL_RETURN_IF_ERROR(validateSpend(total));
    if (rule == CompositionRule::Advanced && !(advancedDeltaPrime > 0.0 && advancedDeltaPrime < 1.0))
        return Status::invalidArgument("advanced composition needs delta' in (0, 1) (got " +
                                       formatNumber(advancedDeltaPrime) + ")");
    return BudgetAccountant(total, rule, advancedDeltaPrime, true);
}

BudgetAccountant BudgetAccountant::unlimited() {
    return BudgetAccountant({std::numeric_limits<double>::infinity(), 1.0, 0.0}, CompositionRule::Basic, 1e-6, false);
}

namespace {

enum class UnitKind { Pure, Zcdp, Approx };

struct Unit {
    PrivacySpend spend;
    UnitKind kind = UnitKind::Pure;
    double zcdpRho() const { return kind == UnitKind::Zcdp ? spend.rho : spend.epsilon * spend.epsilon / 2.0; }
};

UnitKind kindOf(const PrivacySpend& s) {
    if (s.rho > 0.0) return UnitKind::Zcdp;
    return s.delta > 0.0 ? UnitKind::Approx : UnitKind::Pure;
}

// Parallel groups collapse to one unit: the maximum in every unit of measure.
std::vector<Unit> unitsOf(const std::vector<BudgetAccountant::Entry>& entries) {
    std::vector<Unit> units;
    std::map<std::string, std::vector<PrivacySpend>> groups;
    for (const auto& e : entries) {
        if (e.parallelGroup.empty())
            units.push_back({e.cost, kindOf(e.cost)});
        else
            groups[e.parallelGroup].push_back(e.cost);
    }
    for (const auto& [name, members] : groups) {
        Unit u{parallelComposition(members), UnitKind::Pure};
        bool approx = false, zcdp = false;
        double rho = 0.0;
        for (const auto& m : members) {
            const UnitKind k = kindOf(m);
            approx = approx || k == UnitKind::Approx;
            zcdp = zcdp || k == UnitKind::Zcdp;
            rho = std::max(rho, k == UnitKind::Zcdp ? m.rho : m.epsilon * m.epsilon / 2.0);
        }
        u.kind = approx ? UnitKind::Approx : zcdp ? UnitKind::Zcdp : UnitKind::Pure;
        u.spend.rho = u.kind == UnitKind::Zcdp ? rho : 0.0;
        units.push_back(u);
    }
    return units;
}

struct Route {
    PrivacySpend total;
    const char* name;
};

// The zCDP route: rho releases compose as rho; the k smallest pure releases join them (for every
// k), the rest and the (epsilon, delta)-only releases add up; conversion at the rho releases' delta
// plus `extraDelta`.
void zcdpRoutes(const std::vector<Unit>& units, double extraDelta, std::vector<Route>& out) {
    double rho = 0.0, convDelta = extraDelta, linearEps = 0.0, linearDelta = 0.0;
    std::vector<double> pure;
    for (const auto& u : units) {
        switch (u.kind) {
            case UnitKind::Zcdp:
                rho += u.spend.rho;
                convDelta += u.spend.delta;
                break;
            case UnitKind::Pure:
                pure.push_back(u.spend.epsilon);
                break;
            case UnitKind::Approx:
                linearEps += u.spend.epsilon;
                linearDelta += u.spend.delta;
                break;
        }
    }
    if (!(convDelta > 0.0) || convDelta >= 1.0) return;
    std::sort(pure.begin(), pure.end());
    double pureRest = 0.0;
    for (double e : pure) pureRest += e;
    Route best{{std::numeric_limits<double>::infinity(), 0.0, 0.0}, "zcdp"};
    double joined = rho;
    for (std::size_t k = 0; k <= pure.size(); ++k) {
        if (k > 0) {
            joined += pure[k - 1] * pure[k - 1] / 2.0;
            pureRest -= pure[k - 1];
        }
        // Among equal epsilons the total is concave in how many join (the conversion is concave
        // in rho), so its minimum is where the value changes: only those k need evaluating.
        if (k > 0 && k < pure.size() && pure[k] == pure[k - 1]) continue;
        if (!(joined > 0.0)) continue;
        const double eps = linearEps + std::max(0.0, pureRest) + zcdpEpsilon(joined, convDelta);
        if (eps < best.total.epsilon) best.total = {eps, std::min(1.0, linearDelta + convDelta), 0.0};
    }
    if (std::isfinite(best.total.epsilon)) out.push_back(best);
}

}  // namespace

ComposedSpend BudgetAccountant::composeEntries(const std::vector<Entry>& entries) const {
    const std::vector<Unit> units = unitsOf(entries);
    ComposedSpend c;
    if (units.empty()) {
        c.route = "none";
        c.rhoDefined = true;
        return c;
    }
    std::vector<PrivacySpend> all;
    c.rhoDefined = true;
    for (const auto& u : units) {
        all.push_back(u.spend);
        if (u.kind == UnitKind::Approx)
            c.rhoDefined = false;
        else
            c.total.rho += u.zcdpRho();
    }
    const double rho = c.rhoDefined ? c.total.rho : 0.0;
    std::vector<Route> routes;
    const PrivacySpend basic = sequentialComposition(all);
    routes.push_back({{basic.epsilon, basic.delta, 0.0}, "basic"});
    zcdpRoutes(units, 0.0, routes);
    if (m_rule == CompositionRule::Advanced) {
        zcdpRoutes(units, m_deltaPrime, routes);
        const PrivacySpend worst = parallelComposition(all);
        routes.push_back(
            {advancedComposition(worst.epsilon, worst.delta, static_cast<long long>(units.size()), m_deltaPrime),
             "advanced"});
    }
    // The smallest epsilon among the routes whose delta fits the budget (the basic route when none does).
    const Route* chosen = nullptr;
    for (const auto& r : routes) {
        const bool fits = !m_limited || r.total.delta <= m_total.delta * (1 + 1e-12) + 1e-300;
        if (fits && (!chosen || r.total.epsilon < chosen->total.epsilon)) chosen = &r;
    }
    if (!chosen) chosen = &routes.front();
    c.total = {chosen->total.epsilon, chosen->total.delta, rho};
    c.route = chosen->name;
    return c;
}

PrivacySpend BudgetAccountant::remaining() const {
    const PrivacySpend s = spent();
    return {std::max(0.0, m_total.epsilon - s.epsilon), std::max(0.0, m_total.delta - s.delta), 0.0};
}

Status BudgetAccountant::check(const PrivacySpend& cost, const std::string& parallelGroup) const {
    VEIL_RETURN_IF_ERROR(validateSpend(cost));
    if (!m_limited) return Status::ok();
    std::vector<Entry> next = m_entries;
    next.push_back({cost, parallelGroup});
    const PrivacySpend after = composeEntries(next).total;
    // A tiny relative slack absorbs floating-point sums like 0.1 + 0.2.
    const double slack = 1e-12;
    if (after.epsilon > m_total.epsilon * (1 + slack) + slack || after.delta > m_total.delta * (1 + slack) + 1e-300) {
        const PrivacySpend left = remaining();
        std::string needs = "epsilon " + formatNumber(cost.epsilon);
        if (cost.delta > 0) needs += ", delta " + formatNumber(cost.delta);
        if (cost.rho > 0) needs += " (rho " + formatNumber(cost.rho) + ")";
        return Status::budgetExceeded("release refused: it needs " + needs + " but only epsilon " +
                                      formatNumber(left.epsilon) + ", delta " + formatNumber(left.delta) +
                                      " of the budget (epsilon " + formatNumber(m_total.epsilon) + ", delta " +
                                      formatNumber(m_total.delta) + ") is left");
    }
    return Status::ok();
}

Status BudgetAccountant::spend(const PrivacySpend& cost, const std::string& parallelGroup) {
    VEIL_RETURN_IF_ERROR(check(cost, parallelGroup));
    m_entries.push_back({cost, parallelGroup});
    return Status::ok();
}

}  // namespace veil::dp
