-- The weekly visibility statement by e-mail, for providers who opt in (a row is the opt-in; deleting it opts
-- out). last_week is the Monday (NZ date) of the last week sent: the cron claims a week by moving it forward in
-- one UPDATE, so a repeated run never sends the same week twice (docs/decisions/0030-weekly-visibility-statement.md).
CREATE TABLE statement_emails (
  user_id TEXT NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_week TEXT NOT NULL DEFAULT ''
);
