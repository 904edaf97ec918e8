// The project file's schema, one SQL script per version step. Version 1 was the first layout;
// version 2 adds the seed policy of each release. Never edit a published step: add a new one.
#pragma once

namespace veil::release::detail {

inline constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE IF NOT EXISTS datasets(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  kind TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  added TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS dataset_settings(
  dataset_id INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY(dataset_id, key));
CREATE TABLE IF NOT EXISTS plans(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  json TEXT NOT NULL,
  created TEXT NOT NULL,
  updated TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS releases(
  id INTEGER PRIMARY KEY,
  dataset_id INTEGER NOT NULL REFERENCES datasets(id),
  plan_id INTEGER REFERENCES plans(id),
  created TEXT NOT NULL,
  bundle_path TEXT NOT NULL,
  manifest TEXT NOT NULL,
  epsilon REAL NOT NULL DEFAULT 0,
  delta REAL NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS ui_state(
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL);
)sql";

inline constexpr const char* kSchemaV2 = R"sql(
ALTER TABLE releases ADD COLUMN seed_policy TEXT NOT NULL DEFAULT 'secure';
)sql";

}  // namespace veil::release::detail
