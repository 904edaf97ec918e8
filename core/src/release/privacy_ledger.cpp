// Privacy ledger in SQLite (composition per seed 004; atomic append with BEGIN IMMEDIATE + WAL).
#include "veil/release/privacy_ledger.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/io/hash.h"

#include <array>
#include <chrono>
#include <ctime>

namespace veil::release {

namespace {
constexpr const char* kLedgerSchema = R"sql(
CREATE TABLE IF NOT EXISTS schema_version(
  component TEXT PRIMARY KEY,
  version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS ledger_budgets(
  dataset TEXT PRIMARY KEY,
  epsilon REAL NOT NULL CHECK(epsilon >= 0),
  delta REAL NOT NULL CHECK(delta >= 0 AND delta < 1),
  composition TEXT NOT NULL DEFAULT 'basic' CHECK(composition IN ('basic', 'advanced')),
  delta_prime REAL NOT NULL DEFAULT 1e-6,
  updated TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ledger(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  dataset TEXT NOT NULL,
  created TEXT NOT NULL,
  release TEXT NOT NULL,
  mechanism TEXT NOT NULL,
  neighbouring TEXT NOT NULL,
  epsilon REAL NOT NULL CHECK(epsilon >= 0),
  delta REAL NOT NULL CHECK(delta >= 0 AND delta < 1),
  parallel_group TEXT NOT NULL DEFAULT '',
  details TEXT NOT NULL DEFAULT '{}',
  rho REAL NOT NULL DEFAULT 0 CHECK(rho >= 0));
CREATE INDEX IF NOT EXISTS ledger_by_dataset ON ledger(dataset);
CREATE TABLE IF NOT EXISTS ledger_secret(
  id INTEGER PRIMARY KEY CHECK(id = 1),
  key TEXT NOT NULL);
CREATE TRIGGER IF NOT EXISTS ledger_no_update BEFORE UPDATE ON ledger
  BEGIN SELECT RAISE(ABORT, 'the privacy ledger is append-only'); END;
CREATE TRIGGER IF NOT EXISTS ledger_no_delete BEFORE DELETE ON ledger
  BEGIN SELECT RAISE(ABORT, 'the privacy ledger is append-only'); END;
)sql";

std::string nowUtc() {
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}
}  // namespace

Result<std::unique_ptr<PrivacyLedger>> PrivacyLedger::openFile(const std::string& path) {
    auto db = SqliteDatabase::open(path, SqliteDatabase::OpenMode::CreateIfMissing, "a privacy ledger (SQLite)");
    if (!db) return db.status();
    SqliteDatabase* raw = db->get();
    std::unique_ptr<PrivacyLedger> ledger(new PrivacyLedger(raw, std::move(*db)));
    VEIL_RETURN_IF_ERROR(ledger->ensureSchema());
    VEIL_RETURN_IF_ERROR(raw->makeDurable());
    return ledger;
}

Result<std::unique_ptr<PrivacyLedger>> PrivacyLedger::attach(SqliteDatabase& db) {
    std::unique_ptr<PrivacyLedger> ledger(new PrivacyLedger(&db, nullptr));
    VEIL_RETURN_IF_ERROR(ledger->ensureSchema());
    return ledger;
}

Status PrivacyLedger::ensureSchema() {
    {
        // A database that has its own tables by these names, and no Veil ledger, is somebody
        // else's: leave it alone (checked before anything is written).
        auto foreign = m_db->prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('ledger', 'ledger_budgets') AND NOT "
            "EXISTS "
            "(SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version')");
        if (foreign.step())
            return Status::invalidArgument(m_db->path() + ": a SQLite database with its own '" + foreign.columnText(0) +
                                           "' table, not a Veil privacy ledger; it was left untouched");
        VEIL_RETURN_IF_ERROR(foreign.status());
    }
    SqliteTransaction tx(*m_db);
    VEIL_RETURN_IF_ERROR(tx.status());
    VEIL_RETURN_IF_ERROR(
        m_db->exec("CREATE TABLE IF NOT EXISTS schema_version(component TEXT PRIMARY KEY, version INTEGER NOT NULL)"));
    auto q = m_db->prepare("SELECT version FROM schema_version WHERE component = 'ledger'");
    const bool exists = q.step();
    VEIL_RETURN_IF_ERROR(q.status());
    if (exists && q.columnInt(0) > kSchemaVersion)
        return Status::unsupported(m_db->path() + ": its privacy ledger has schema version " +
                                   std::to_string(q.columnInt(0)) + ", newer than this Veil (" +
                                   std::to_string(kSchemaVersion) + ")");
    const int version = exists ? int(q.columnInt(0)) : 0;
    VEIL_RETURN_IF_ERROR(m_db->exec(kLedgerSchema));
    if (version == 1) {
        // Version 1 had no rho column: every entry was pure or (epsilon, delta), i.e. rho 0.
        VEIL_RETURN_IF_ERROR(m_db->exec("ALTER TABLE ledger ADD COLUMN rho REAL NOT NULL DEFAULT 0 CHECK(rho >= 0)"));
    }
    if (version != kSchemaVersion) {
        auto ins = m_db->prepare(
            "INSERT INTO schema_version(component, version) VALUES('ledger', ?) "
            "ON CONFLICT(component) DO UPDATE SET version = excluded.version");
        ins.bind(1, std::int64_t(kSchemaVersion));
        VEIL_RETURN_IF_ERROR(ins.run());
    }
    return tx.commit();
}

Status PrivacyLedger::setBudget(const std::string& dataset, dp::PrivacySpend total, dp::CompositionRule rule,
                                double deltaPrime) {
    if (dataset.empty()) return Status::invalidArgument("the dataset key is empty");
    auto acc = dp::BudgetAccountant::create(total, rule, deltaPrime);
    if (!acc) return acc.status();
    SqliteTransaction tx(*m_db);
    VEIL_RETURN_IF_ERROR(tx.status());
    auto all = entries(dataset);
    if (!all) return all.status();
    std::vector<dp::BudgetAccountant::Entry> past;
    for (const auto& e : *all) past.push_back({{e.epsilon, e.delta, e.rho}, e.parallelGroup});
    acc->restore(past);
    const dp::PrivacySpend used = acc->spent();
    if (used.epsilon > total.epsilon * (1 + 1e-12) || used.delta > total.delta * (1 + 1e-12))
        return Status::invalidArgument("dataset '" + dataset + "' has already spent epsilon " +
                                       formatNumber(used.epsilon) + ", delta " + formatNumber(used.delta) +
                                       "; a smaller total budget is not possible");
    auto st = m_db->prepare(
        "INSERT INTO ledger_budgets(dataset, epsilon, delta, composition, delta_prime, updated) VALUES(?, ?, ?, ?, ?, "
        "?) "
        "ON CONFLICT(dataset) DO UPDATE SET epsilon = excluded.epsilon, delta = excluded.delta, "
        "composition = excluded.composition, delta_prime = excluded.delta_prime, updated = excluded.updated");
    st.bind(1, dataset)
        .bind(2, total.epsilon)
        .bind(3, total.delta)
        .bind(4, std::string_view(dp::compositionRuleName(rule)))
        .bind(5, deltaPrime)
        .bind(6, nowUtc());
    VEIL_RETURN_IF_ERROR(st.run());
    return tx.commit();
}

Result<std::optional<DatasetBudget>> PrivacyLedger::budget(const std::string& dataset) {
    auto q = m_db->prepare("SELECT epsilon, delta, composition, delta_prime FROM ledger_budgets WHERE dataset = ?");
    q.bind(1, dataset);
    const bool row = q.step();
    VEIL_RETURN_IF_ERROR(q.status());
    if (!row) return std::optional<DatasetBudget>{};
    DatasetBudget b;
    b.dataset = dataset;
    b.total = {q.columnDouble(0), q.columnDouble(1)};
    b.rule = q.columnText(2) == "advanced" ? dp::CompositionRule::Advanced : dp::CompositionRule::Basic;
    b.deltaPrime = q.columnDouble(3);
    return std::optional<DatasetBudget>(b);
}

Result<std::vector<LedgerEntry>> PrivacyLedger::entries(const std::string& dataset) {
    auto q = m_db->prepare(dataset.empty()
                               ? "SELECT id, dataset, created, release, mechanism, neighbouring, epsilon, delta, "
                                 "parallel_group, details, rho FROM ledger ORDER BY id"
                               : "SELECT id, dataset, created, release, mechanism, neighbouring, epsilon, delta, "
                                 "parallel_group, details, rho FROM ledger WHERE dataset = ? ORDER BY id");
    if (!dataset.empty()) q.bind(1, dataset);
    std::vector<LedgerEntry> out;
    while (q.step()) {
        LedgerEntry e;
        e.id = q.columnInt(0);
        e.dataset = q.columnText(1);
        e.created = q.columnText(2);
        e.release = q.columnText(3);
        e.mechanism = q.columnText(4);
        e.neighbouring = q.columnText(5);
        e.epsilon = q.columnDouble(6);
        e.delta = q.columnDouble(7);
        e.parallelGroup = q.columnText(8);
        e.details = nlohmann::json::parse(q.columnText(9), nullptr, false);
        if (e.details.is_discarded()) e.details = nlohmann::json::object();
        e.rho = q.columnDouble(10);
        out.push_back(std::move(e));
    }
    VEIL_RETURN_IF_ERROR(q.status());
    return out;
}

Result<dp::BudgetAccountant> PrivacyLedger::accountantFor(const std::string& dataset, bool& hasBudget) {
    auto b = budget(dataset);
    if (!b) return b.status();
    hasBudget = b->has_value();
    Result<dp::BudgetAccountant> acc = hasBudget
                                           ? dp::BudgetAccountant::create((*b)->total, (*b)->rule, (*b)->deltaPrime)
                                           : Result<dp::BudgetAccountant>(dp::BudgetAccountant::unlimited());
    if (!acc) return acc.status();
    auto all = entries(dataset);
    if (!all) return all.status();
    std::vector<dp::BudgetAccountant::Entry> past;
    for (const auto& e : *all) past.push_back({{e.epsilon, e.delta, e.rho}, e.parallelGroup});
    acc->restore(std::move(past));
    return acc;
}

Result<dp::PrivacySpend> PrivacyLedger::spent(const std::string& dataset) {
    auto c = composed(dataset);
    if (!c) return c.status();
    return c->total;
}

Result<dp::ComposedSpend> PrivacyLedger::composed(const std::string& dataset) {
    bool hasBudget = false;
    auto acc = accountantFor(dataset, hasBudget);
    if (!acc) return acc.status();
    return acc->composed();
}

Status PrivacyLedger::check(const std::string& dataset, const dp::PrivacySpend& cost) {
    bool hasBudget = false;
    auto acc = accountantFor(dataset, hasBudget);
    if (!acc) return acc.status();
    if (!hasBudget) return Status::ok();
    Status ok = acc->check(cost);
    return ok ? ok : ok.withContext("dataset '" + dataset + "'");
}

Result<std::int64_t> PrivacyLedger::charge(const std::string& dataset, const dp::Charge& c) {
    LedgerEntry e;
    e.dataset = dataset;
    e.release = c.what;
    e.mechanism = c.mechanism;
    e.neighbouring = c.neighbouring;
    e.epsilon = c.cost.epsilon;
    e.delta = c.cost.delta;
    e.rho = c.cost.rho;
    e.parallelGroup = c.parallelGroup;
    e.details = c.details.is_object() ? c.details : nlohmann::json::object();
    if (!c.citation.empty()) e.details["citation"] = c.citation;
    return recordRelease(e);
}

Result<std::string> PrivacyLedger::fingerprint(std::string_view bytes, bool create) {
    auto read = [this]() -> Result<std::string> {
        auto q = m_db->prepare("SELECT key FROM ledger_secret WHERE id = 1");
        if (q.step()) return q.columnText(0);
        VEIL_RETURN_IF_ERROR(q.status());
        return std::string();
    };
    auto key = read();
    if (!key) return key.status();
    if (key->empty() && !create)
        return Status::notFound(
            m_db->path() + ": this ledger has made no fingerprint yet (is it the ledger the bundle was made with?)");
    if (key->empty()) {  // the first fingerprint: 32 random bytes, kept (as the hex of their hash) here only
        std::array<std::uint8_t, 32> secret{};
        SecureRandom().fill(secret);
        auto ins = m_db->prepare("INSERT OR IGNORE INTO ledger_secret(id, key) VALUES(1, ?)");
        ins.bind(1, sha256Hex(std::string_view(reinterpret_cast<const char*>(secret.data()), secret.size())));
        VEIL_RETURN_IF_ERROR(ins.run());
        key = read();
        if (!key) return key.status();
    }
    return "hmac-sha256:" + hmacSha256Hex(*key, bytes);
}

Result<std::int64_t> PrivacyLedger::recordRelease(const LedgerEntry& entry) {
    if (entry.dataset.empty()) return Status::invalidArgument("the dataset key is empty");
    VEIL_RETURN_IF_ERROR(dp::validateSpend({entry.epsilon, entry.delta, entry.rho}));
    SqliteTransaction tx(*m_db);  // BEGIN IMMEDIATE: no other writer between check and append
    VEIL_RETURN_IF_ERROR(tx.status());
    bool hasBudget = false;
    auto acc = accountantFor(entry.dataset, hasBudget);
    if (!acc) return acc.status();
    if (hasBudget) {
        Status ok = acc->check({entry.epsilon, entry.delta, entry.rho}, entry.parallelGroup);
        if (!ok) return ok.withContext("dataset '" + entry.dataset + "'");
    }
    auto ins = m_db->prepare(
        "INSERT INTO ledger(dataset, created, release, mechanism, neighbouring, epsilon, delta, parallel_group, "
        "details, rho) "
        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    ins.bind(1, entry.dataset)
        .bind(2, entry.created.empty() ? nowUtc() : entry.created)
        .bind(3, entry.release)
        .bind(4, entry.mechanism)
        .bind(5, entry.neighbouring)
        .bind(6, entry.epsilon)
        .bind(7, entry.delta)
        .bind(8, entry.parallelGroup)
        .bind(9, entry.details.dump())
        .bind(10, entry.rho);
    VEIL_RETURN_IF_ERROR(ins.run());
    const std::int64_t id = m_db->lastInsertRowId();
    VEIL_RETURN_IF_ERROR(tx.commit());
    return id;
}

}  // namespace veil::release
