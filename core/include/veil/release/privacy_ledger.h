// PrivacyLedger: the append-only record of every DP release per dataset and each dataset's total
// budget, stored in SQLite so it can live inside the project file (tables `schema_version`,
// `ledger_budgets`, `ledger`; see docs/algorithms/privacy_ledger.md) or in a file of its own.
// Each entry keeps what was charged in its own units: epsilon, delta and rho (zCDP). It is the
// ReleaseGate's durable ChargeSink: charge()/recordRelease() checks the budget (composed by
// dp::BudgetAccountant along its tightest route) and appends the entry in one IMMEDIATE
// transaction (WAL, synchronous=FULL): a refused release leaves no trace, and a crash leaves
// either the whole entry or none. The gate records BEFORE any noise is drawn, so a crash can only
// lose an answer, never an expense. UPDATE and DELETE on the ledger are refused by triggers.
#pragma once

#include "veil/dp/accountant.h"
#include "veil/dp/release_gate.h"
#include "veil/release/sqlite_database.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace veil::release {

struct LedgerEntry {
    std::int64_t id = 0;
    std::string dataset;       // dataset key (its name, or the project's dataset id as text)
    std::string created;       // ISO 8601 UTC, filled in by recordRelease
    std::string release;       // what was released, e.g. "count of age"
    std::string mechanism;     // "laplace", "gaussian", ...
    std::string neighbouring;  // "add-remove" or "replace"
    double epsilon = 0.0;
    double delta = 0.0;
    double rho = 0.0;           // > 0: a zCDP release (Gaussian), also (epsilon, delta)-DP
    std::string parallelGroup;  // non-empty: releases on disjoint partitions, counted once at their max
    nlohmann::json details = nlohmann::json::object();  // query, column, trials, seeded, ...
};

struct DatasetBudget {
    std::string dataset;
    dp::PrivacySpend total;
    dp::CompositionRule rule = dp::CompositionRule::Basic;
    double deltaPrime = 1e-6;  // for advanced composition
};

class PrivacyLedger final : public dp::ChargeSink {
public:
    static constexpr int kSchemaVersion = 2;  // 2: the rho column

    // Opens or creates a stand-alone ledger file (used by the CLI). Errors: not a SQLite file,
    // a ledger schema newer than this build, I/O.
    static Result<std::unique_ptr<PrivacyLedger>> openFile(const std::string& path);
    // Adds the ledger tables to a database owned by the caller (e.g. the project store), which
    // must outlive the ledger.
    static Result<std::unique_ptr<PrivacyLedger>> attach(SqliteDatabase& db);

    // Sets (or replaces) a dataset's total budget. Errors: invalid spend; the budget is below
    // what was already spent.
    Status setBudget(const std::string& dataset, dp::PrivacySpend total,
                     dp::CompositionRule rule = dp::CompositionRule::Basic, double deltaPrime = 1e-6);
    Result<std::optional<DatasetBudget>> budget(const std::string& dataset);
    // Entries in insertion order; all datasets when `dataset` is empty.
    Result<std::vector<LedgerEntry>> entries(const std::string& dataset = {});
    // Spent on the dataset: the tightest valid (epsilon, delta) under its rule (and budget), with
    // the total rho when every release has a zCDP description.
    Result<dp::PrivacySpend> spent(const std::string& dataset);
    Result<dp::ComposedSpend> composed(const std::string& dataset);

    // Checks the dataset's budget and appends the entry atomically; returns the new entry id.
    // Errors: BudgetExceeded (nothing written), invalid epsilon/delta, empty dataset key, SQLite.
    // A dataset without a budget is recorded without a limit.
    Result<std::int64_t> recordRelease(const LedgerEntry& entry);

    // A keyed fingerprint of `bytes` ("hmac-sha256:" and 64 hex digits) under a secret this
    // ledger keeps (made on first use): a released manifest names its input by it, not by a plain
    // hash, which anyone who knows all records but one could test candidates against. The steward
    // recomputes it from the file and the ledger (veil-cli ledger fingerprint, with `create` off).
    // Errors: SQLite; without `create`, a ledger that has made no fingerprint yet (NotFound).
    Result<std::string> fingerprint(std::string_view bytes, bool create = true);

    // dp::ChargeSink: the gate's charge as a ledger entry (recordRelease).
    Result<std::int64_t> charge(const std::string& dataset, const dp::Charge& charge) override;
    // dp::ChargeSink: whether `cost` fits the dataset's budget now (no entry written).
    Status check(const std::string& dataset, const dp::PrivacySpend& cost) override;

private:
    PrivacyLedger(SqliteDatabase* db, std::unique_ptr<SqliteDatabase> owned) : m_db(db), m_owned(std::move(owned)) {}
    Status ensureSchema();
    Result<dp::BudgetAccountant> accountantFor(const std::string& dataset, bool& hasBudget);
    SqliteDatabase* m_db;
    std::unique_ptr<SqliteDatabase> m_owned;
};

}  // namespace veil::release
