-- Verification requests, visitors' reports and the administrators' audit log.
-- Times are UTC milliseconds.

-- A provider's request to have a listing's identity ('id': front and back of a licence) or photos
-- ('photo': three pictures) checked. The files are re-encoded and stored in R2 under the private prefix
-- "private/verification/", which no public URL serves; only administrators can view them, and they are
-- deleted from R2 as soon as the request is decided (r2_keys then goes back to '[]'), or when the
-- listing or account is deleted.
CREATE TABLE verification_requests (
  id TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('id', 'photo')),
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  -- Why a request was rejected, shown to the provider on the dashboard.
  reason TEXT NOT NULL DEFAULT '',
  -- JSON array of the R2 keys of the files, in upload order (front, back / photo1..3).
  r2_keys TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  -- The administrator's user id. No foreign key: the record outlives the administrator's account.
  decided_by TEXT
);
-- One pending request per listing and kind: a second one is refused (and a race loses on this index).
CREATE UNIQUE INDEX verification_requests_one_pending ON verification_requests (listing_id, kind) WHERE status = 'pending';
CREATE INDEX verification_requests_status ON verification_requests (status, created_at);
CREATE INDEX verification_requests_user ON verification_requests (user_id, created_at);
-- The sweep that finishes interrupted R2 deletes reads only decided rows that still name files.
CREATE INDEX verification_requests_leftover ON verification_requests (status) WHERE status <> 'pending' AND r2_keys <> '[]';

-- A visitor's report about a public listing ('Report' on the profile). Open reports wait in the
-- administrators' queue against a 48-hour handling window.
CREATE TABLE reports (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  details TEXT NOT NULL DEFAULT '',
  -- Optional e-mail or phone of the reporter, for follow-up questions only.
  contact TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'hidden', 'dismissed')),
  created_at INTEGER NOT NULL,
  handled_at INTEGER,
  handled_by TEXT
);
CREATE INDEX reports_status ON reports (status, created_at);
CREATE INDEX reports_listing ON reports (listing_id, status);

-- Every administrator action: who, what, when, on which listing / request / report, and a short detail.
-- Written in the same D1 batch as the action itself, so an action without its record (or the reverse)
-- cannot happen. No foreign keys: the log outlives deleted listings and accounts.
CREATE TABLE admin_audit (
  id TEXT PRIMARY KEY NOT NULL,
  admin_id TEXT NOT NULL,
  action TEXT NOT NULL,
  listing_id TEXT,
  request_id TEXT,
  report_id TEXT,
  detail TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX admin_audit_created ON admin_audit (created_at DESC, id DESC);
