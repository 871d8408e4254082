-- One rule decides when a listing is public (app/features/listings/visibility.ts,
-- docs/decisions/0029-one-visibility-rule.md): verified, paid, not on a break, not hidden by the stale-listing
-- check, and not switched off by someone's choice. `live` stays the stored answer every query, count and
-- cache trigger reads; the app writes it from those inputs in the same UPDATE that changes one of them.

-- The one input that was not stored on its own: a choice to hide the listing (the owner's Live switch,
-- an administrator's 'Make Unlive' or a hide after a report). Until now that choice was `live = 0` itself.
ALTER TABLE listings ADD COLUMN switched_off INTEGER NOT NULL DEFAULT 0;

-- Existing listings keep what they show. A verified, paid listing that is not live, not on a break and not
-- hidden as stale was hidden by choice.
UPDATE listings SET switched_off = 1
WHERE live = 0 AND verified = 1 AND paid = 1 AND paused_at IS NULL AND hidden_as_stale = 0;
-- A lapsed plan remembered whether the listing was live when it expired: one that was not had been hidden
-- by choice (a listing that was never paid for was not, and goes live once approved and paid).
UPDATE listings SET switched_off = 1
WHERE live = 0 AND verified = 1 AND paid = 0 AND hidden_by_expiry = 0
  AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.listing_id = listings.id AND s.period_start IS NOT NULL);

-- The last line, now the whole rule rather than only its plan part: no write (a forgotten code path, a
-- moderator's script) leaves a listing live that the rule hides.
DROP TRIGGER listings_live_needs_plan;

CREATE TRIGGER listings_live_follows_rule BEFORE UPDATE OF live, verified, paid, paused_at, hidden_as_stale, switched_off ON listings
WHEN NEW.live = 1 AND NOT (NEW.verified = 1 AND NEW.paid = 1 AND NEW.paused_at IS NULL AND NEW.hidden_as_stale = 0 AND NEW.switched_off = 0)
BEGIN
  SELECT RAISE(ABORT, 'listing_not_public');
END;
