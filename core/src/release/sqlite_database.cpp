#include "veil/release/sqlite_database.h"

#include <sqlite3.h>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace veil::release {

SqliteStatement::SqliteStatement(SqliteDatabase* db, sqlite3_stmt* stmt, Status status)
    : m_db(db), m_stmt(stmt), m_status(std::move(status)) {}

SqliteStatement::SqliteStatement(SqliteStatement&& o) noexcept
    : m_db(o.m_db), m_stmt(o.m_stmt), m_status(std::move(o.m_status)) {
    o.m_stmt = nullptr;
}

SqliteStatement& SqliteStatement::operator=(SqliteStatement&& o) noexcept {
    if (this != &o) {
        if (m_stmt) sqlite3_finalize(m_stmt);
        m_db = o.m_db;
        m_stmt = o.m_stmt;
        m_status = std::move(o.m_status);
        o.m_stmt = nullptr;
    }
    return *this;
}

SqliteStatement::~SqliteStatement() {
    if (m_stmt) sqlite3_finalize(m_stmt);
}

namespace {
void note(Status& status, int rc, SqliteDatabase* db, const char* what) {
    if (rc != SQLITE_OK && status.isOk())
        status = Status::ioError(std::string(what) + " failed: " + (db ? db->errorMessage() : sqlite3_errstr(rc)));
}
}  // namespace

SqliteStatement& SqliteStatement::bind(int index, std::int64_t value) {
    if (m_stmt) note(m_status, sqlite3_bind_int64(m_stmt, index, value), m_db, "binding a value");
    return *this;
}
SqliteStatement& SqliteStatement::bind(int index, double value) {
    if (m_stmt) note(m_status, sqlite3_bind_double(m_stmt, index, value), m_db, "binding a value");
    return *this;
}
SqliteStatement& SqliteStatement::bind(int index, std::string_view text) {
    if (m_stmt)
        note(m_status, sqlite3_bind_text(m_stmt, index, text.data(), int(text.size()), SQLITE_TRANSIENT), m_db,
             "binding a value");
    return *this;
}
SqliteStatement& SqliteStatement::bindNull(int index) {
    if (m_stmt) note(m_status, sqlite3_bind_null(m_stmt, index), m_db, "binding a value");
    return *this;
}

bool SqliteStatement::step() {
    if (!m_stmt || !m_status.isOk()) return false;
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) m_status = Status::ioError("database query failed: " + m_db->errorMessage());
    return false;
}

Status SqliteStatement::run() {
    while (step()) {
    }
    return m_status;
}

void SqliteStatement::reset() {
    if (m_stmt) {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }
}

std::int64_t SqliteStatement::columnInt(int i) const { return sqlite3_column_int64(m_stmt, i); }
double SqliteStatement::columnDouble(int i) const { return sqlite3_column_double(m_stmt, i); }
std::string SqliteStatement::columnText(int i) const {
    const auto* p = sqlite3_column_text(m_stmt, i);
    return p ? std::string(reinterpret_cast<const char*>(p), std::size_t(sqlite3_column_bytes(m_stmt, i)))
             : std::string();
}
bool SqliteStatement::columnIsNull(int i) const { return sqlite3_column_type(m_stmt, i) == SQLITE_NULL; }

Result<std::unique_ptr<SqliteDatabase>> SqliteDatabase::open(const std::string& path, OpenMode mode,
                                                             const std::string& expected) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const bool exists = fs::exists(path, ec);
    if (!exists && mode == OpenMode::OpenExisting)
        return Status::notFound(path + ": no such file (expected " + expected + ")");
    if (exists && fs::is_directory(path, ec))
        return Status::invalidArgument(path + ": is a folder; expected " + expected);
    if (exists && !fs::is_regular_file(path, ec))
        return Status::invalidArgument(path + ": is not a regular file; expected " + expected);
    if (exists) {
        // Refuse anything that is not a SQLite file before SQLite touches it.
        std::ifstream in(path, std::ios::binary);
        char header[16] = {};
        in.read(header, 16);
        const auto got = in.gcount();
        if (got != 0 && (got < 16 || std::memcmp(header, "SQLite format 3", 16) != 0))
            return Status::parseError(path + ": not " + expected +
                                      " (the file is not a SQLite database); it was left untouched");
    }
    std::unique_ptr<SqliteDatabase> db(new SqliteDatabase);
    db->m_path = path;
    const int flags = SQLITE_OPEN_READWRITE | (mode == OpenMode::CreateIfMissing ? SQLITE_OPEN_CREATE : 0);
    const int rc = sqlite3_open_v2(path.c_str(), &db->m_db, flags, nullptr);
    if (rc != SQLITE_OK) {
        const std::string msg = db->m_db ? sqlite3_errmsg(db->m_db) : sqlite3_errstr(rc);
        return Status::ioError(path + ": cannot open the database (" + msg + ")");
    }
    sqlite3_busy_timeout(db->m_db, 5000);
    sqlite3_extended_result_codes(db->m_db, 1);
    // Check integrity cheaply: reading the schema fails on a corrupt file.
    if (Status s = db->exec("PRAGMA foreign_keys = ON; SELECT count(*) FROM sqlite_master;"); !s.isOk())
        return Status::parseError(path + ": damaged or not " + expected + " (" + s.message() +
                                  "); it was left untouched");
    return db;
}

Status SqliteDatabase::makeDurable() { return exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;"); }

SqliteDatabase::~SqliteDatabase() {
    if (m_db) sqlite3_close_v2(m_db);
}

Status SqliteDatabase::exec(std::string_view sql) {
    char* err = nullptr;
    const std::string text(sql);
    const int rc = sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        std::string msg = err ? err : sqlite3_errstr(rc);
        sqlite3_free(err);
        return Status::ioError(m_path + ": " + msg);
    }
    return Status::ok();
}

SqliteStatement SqliteDatabase::prepare(std::string_view sql) {
    sqlite3_stmt* stmt = nullptr;
    const int rc = sqlite3_prepare_v2(m_db, sql.data(), int(sql.size()), &stmt, nullptr);
    Status s = rc == SQLITE_OK ? Status::ok() : Status::ioError("cannot prepare a query: " + errorMessage());
    return SqliteStatement(this, stmt, std::move(s));
}

std::int64_t SqliteDatabase::lastInsertRowId() const { return sqlite3_last_insert_rowid(m_db); }
// SQLite's message, with the file it is about.
std::string SqliteDatabase::errorMessage() const {
    return m_path + ": " + (m_db ? sqlite3_errmsg(m_db) : "no database");
}

Result<int> SqliteDatabase::userVersion() {
    auto st = prepare("PRAGMA user_version");
    if (!st.step()) return st.status().isOk() ? Status::ioError("cannot read the schema version") : st.status();
    return int(st.columnInt(0));
}

Status SqliteDatabase::setUserVersion(int version) { return exec("PRAGMA user_version = " + std::to_string(version)); }

SqliteTransaction::SqliteTransaction(SqliteDatabase& db) : m_db(db), m_status(db.exec("BEGIN IMMEDIATE")) {
    m_done = !m_status.isOk();
}

SqliteTransaction::~SqliteTransaction() {
    if (!m_done) (void)m_db.exec("ROLLBACK");
}

Status SqliteTransaction::commit() {
    if (m_done) return m_status.isOk() ? Status::internal("transaction already finished") : m_status;
    m_done = true;
    Status s = m_db.exec("COMMIT");
    if (!s.isOk()) (void)m_db.exec("ROLLBACK");
    return s;
}

}  // namespace veil::release
