-- R2 deletes that failed on every retry of the queue (its dead-letter queue writes them here). The cron
-- tries them again every run until R2 answers, so no photo or document of a deleted listing or account
-- outlives a longer outage. Keys only: no listing, user or name.
CREATE TABLE r2_delete_failures (
  id TEXT PRIMARY KEY NOT NULL,
  keys TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  last_tried_at INTEGER NOT NULL
);
