-- Sign-up confirmed by e-mail (issue 13, docs/decisions/0010-confirmed-signup.md). A new account cannot sign
-- in until its address is confirmed through a mailed link; every account that exists already has proved
-- nothing by e-mail but was made under the old rules, so it counts as confirmed from its creation.
ALTER TABLE users ADD COLUMN email_confirmed_at INTEGER;
UPDATE users SET email_confirmed_at = created_at;
-- The cron removes sign-ups never confirmed; this keeps that sweep off the whole table.
CREATE INDEX users_unconfirmed ON users (created_at) WHERE email_confirmed_at IS NULL;

CREATE TABLE email_confirmations (
  -- SHA-256 of the token in the e-mailed link, like password_resets: a copy of the database holds no link.
  token_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Where the person was going when they signed up (a same-site path that passed the redirect guard).
  redirect_to TEXT NOT NULL DEFAULT '/dashboard',
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Set when used, or when a newer link of the same account replaced it: each link works once.
  used_at INTEGER
);
-- Recent links per account: the per-hour mail cap counts them.
CREATE INDEX email_confirmations_user ON email_confirmations (user_id, created_at);
