-- Safety Net after the third outside review (docs/decisions/0043-safety-net-second-pass.md).
--
-- Correction requests: a request whose words are the same as an open one's is folded into it (message_key
-- is the SHA-256 of the words in one form: lower case, single spaces; copies counts the posts folded in), and
-- a contact address may have only a few open requests at once (the contact index). Requests written before
-- this migration keep message_key '' and never fold.
ALTER TABLE safety_corrections ADD COLUMN message_key TEXT NOT NULL DEFAULT '';
ALTER TABLE safety_corrections ADD COLUMN copies INTEGER NOT NULL DEFAULT 1;
CREATE INDEX safety_corrections_fold ON safety_corrections (message_key) WHERE status = 'open';
CREATE INDEX safety_corrections_contact ON safety_corrections (contact) WHERE status = 'open';

-- An administrator's suspension of one account from the Safety Net: no alerts, no checks, no new reports,
-- while the account still reads, answers and withdraws its own reports. Lifting it deletes the row; both
-- are admin_audit rows written in the same batch.
CREATE TABLE safety_suspensions (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL
);
