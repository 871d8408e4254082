-- A provider's choice of weekly plan, recorded while online payment does not exist yet: nothing is
-- charged, the team contacts the provider to arrange payment. Prices are integer cents (GST incl.).
CREATE TABLE plan_requests (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tier TEXT NOT NULL CHECK (tier IN ('standard', 'featured')),
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  -- No CHECK here: 'paid' and 'cancelled' will follow once payments exist, and SQLite can only
  -- change a CHECK by rebuilding the table.
  status TEXT NOT NULL DEFAULT 'pending_payment',
  created_at INTEGER NOT NULL
);
-- At most one open request per provider: choosing again replaces the earlier choice, so repeated
-- clicks (or a replayed form) cannot pile up rows.
CREATE UNIQUE INDEX plan_requests_one_pending ON plan_requests (user_id) WHERE status = 'pending_payment';
