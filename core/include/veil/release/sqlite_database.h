// SqliteDatabase: the one guarded wrapper around SQLite used by the project store and the
// ledger. Errors come back as Status (with SQLite's message), statements are RAII, and
// transactions roll back unless committed. Opening never creates or overwrites a file that is
// not a SQLite database.
#pragma once

#include "veil/common/status.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace veil::release {

class SqliteDatabase;

class SqliteStatement {
public:
    SqliteStatement(SqliteStatement&&) noexcept;
    SqliteStatement& operator=(SqliteStatement&&) noexcept;
    ~SqliteStatement();

    SqliteStatement& bind(int index, std::int64_t value);
    SqliteStatement& bind(int index, double value);
    SqliteStatement& bind(int index, std::string_view text);
    SqliteStatement& bindNull(int index);

    // Steps once: true when a row is available, false when done; errors in status().
    bool step();
    // Runs to completion (for INSERT/UPDATE/DELETE).
    Status run();
    Status status() const { return m_status; }
    void reset();

    std::int64_t columnInt(int index) const;
    double columnDouble(int index) const;
    std::string columnText(int index) const;
    bool columnIsNull(int index) const;

private:
    friend class SqliteDatabase;
    SqliteStatement(SqliteDatabase* db, sqlite3_stmt* stmt, Status status);
    SqliteDatabase* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
    Status m_status;
};

class SqliteDatabase {
public:
    enum class OpenMode { OpenExisting, CreateIfMissing };

    // Opens (or creates) a database file. A file that exists but is not a SQLite database is
    // refused with a ParseError and left untouched.
    // `expected` names what the file should be in messages ("a Veil project", "a privacy ledger").
    // Errors: a folder, a file that is not SQLite (left untouched), SQLite's own.
    static Result<std::unique_ptr<SqliteDatabase>> open(const std::string& path, OpenMode mode,
                                                        const std::string& expected = "a Veil project");
    // WAL journal and synchronous = FULL: called by the owner once it has checked that the file
    // is its own (the journal mode is stored in the file).
    Status makeDurable();
    ~SqliteDatabase();
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;

    Status exec(std::string_view sql);
    SqliteStatement prepare(std::string_view sql);
    std::int64_t lastInsertRowId() const;
    const std::string& path() const { return m_path; }
    std::string errorMessage() const;

    // user_version pragma: the schema version of a project file.
    Result<int> userVersion();
    Status setUserVersion(int version);

private:
    SqliteDatabase() = default;
    sqlite3* m_db = nullptr;
    std::string m_path;
    friend class SqliteStatement;
};

// RAII transaction: BEGIN IMMEDIATE on construction, ROLLBACK on destruction unless commit().
class SqliteTransaction {
public:
    explicit SqliteTransaction(SqliteDatabase& db);
    ~SqliteTransaction();
    SqliteTransaction(const SqliteTransaction&) = delete;
    SqliteTransaction& operator=(const SqliteTransaction&) = delete;
    const Status& status() const { return m_status; }
    Status commit();

private:
    SqliteDatabase& m_db;
    Status m_status;
    bool m_done = false;
};

}  // namespace veil::release
