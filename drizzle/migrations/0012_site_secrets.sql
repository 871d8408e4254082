-- Keys the app makes for itself on first use (for example the key that turns a client address into an
-- anonymous visitor id), so no deploy step has to remember to set them and no raw address is stored.
CREATE TABLE site_secrets (
  name TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
