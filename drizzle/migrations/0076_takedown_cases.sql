-- 'This is me' / 'these are my photos': a takedown case with the Harmful Digital Communications Act 2015 s 24
-- clock (docs/decisions/0063-takedown-cases.md). Times are UTC milliseconds.
-- listing_id is kept NULL when the listing is deleted meanwhile, so the complainant can still be told the outcome;
-- listing_name keeps its name for the administrators' queue.
CREATE TABLE takedown_cases (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT REFERENCES listings (id) ON DELETE SET NULL,
  listing_name TEXT NOT NULL,
  owner_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('listed', 'photos')),
  -- The complainant's e-mail address in lower case: the outcome goes there. Never shown to the owner.
  contact TEXT NOT NULL,
  -- What is wrong, sealed under SEALING_KEY bound to the case (app/platform/crypto/sealing-key.server.ts).
  details TEXT NOT NULL,
  -- The disputed photos (JSON list of listing_images ids); '[]' for a listing listed without consent.
  image_ids TEXT NOT NULL DEFAULT '[]',
  -- The proof photo: R2 key of its sealed bytes under private/takedown/, NULL when none or once deleted.
  proof_key TEXT,
  -- A keyed hash of the client's network (an IPv6 /64), for the per-network limit; cleared at the decision.
  network_hash TEXT,
  status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'contested', 'decided')),
  created_at INTEGER NOT NULL,
  -- When the owner was told (by e-mail and on the dashboard), and until when they may answer.
  notified_at INTEGER,
  answer_due_at INTEGER,
  answered_at INTEGER,
  -- The owner's answer, sealed like the details.
  answer TEXT,
  -- The disputed photos hidden by an administrator while the case waits (0/1).
  photos_hidden INTEGER NOT NULL DEFAULT 0,
  outcome TEXT CHECK (outcome IN ('taken_down', 'kept_up')),
  -- Who decided: an administrator's id, 'owner' (they agreed to remove it) or 'clock' (no answer in time).
  decided_by TEXT,
  decided_at INTEGER,
  -- The stated reason of a decision (always given when the content stays up).
  reason TEXT NOT NULL DEFAULT ''
);
CREATE INDEX takedown_cases_open ON takedown_cases (status, answer_due_at) WHERE status <> 'decided';
CREATE INDEX takedown_cases_listing ON takedown_cases (listing_id);
CREATE INDEX takedown_cases_owner ON takedown_cases (owner_id) WHERE status <> 'decided';
CREATE INDEX takedown_cases_contact ON takedown_cases (contact) WHERE status <> 'decided';
CREATE INDEX takedown_cases_network ON takedown_cases (network_hash, created_at);
CREATE INDEX takedown_cases_decided ON takedown_cases (decided_at) WHERE status = 'decided';
