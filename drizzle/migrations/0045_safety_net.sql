-- Safety Net (docs/decisions/0023-safety-net.md): incident reports from ID-verified providers, the alerts an
-- administrator writes from them, and the private number check.
-- A report holds no identifier in clear: phone numbers, e-mail addresses and names are kept only as keyed
-- hashes (HMAC-SHA-256 under the SAFETY_NET_KEY Worker secret) in safety_identifiers, and the description
-- and the reporter's answers are sealed (AES-GCM under a key derived from the same secret). The alert's own
-- fields (alert_*) are written by the administrator and are what other providers read.
-- Status: pending (in the queue), question (waiting for the reporter's answer), published, declined.
-- A withdrawn report, and a removed alert, is deleted at once with its hashes (ON DELETE CASCADE).
CREATE TABLE safety_reports (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  incident_date TEXT NOT NULL,
  region TEXT NOT NULL,
  category TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'question', 'published', 'declined')),
  second_look INTEGER NOT NULL DEFAULT 0,
  question TEXT NOT NULL DEFAULT '',
  answer TEXT NOT NULL DEFAULT '',
  decline_reason TEXT NOT NULL DEFAULT '',
  alert_region TEXT NOT NULL DEFAULT '',
  alert_month TEXT NOT NULL DEFAULT '',
  alert_category TEXT NOT NULL DEFAULT '',
  alert_text TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT,
  published_at INTEGER,
  expires_at INTEGER
);
CREATE INDEX safety_reports_user ON safety_reports (user_id, created_at);
CREATE INDEX safety_reports_queue ON safety_reports (status, created_at);
CREATE INDEX safety_reports_alerts ON safety_reports (alert_region, published_at) WHERE status = 'published';
CREATE INDEX safety_reports_expiry ON safety_reports (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE safety_identifiers (
  report_id TEXT NOT NULL REFERENCES safety_reports(id) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  PRIMARY KEY (report_id, hash)
);
CREATE INDEX safety_identifiers_hash ON safety_identifiers (hash);

-- The check's limit: one row per account and New Zealand day with that day's total, nothing about what was
-- checked. Swept after two days.
CREATE TABLE safety_checks (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);
