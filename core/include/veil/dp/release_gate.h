// ReleaseGate: the one release path. Every answer that core computes from a user's data is handed
// out through a gate: admit() takes what the release will spend (known from its parameters, never
// from the data), charges it - to the gate's accountant and, when a ledger is attached, to the
// ledger in the same transaction - and only then returns the random source the noise is drawn
// from, with a receipt saying what was spent and whether the result is private.
//
// Release mode (the default) charges every admission; a refusal (budget exceeded) hands out no
// randomness, so nothing can be computed. Teaching mode is for public or sample data: it charges
// nothing, records nothing, and every receipt says "private": false; the families may then also
// return true values and errors. A fixed seed makes the noise reproducible (tests, demos) and
// every receipt says so; a gate's first admission with seed s draws from SeededRandom(s) (later
// ones from streams derived from s and their index), so the same request and seed give the same
// numbers in the CLI, the window, plans and sweeps.
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"
#include "veil/dp/accountant.h"
#include "veil/dp/privacy.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace veil::dp {

enum class ReleaseMode { Release, Teaching };
const char* releaseModeName(ReleaseMode m);  // "release", "teaching"

// What one release is and what it spends, as the ledger records it.
struct Charge {
    std::string dataset;        // ledger key; empty: the gate's dataset
    std::string what;           // "count of age", "kd tree of 3000 points"
    std::string mechanism;      // "laplace", "hierarchical", ...
    std::string neighbouring;   // "add-remove", "replace", "edge (add or remove one edge)", ...
    std::string citation;       // one line, from the algorithm catalogue
    PrivacySpend cost;          // for the whole release (all trials)
    std::string parallelGroup;  // non-empty: disjoint partitions of the data, counted once
    nlohmann::json details = nlohmann::json::object();
};

// Where charges are recorded durably (the privacy ledger implements it). charge() must check the
// dataset's budget and append the entry atomically: on error nothing is recorded.
class ChargeSink {
public:
    virtual ~ChargeSink() = default;
    virtual Result<std::int64_t> charge(const std::string& dataset, const Charge& charge) = 0;
    // Whether `cost` would fit the dataset's budget now, charging nothing (BudgetExceeded if not).
    virtual Status check(const std::string& dataset, const PrivacySpend& cost) = 0;
};

struct ReleaseReceipt {
    ReleaseMode mode = ReleaseMode::Release;
    bool isPrivate = false;  // release mode: charged and noised under the stated guarantee
    bool seeded = false;     // a fixed seed: reproducible, not for real releases
    PrivacySpend spent;      // what this release was charged (zero in teaching mode)
    std::optional<std::int64_t> ledgerEntry;
    std::string dataset;
    std::string what, mechanism, neighbouring, citation;
    std::string randomness;  // RandomSource::description()
    int releases = 1;        // more than 1: the receipt of several releases (combinedReceipt)
};

// One receipt for releases made one after another (repeated trials): their spends added (basic
// composition), the last one's ledger entry, `releases` their number. Empty: a default receipt.
ReleaseReceipt combinedReceipt(const std::vector<ReleaseReceipt>& receipts);

// {"private", "mode", "seeded", "spent": {"epsilon", "delta", "rho"}, "ledger_entry", "citation",
// "randomness"}: the fields every JSON output of a release carries.
nlohmann::json receiptJson(const ReleaseReceipt& r);
// One line for human output: "private release: spent epsilon 1 (ledger entry 7)", "SEEDED release
// (reproducible demo, NOT private): ..." or
// "TEACHING MODE - not private: nothing was charged".
std::string receiptLine(const ReleaseReceipt& r);

struct Admission {
    std::unique_ptr<RandomSource> random;
    ReleaseReceipt receipt;
};

class ReleaseGate {
public:
    struct Options {
        ReleaseMode mode = ReleaseMode::Release;
        std::optional<std::uint64_t> seed;  // none: secure randomness
        std::string dataset = "dataset";    // ledger key of the data the releases are computed from
        ChargeSink* ledger = nullptr;       // optional durable record (checked and appended atomically)
        // In-memory budget used when no ledger is attached (none: unlimited, only added up).
        std::optional<PrivacySpend> budget;
        // Merged into every charge's details (e.g. the bundle a release is written to).
        nlohmann::json details = nlohmann::json::object();
    };

    explicit ReleaseGate(Options options);
    static ReleaseGate teaching(std::optional<std::uint64_t> seed = std::nullopt);

    // Validates the charge's cost, charges it (release mode) and returns the random source.
    // Errors: an invalid cost (negative, NaN, infinite; delta outside [0, 1)), BudgetExceeded (the
    // ledger's or the in-memory budget; nothing is charged), the ledger's own errors.
    Result<Admission> admit(const Charge& charge);
    // Whether `total`, the cost of releases a command makes one after another, fits the budget (the
    // ledger's, or the in-memory one), charging nothing: so that the first is not spent when the
    // last would be refused. Teaching mode: always.
    Status preflight(const PrivacySpend& total);

    ReleaseMode mode() const { return m_options.mode; }
    bool isTeaching() const { return m_options.mode == ReleaseMode::Teaching; }
    bool isSeeded() const { return m_options.seed.has_value(); }
    const std::optional<std::uint64_t>& seed() const { return m_options.seed; }
    const std::string& dataset() const { return m_options.dataset; }
    // What this gate has charged so far (its session; the ledger holds the dataset's history).
    const BudgetAccountant& session() const { return m_session; }
    const std::vector<ReleaseReceipt>& receipts() const { return m_receipts; }

private:
    Options m_options;
    BudgetAccountant m_session;
    std::vector<ReleaseReceipt> m_receipts;
};

}  // namespace veil::dp
