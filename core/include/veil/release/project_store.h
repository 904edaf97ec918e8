// ProjectStore: a Veil project (.veil) is one SQLite database holding the datasets' references
// (path + SHA-256 of the content, so a changed file is detected), their settings (roles, types,
// hierarchies as JSON), saved plans (JSON), the releases made, and the window's state. The
// privacy ledger, with each dataset's budget, lives in the same file (PrivacyLedger::attach).
// Every write is a transaction; a file written by an older version is migrated on open (schema
// version in PRAGMA user_version).
#pragma once

#include "veil/common/status.h"
#include "veil/release/sqlite_database.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace veil::release {

inline constexpr int kProjectSchemaVersion = 2;

struct DatasetRecord {
    std::int64_t id = 0;
    std::string name;
    std::string path;
    std::string kind;    // "table", "graph", "points", "histogram"
    std::string sha256;  // of the file's bytes when it was added or relinked
};

enum class DatasetState { Unchanged, Changed, Missing };

struct PlanRecord {
    std::int64_t id = 0;
    std::string name;
    std::string kind;  // "anonymization", "mechanism", "psd", "graph-release", "experiment"
    nlohmann::json plan;
    std::string updated;  // ISO 8601 UTC
};

struct ReleaseRecord {
    std::int64_t id = 0;
    std::int64_t datasetId = 0;
    std::optional<std::int64_t> planId;
    std::string created;
    std::string bundlePath;
    nlohmann::json manifest;
    double epsilon = 0;
    double delta = 0;
    std::string seedPolicy;  // "secure" or "seeded"
};

class ProjectStore {
public:
    // Opens a project, creating it when `create` is true and the file does not exist. Migrates an
    // older schema; refuses a newer one, a damaged file or a non-project file (never overwrites).
    static Result<std::unique_ptr<ProjectStore>> open(const std::string& path, bool create);

    const std::string& path() const { return m_db->path(); }
    SqliteDatabase& database() { return *m_db; }

    // Datasets
    Result<std::int64_t> addDataset(const std::string& name, const std::string& path, const std::string& kind);
    Result<std::vector<DatasetRecord>> datasets();
    Result<DatasetRecord> dataset(std::int64_t id);
    // Compares the file's current hash with the recorded one.
    Result<DatasetState> checkDataset(std::int64_t id);
    // Points the dataset at another file (e.g. moved); records the new hash.
    Status relinkDataset(std::int64_t id, const std::string& newPath);
    Status setDatasetSetting(std::int64_t id, const std::string& key, const nlohmann::json& value);
    Result<std::optional<nlohmann::json>> datasetSetting(std::int64_t id, const std::string& key);

    // Plans
    Result<std::int64_t> savePlan(const std::string& name, const std::string& kind, const nlohmann::json& plan);
    Status updatePlan(std::int64_t id, const nlohmann::json& plan);
    Result<std::vector<PlanRecord>> plans();

    // Releases (written by the release bundle writer inside its transaction).
    Result<std::int64_t> insertRelease(const ReleaseRecord& record);
    Result<std::vector<ReleaseRecord>> releases(std::optional<std::int64_t> datasetId = std::nullopt);

    // Window state and other key/value settings.
    Status setUiState(const std::string& key, const nlohmann::json& value);
    Result<std::optional<nlohmann::json>> uiState(const std::string& key);

private:
    explicit ProjectStore(std::unique_ptr<SqliteDatabase> db) : m_db(std::move(db)) {}
    Status migrate();
    std::unique_ptr<SqliteDatabase> m_db;
};

// Current UTC time as ISO 8601 ("2026-11-22T05:40:00Z").
std::string utcNowIso8601();

}  // namespace veil::release
