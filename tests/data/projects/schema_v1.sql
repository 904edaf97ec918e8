-- A project file as Veil wrote it with schema version 1 (before releases had a seed policy).
CREATE TABLE datasets(id INTEGER PRIMARY KEY, name TEXT NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL,
  sha256 TEXT NOT NULL, added TEXT NOT NULL);
CREATE TABLE dataset_settings(dataset_id INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY(dataset_id, key));
CREATE TABLE plans(id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, json TEXT NOT NULL,
  created TEXT NOT NULL, updated TEXT NOT NULL);
CREATE TABLE releases(id INTEGER PRIMARY KEY, dataset_id INTEGER NOT NULL REFERENCES datasets(id),
  plan_id INTEGER REFERENCES plans(id), created TEXT NOT NULL, bundle_path TEXT NOT NULL, manifest TEXT NOT NULL,
  epsilon REAL NOT NULL DEFAULT 0, delta REAL NOT NULL DEFAULT 0);
CREATE TABLE ui_state(key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO datasets VALUES(1, 'adult', '/data/adult.csv', 'table', 'abc', '2026-01-01T00:00:00Z');
INSERT INTO releases VALUES(1, 1, NULL, '2026-01-02T00:00:00Z', '/tmp/r1', '{}', 0.5, 0);
PRAGMA user_version = 1;
