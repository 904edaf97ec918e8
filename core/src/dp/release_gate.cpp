// The one release path: validate, charge, then hand out randomness (DESIGN.md "The release path").
#include "veil/dp/release_gate.h"

#include "veil/common/validate.h"

namespace veil::dp {

const char* releaseModeName(ReleaseMode m) { return m == ReleaseMode::Teaching ? "teaching" : "release"; }

nlohmann::json receiptJson(const ReleaseReceipt& r) {
    nlohmann::json j = {{"private", r.isPrivate},
                        {"mode", releaseModeName(r.mode)},
                        {"seeded", r.seeded},
                        {"spent", {{"epsilon", r.spent.epsilon}, {"delta", r.spent.delta}, {"rho", r.spent.rho}}},
                        {"randomness", r.randomness}};
    j["ledger_entry"] = r.ledgerEntry ? nlohmann::json(*r.ledgerEntry) : nlohmann::json(nullptr);
    if (r.releases > 1) j["release_count"] = r.releases;
    if (!r.citation.empty()) j["citation"] = r.citation;
    return j;
}

std::string receiptLine(const ReleaseReceipt& r) {
    if (r.mode == ReleaseMode::Teaching) return "TEACHING MODE - not private: nothing was charged or recorded";
    std::string s = r.seeded ? "SEEDED release (reproducible demo, NOT private): spent epsilon "
                             : "private release: spent epsilon ";
    s += formatNumber(r.spent.epsilon);
    if (r.spent.delta > 0) s += ", delta " + formatNumber(r.spent.delta);
    if (r.spent.rho > 0) s += " (rho " + formatNumber(r.spent.rho) + ")";
    if (r.releases > 1) s += " in " + std::to_string(r.releases) + " releases";
    if (r.ledgerEntry)
        s += std::string(r.releases > 1 ? " (last ledger entry " : " (ledger entry ") + std::to_string(*r.ledgerEntry) +
             ")";
    return s;
}

ReleaseReceipt combinedReceipt(const std::vector<ReleaseReceipt>& receipts) {
    if (receipts.empty()) return {};
    ReleaseReceipt total = receipts.back();
    total.spent = {};
    total.releases = 0;
    for (const auto& r : receipts) {
        total.spent.epsilon += r.spent.epsilon;
        total.spent.delta += r.spent.delta;
        total.spent.rho += r.spent.rho;
        total.releases += r.releases;
    }
    return total;
}

namespace {
BudgetAccountant sessionAccountant(const ReleaseGate::Options& o) {
    if (o.budget && !o.ledger) {
        auto acc = BudgetAccountant::create(*o.budget);
        if (acc) return std::move(*acc);
    }
    return BudgetAccountant::unlimited();
}
}  // namespace

ReleaseGate::ReleaseGate(Options options) : m_options(std::move(options)), m_session(sessionAccountant(m_options)) {}

ReleaseGate ReleaseGate::teaching(std::optional<std::uint64_t> seed) {
    Options o;
    o.mode = ReleaseMode::Teaching;
    o.seed = seed;
    return ReleaseGate(std::move(o));
}

Status ReleaseGate::preflight(const PrivacySpend& total) {
    VEIL_RETURN_IF_ERROR(validateSpend(total));
    if (isTeaching()) return Status::ok();
    if (m_options.ledger) return m_options.ledger->check(m_options.dataset, total);
    return m_session.check(total);
}

Result<Admission> ReleaseGate::admit(const Charge& charge) {
    VEIL_RETURN_IF_ERROR(validateSpend(charge.cost));
    if (m_options.budget && !m_options.ledger) VEIL_RETURN_IF_ERROR(validateSpend(*m_options.budget));
    Admission a;
    ReleaseReceipt& r = a.receipt;
    r.mode = m_options.mode;
    r.seeded = m_options.seed.has_value();
    r.dataset = charge.dataset.empty() ? m_options.dataset : charge.dataset;
    r.what = charge.what;
    r.mechanism = charge.mechanism;
    r.neighbouring = charge.neighbouring;
    r.citation = charge.citation;
    if (m_options.mode == ReleaseMode::Release) {
        if (r.dataset.empty()) return Status::invalidArgument("a release needs the dataset's ledger key");
        // Charge before any randomness exists: a refused release cannot compute anything.
        VEIL_RETURN_IF_ERROR(m_session.check(charge.cost, charge.parallelGroup));
        if (m_options.ledger) {
            Charge recorded = charge;
            if (!recorded.details.is_object()) recorded.details = nlohmann::json::object();
            if (m_options.details.is_object())
                for (const auto& [key, value] : m_options.details.items()) recorded.details[key] = value;
            recorded.details["seeded"] = r.seeded;
            auto id = m_options.ledger->charge(r.dataset, recorded);
            if (!id) return id.status();
            r.ledgerEntry = *id;
        }
        VEIL_RETURN_IF_ERROR(m_session.spend(charge.cost, charge.parallelGroup));
        r.spent = charge.cost;
        r.isPrivate = !r.seeded;  // a known seed removes the noise: charged, but not private
    }
    // The first admission draws from the seed itself (so one release with seed s is the same in
    // every face); later ones from independent streams derived from it.
    const std::size_t index = m_receipts.size();
    if (m_options.seed)
        a.random = std::make_unique<SeededRandom>(index == 0 ? *m_options.seed
                                                             : SeededRandom::deriveSeed(*m_options.seed, index));
    else
        a.random = std::make_unique<SecureRandom>();
    r.randomness = a.random->description();
    m_receipts.push_back(r);
    return a;
}

}  // namespace veil::dp
