-- The old address's way to stop an e-mail change (docs/accounts.md, 'Sessions and sensitive changes'): when a
-- change is asked for, the address the account has now is told at once, with a single-use link that ends every
-- pending change of the account without signing in. Someone who knows the password can then no longer move
-- the account quietly while the owner is away. Like every one-time link, only the SHA-256 of the token is
-- stored. Times are UTC milliseconds.
CREATE TABLE email_change_cancels (
  -- SHA-256 of the token in the link mailed to the old address.
  token_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  -- As long as the change it was sent for can be used.
  expires_at INTEGER NOT NULL,
  -- Set when pressed.
  used_at INTEGER
);
CREATE INDEX email_change_cancels_user ON email_change_cancels (user_id);
