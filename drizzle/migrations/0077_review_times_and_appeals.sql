-- Verification people can plan around (docs/decisions/0064-review-times-and-appeals.md): the public page of
-- waits reads the decisions of the last 7 days of each kind.
CREATE INDEX verification_requests_decided ON verification_requests (kind, decided_at) WHERE decided_at IS NOT NULL;

-- One appeal of a refusal: an ID or photo check refused, or a takedown case decided against one side. A
-- different administrator from the one who refused decides it when there is more than one administrator.
CREATE TABLE appeals (
  id TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('id', 'photo', 'takedown')),
  -- The refused verification request's id, or the takedown case's id.
  subject_id TEXT NOT NULL,
  -- Who appeals: the listing's owner (signed in), or a takedown's complainant (by the link in their e-mail).
  side TEXT NOT NULL CHECK (side IN ('owner', 'complainant')),
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  listing_name TEXT NOT NULL,
  -- The refusal as it stood: its reason and who decided it (an administrator's id, 'clock' or 'owner').
  refusal TEXT NOT NULL,
  refused_by TEXT NOT NULL,
  -- The appellant's words, sealed under SEALING_KEY bound to the appeal.
  message TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'overturned')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT,
  reason TEXT NOT NULL DEFAULT ''
);
-- One appeal per refusal.
CREATE UNIQUE INDEX appeals_one_per_refusal ON appeals (kind, subject_id);
CREATE INDEX appeals_open ON appeals (created_at) WHERE status = 'open';
CREATE INDEX appeals_user ON appeals (user_id);
