-- Safety Net, the reported person's side and the digest (docs/decisions/0023-safety-net.md).
-- A correction request from the contact page: who to answer (the address the person gave) and what they say.
-- The number or address they say is theirs is never stored: it is hashed on arrival and only the ids of the
-- published alerts it matched are kept (matched_reports, a JSON list), for the administrator.
-- Handled requests are deleted 30 days after handling.
CREATE TABLE safety_corrections (
  id TEXT PRIMARY KEY NOT NULL,
  contact TEXT NOT NULL,
  message TEXT NOT NULL,
  matched_reports TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'handled')),
  created_at INTEGER NOT NULL,
  handled_at INTEGER,
  handled_by TEXT
);
CREATE INDEX safety_corrections_queue ON safety_corrections (status, created_at);

-- The optional e-mail digest: one row per provider who asked for it, with when the last one went out.
CREATE TABLE safety_digests (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_sent_at INTEGER NOT NULL
);
