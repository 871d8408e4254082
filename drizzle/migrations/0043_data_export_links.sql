-- 'Download my data' links are single use (docs/accounts.md, 'Your data'): one row per link made, under the
-- SHA-256 of its signature (never the signature itself). The first download marks it used with one
-- conditional UPDATE (used_at IS NULL), so two downloads racing with the same link cannot both get the file.
CREATE TABLE data_export_links (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX data_export_links_user ON data_export_links (user_id);
