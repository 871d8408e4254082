-- Accounts: revocable sessions, password reset tokens and the local development mailbox.
-- Tokens are random and only their SHA-256 (hex) is stored, so a copy of this database cannot be
-- replayed as anyone's cookie or reset link. Times are UTC milliseconds.

CREATE TABLE sessions (
  -- SHA-256 of the cookie's token.
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  -- Written at most every few minutes (idle expiry slides on it).
  last_seen_at INTEGER NOT NULL,
  -- Absolute expiry: created_at plus the maximum session length.
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE password_resets (
  -- SHA-256 of the token in the e-mailed link.
  token_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Set when used, or when another link of the same user was used: each link works once.
  used_at INTEGER
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at);

-- Only written when APP_ENV is "development": e-mails land here instead of being sent, and
-- /dev/outbox shows them.
CREATE TABLE dev_outbox (
  id TEXT PRIMARY KEY NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX dev_outbox_created ON dev_outbox (created_at);
