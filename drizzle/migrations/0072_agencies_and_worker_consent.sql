-- Agencies done right (docs/decisions/0058-worker-consent-and-agency-checks.md): every agency listing needs its
-- worker's own, revocable consent, and an agency publishes only once an administrator has checked its operator
-- certificate (or its statement that none is needed), and while it is not suspended. Both are inputs of the one
-- visibility rule (app/features/listings/visibility.ts), stored on the listing like the others.
ALTER TABLE listings ADD COLUMN awaiting_consent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN agency_held INTEGER NOT NULL DEFAULT 0;

-- The agency's own details. The certificate and the statement are private: the owner and administrators only.
CREATE TABLE agencies (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  regions TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  contact_line TEXT NOT NULL DEFAULT '',
  opening_hours TEXT NOT NULL DEFAULT '',
  certificate_number TEXT,
  certificate_expires TEXT,
  no_certificate_reason TEXT,
  certificate_checked_at INTEGER,
  certificate_checked_by TEXT,
  expiry_reminded_for TEXT,
  suspended_at INTEGER,
  updated_at INTEGER NOT NULL,
  CHECK ((certificate_number IS NULL) = (certificate_expires IS NULL)),
  CHECK (certificate_number IS NULL OR no_certificate_reason IS NULL)
);

-- One worker's consent to one listing. The address is kept for this only and goes with the listing.
-- token_hash is the one-time-link service's hash of the link mailed to her (null while a new link waits to be
-- mailed); the link stays usable while the row exists, so she can withdraw at any time.
CREATE TABLE worker_consents (
  listing_id TEXT PRIMARY KEY NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  token_hash TEXT UNIQUE,
  state TEXT NOT NULL CHECK (state IN ('asked', 'agreed', 'declined', 'withdrawn')),
  ask_reason TEXT NOT NULL DEFAULT 'first' CHECK (ask_reason IN ('first', 'name', 'photos')),
  proposed_on_agency_page INTEGER NOT NULL DEFAULT 0,
  asked_at INTEGER NOT NULL,
  mailed_at INTEGER,
  decided_at INTEGER,
  agreed_name TEXT,
  agreed_image_ids TEXT,
  on_agency_page INTEGER NOT NULL DEFAULT 0
);

-- The cron's reminder: certificates by expiry date.
CREATE INDEX agencies_certificate_expires ON agencies (certificate_expires) WHERE certificate_expires IS NOT NULL;

-- Existing agency listings: no worker has consented yet, and no administrator has checked an agency. They are
-- hidden until both happen (a person's consent is not something a migration can assume).
UPDATE listings SET awaiting_consent = 1, agency_held = 1, live = 0, active = 0
WHERE user_id IN (SELECT id FROM users WHERE agency = 1);

DROP TRIGGER listings_live_follows_rule;

CREATE TRIGGER listings_live_follows_rule BEFORE UPDATE OF live, verified, paid, paused_at, hidden_as_stale, switched_off, awaiting_consent, agency_held ON listings
WHEN NEW.live = 1 AND NOT (NEW.verified = 1 AND NEW.paid = 1 AND NEW.paused_at IS NULL AND NEW.hidden_as_stale = 0 AND NEW.switched_off = 0 AND NEW.awaiting_consent = 0 AND NEW.agency_held = 0)
BEGIN
  SELECT RAISE(ABORT, 'listing_not_public');
END;

-- A new agency listing cannot be inserted live either.
CREATE TRIGGER listings_insert_follows_rule BEFORE INSERT ON listings
WHEN NEW.live = 1 AND (NEW.awaiting_consent = 1 OR NEW.agency_held = 1)
BEGIN
  SELECT RAISE(ABORT, 'listing_not_public');
END;
