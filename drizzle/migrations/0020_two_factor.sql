-- Two-factor sign-in with an authenticator app (TOTP, issue 13). The shared secret is stored sealed with
-- AES-GCM under the Worker secret TWO_FACTOR_KEY, so a copy of the database alone does not give it away.
-- `secret` is the active one (with enabled_at), `pending_secret` one being set up or replacing it: nothing
-- changes until the owner types a code from the new app. `last_step` is the last 30-second step a code was
-- accepted for; a code for that step or an earlier one is refused (no replay).
CREATE TABLE totp_factors (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret TEXT,
  enabled_at INTEGER,
  last_step INTEGER NOT NULL DEFAULT 0,
  pending_secret TEXT,
  pending_at INTEGER
);

-- Single-use recovery codes: only a SHA-256 of each (they are random and long, so no salt or slow hash is
-- needed); used_at marks a spent one.
CREATE TABLE recovery_codes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (user_id, code_hash)
);

-- A sign-in whose password was right, waiting for the second factor: the cookie holds a random token, this
-- table only its SHA-256. No session exists until the code is right; a few attempts, a few minutes, once.
CREATE TABLE pending_sign_ins (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX pending_sign_ins_user ON pending_sign_ins (user_id);
