-- Photos an administrator hid while a takedown case waits stay hidden through plan changes
-- (docs/decisions/0066-photo-hash-backfill-and-takedown-upkeep.md): the plan's rule of which photos are public
-- (app/features/photos/plan-photos.server.ts) ranks them last and never shows them while this is set; the
-- case's decision clears it (the photos deleted, or shown again).
ALTER TABLE listing_images ADD COLUMN case_hidden INTEGER NOT NULL DEFAULT 0;
UPDATE listing_images SET case_hidden = 1
WHERE id IN (
  SELECT j.value FROM takedown_cases t, json_each(t.image_ids) j
  WHERE t.photos_hidden = 1 AND t.status <> 'decided' AND t.listing_id = listing_images.listing_id
);

-- One contact number, one account, for new listings too (docs/decisions/0067-new-listings-number-held.md): a new
-- listing whose number is on another account's listing stays hidden until an administrator releases it. An input
-- of the one visibility rule (app/features/listings/visibility.ts), kept by the database's guard as the others.
ALTER TABLE listings ADD COLUMN number_held INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER listings_live_follows_rule;

CREATE TRIGGER listings_live_follows_rule BEFORE UPDATE OF live, verified, paid, paused_at, hidden_as_stale, switched_off, awaiting_consent, agency_held, number_held ON listings
WHEN NEW.live = 1 AND NOT (NEW.verified = 1 AND NEW.paid = 1 AND NEW.paused_at IS NULL AND NEW.hidden_as_stale = 0 AND NEW.switched_off = 0 AND NEW.awaiting_consent = 0 AND NEW.agency_held = 0 AND NEW.number_held = 0)
BEGIN
  SELECT RAISE(ABORT, 'listing_not_public');
END;

DROP TRIGGER listings_insert_follows_rule;

CREATE TRIGGER listings_insert_follows_rule BEFORE INSERT ON listings
WHEN NEW.live = 1 AND (NEW.awaiting_consent = 1 OR NEW.agency_held = 1 OR NEW.number_held = 1)
BEGIN
  SELECT RAISE(ABORT, 'listing_not_public');
END;

-- Every save of a listing now asks inside its batch whether another account's listing has its number (and
-- the read-ahead of decision 0062 asked before): by index, not by reading every listing.
CREATE INDEX listings_contact_phone ON listings(contact_phone);
