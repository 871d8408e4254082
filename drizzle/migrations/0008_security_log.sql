-- The account-security log (issue 12 §6): sign-ins, failed sign-ins, password resets and changes,
-- two-factor changes and deletions, readable by the account's owner on /managesub. Times are UTC ms.
-- It never holds a secret, token, hash, raw IP address or driver error: only what happened, when, a rough
-- place (city and country from Cloudflare) and a short device summary (browser and system). Rows go with
-- the account (ON DELETE CASCADE) and are removed by the cron after SECURITY_LOG_RETENTION_DAYS.
CREATE TABLE security_events (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event TEXT NOT NULL,
  place TEXT NOT NULL DEFAULT '',
  device TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX security_events_user_time ON security_events (user_id, created_at);
CREATE INDEX security_events_time ON security_events (created_at);
