-- Changing an account's e-mail address (issue 13): the owner confirms who they are, then a single-use link
-- goes to the NEW address and the change happens only when it is used, so a typo or a stolen session
-- cannot move the account (and its password resets) to someone else's inbox. Like reset links, only the
-- SHA-256 of the token is stored. Times are UTC milliseconds.
CREATE TABLE email_changes (
  -- SHA-256 of the token in the e-mailed link.
  token_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Trimmed and lower-cased. Empty for a request to an address that already has an account: such a row
  -- never had a link sent and can change nothing; it exists so that every request counts the same
  -- towards the hourly cap (a cap that skipped them would tell which addresses are taken).
  new_email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Set when used, when a newer request replaces it, or at once for a request that can change nothing.
  used_at INTEGER
);
CREATE INDEX email_changes_user ON email_changes (user_id, created_at);
