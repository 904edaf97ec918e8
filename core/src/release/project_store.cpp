#include "veil/release/project_store.h"

#include "project_schema.h"
#include "veil/io/hash.h"

#include <chrono>
#include <ctime>
#include <filesystem>

namespace veil::release {

std::string utcNowIso8601() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

Result<std::unique_ptr<ProjectStore>> ProjectStore::open(const std::string& path, bool create) {
    auto db = SqliteDatabase::open(
        path, create ? SqliteDatabase::OpenMode::CreateIfMissing : SqliteDatabase::OpenMode::OpenExisting);
    if (!db) return db.status();
    std::unique_ptr<ProjectStore> store(new ProjectStore(std::move(*db)));
    VEIL_RETURN_IF_ERROR(store->migrate());
    VEIL_RETURN_IF_ERROR(store->m_db->makeDurable());
    return store;
}

Status ProjectStore::migrate() {
    auto version = m_db->userVersion();
    if (!version) return version.status();
    const int v = *version;
    if (v < 0)
        return Status::parseError(m_db->path() + ": not a Veil project (schema version " + std::to_string(v) +
                                  "); it was left untouched");
    if (v > kProjectSchemaVersion)
        return Status::unsupported(m_db->path() + ": the project was written by a newer Veil (schema " +
                                   std::to_string(v) + ", this version reads up to " +
                                   std::to_string(kProjectSchemaVersion) + ")");
    if (v == kProjectSchemaVersion) return Status::ok();
    if (v == 0) {
        // A brand-new file must be empty; an unversioned file with tables is not a Veil project.
        auto st = m_db->prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'");
        if (st.step() && st.columnInt(0) > 0)
            return Status::parseError(
                m_db->path() + ": not a Veil project (a SQLite database without Veil's schema); it was left untouched");
    }
    SqliteTransaction tx(*m_db);
    VEIL_RETURN_IF_ERROR(tx.status());
    static const char* const steps[] = {detail::kSchemaV1, detail::kSchemaV2};
    for (int step = v; step < kProjectSchemaVersion; ++step)
        VEIL_RETURN_IF_ERROR(
            m_db->exec(steps[step]).withContext("upgrading the project to schema " + std::to_string(step + 1)));
    VEIL_RETURN_IF_ERROR(m_db->setUserVersion(kProjectSchemaVersion));
    return tx.commit();
}

Result<std::int64_t> ProjectStore::addDataset(const std::string& name, const std::string& path,
                                              const std::string& kind) {
    auto hash = sha256FileHex(path);
    if (!hash) return hash.status();
    const std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
    auto st = m_db->prepare("INSERT INTO datasets(name, path, kind, sha256, added) VALUES(?,?,?,?,?)");
    st.bind(1, name).bind(2, absolute).bind(3, kind).bind(4, *hash).bind(5, utcNowIso8601());
    VEIL_RETURN_IF_ERROR(st.run());
    return m_db->lastInsertRowId();
}

namespace {
DatasetRecord readDataset(const SqliteStatement& st) {
    DatasetRecord d;
    d.id = st.columnInt(0);
    d.name = st.columnText(1);
    d.path = st.columnText(2);
    d.kind = st.columnText(3);
    d.sha256 = st.columnText(4);
    return d;
}
constexpr const char* kDatasetColumns = "SELECT id, name, path, kind, sha256 FROM datasets";
}  // namespace

Result<std::vector<DatasetRecord>> ProjectStore::datasets() {
    auto st = m_db->prepare(std::string(kDatasetColumns) + " ORDER BY id");
    std::vector<DatasetRecord> out;
    while (st.step()) out.push_back(readDataset(st));
    if (!st.status().isOk()) return st.status();
    return out;
}

Result<DatasetRecord> ProjectStore::dataset(std::int64_t id) {
    auto st = m_db->prepare(std::string(kDatasetColumns) + " WHERE id = ?");
    st.bind(1, id);
    if (st.step()) return readDataset(st);
    if (!st.status().isOk()) return st.status();
    return Status::notFound("no dataset with id " + std::to_string(id) + " in " + m_db->path());
}

Result<DatasetState> ProjectStore::checkDataset(std::int64_t id) {
    auto d = dataset(id);
    if (!d) return d.status();
    std::error_code ec;
    if (!std::filesystem::exists(d->path, ec)) return DatasetState::Missing;
    auto hash = sha256FileHex(d->path);
    if (!hash) return DatasetState::Missing;
    return *hash == d->sha256 ? DatasetState::Unchanged : DatasetState::Changed;
}

Status ProjectStore::relinkDataset(std::int64_t id, const std::string& newPath) {
    auto hash = sha256FileHex(newPath);
    if (!hash) return hash.status();
    auto st = m_db->prepare("UPDATE datasets SET path = ?, sha256 = ? WHERE id = ?");
    st.bind(1, std::filesystem::absolute(newPath).lexically_normal().string()).bind(2, *hash).bind(3, id);
    return st.run();
}

Status ProjectStore::setDatasetSetting(std::int64_t id, const std::string& key, const nlohmann::json& value) {
    auto st = m_db->prepare(
        "INSERT INTO dataset_settings(dataset_id, key, value) VALUES(?,?,?) "
        "ON CONFLICT(dataset_id, key) DO UPDATE SET value = excluded.value");
    st.bind(1, id).bind(2, key).bind(3, value.dump());
    return st.run();
}

Result<std::optional<nlohmann::json>> ProjectStore::datasetSetting(std::int64_t id, const std::string& key) {
    auto st = m_db->prepare("SELECT value FROM dataset_settings WHERE dataset_id = ? AND key = ?");
    st.bind(1, id).bind(2, key);
    if (st.step()) return std::optional<nlohmann::json>(nlohmann::json::parse(st.columnText(0), nullptr, false));
    if (!st.status().isOk()) return st.status();
    return std::optional<nlohmann::json>();
}

Result<std::int64_t> ProjectStore::savePlan(const std::string& name, const std::string& kind,
                                            const nlohmann::json& plan) {
    const std::string now = utcNowIso8601();
    auto st = m_db->prepare("INSERT INTO plans(name, kind, json, created, updated) VALUES(?,?,?,?,?)");
    st.bind(1, name).bind(2, kind).bind(3, plan.dump()).bind(4, now).bind(5, now);
    VEIL_RETURN_IF_ERROR(st.run());
    return m_db->lastInsertRowId();
}

Status ProjectStore::updatePlan(std::int64_t id, const nlohmann::json& plan) {
    auto st = m_db->prepare("UPDATE plans SET json = ?, updated = ? WHERE id = ?");
    st.bind(1, plan.dump()).bind(2, utcNowIso8601()).bind(3, id);
    return st.run();
}

Result<std::vector<PlanRecord>> ProjectStore::plans() {
    auto st = m_db->prepare("SELECT id, name, kind, json, updated FROM plans ORDER BY id");
    std::vector<PlanRecord> out;
    while (st.step())
        out.push_back({st.columnInt(0), st.columnText(1), st.columnText(2),
                       nlohmann::json::parse(st.columnText(3), nullptr, false), st.columnText(4)});
    if (!st.status().isOk()) return st.status();
    return out;
}

Result<std::int64_t> ProjectStore::insertRelease(const ReleaseRecord& r) {
    auto st = m_db->prepare(
        "INSERT INTO releases(dataset_id, plan_id, created, bundle_path, manifest, epsilon, delta, "
        "seed_policy) VALUES(?,?,?,?,?,?,?,?)");
    st.bind(1, r.datasetId);
    if (r.planId)
        st.bind(2, *r.planId);
    else
        st.bindNull(2);
    st.bind(3, r.created.empty() ? utcNowIso8601() : r.created)
        .bind(4, r.bundlePath)
        .bind(5, r.manifest.dump())
        .bind(6, r.epsilon)
        .bind(7, r.delta)
        .bind(8, r.seedPolicy.empty() ? std::string("secure") : r.seedPolicy);
    VEIL_RETURN_IF_ERROR(st.run());
    return m_db->lastInsertRowId();
}

Result<std::vector<ReleaseRecord>> ProjectStore::releases(std::optional<std::int64_t> datasetId) {
    std::string sql =
        "SELECT id, dataset_id, plan_id, created, bundle_path, manifest, epsilon, delta, seed_policy FROM releases";
    if (datasetId) sql += " WHERE dataset_id = ?";
    sql += " ORDER BY id";
    auto st = m_db->prepare(sql);
    if (datasetId) st.bind(1, *datasetId);
    std::vector<ReleaseRecord> out;
    while (st.step()) {
        ReleaseRecord r;
        r.id = st.columnInt(0);
        r.datasetId = st.columnInt(1);
        if (!st.columnIsNull(2)) r.planId = st.columnInt(2);
        r.created = st.columnText(3);
        r.bundlePath = st.columnText(4);
        r.manifest = nlohmann::json::parse(st.columnText(5), nullptr, false);
        r.epsilon = st.columnDouble(6);
        r.delta = st.columnDouble(7);
        r.seedPolicy = st.columnText(8);
        out.push_back(std::move(r));
    }
    if (!st.status().isOk()) return st.status();
    return out;
}

Status ProjectStore::setUiState(const std::string& key, const nlohmann::json& value) {
    auto st = m_db->prepare(
        "INSERT INTO ui_state(key, value) VALUES(?,?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    st.bind(1, key).bind(2, value.dump());
    return st.run();
}

Result<std::optional<nlohmann::json>> ProjectStore::uiState(const std::string& key) {
    auto st = m_db->prepare("SELECT value FROM ui_state WHERE key = ?");
    st.bind(1, key);
    if (st.step()) return std::optional<nlohmann::json>(nlohmann::json::parse(st.columnText(0), nullptr, false));
    if (!st.status().isOk()) return st.status();
    return std::optional<nlohmann::json>();
}

}  // namespace veil::release
