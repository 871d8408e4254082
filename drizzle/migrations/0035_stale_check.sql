-- The stale-listing check (issue 16 item 4, app/features/listings/upkeep.ts): a live listing neither saved nor
-- confirmed for 30 days is asked by e-mail whether it is still available (a single-use link, only its hash
-- kept); seven days after the question, unanswered, the cron switches it off as 'Hidden - confirm your
-- listing' until the owner confirms. Existing listings count as confirmed at their last save.
ALTER TABLE listings ADD COLUMN confirmed_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN stale_reminded_at INTEGER;
ALTER TABLE listings ADD COLUMN stale_token_hash TEXT;
ALTER TABLE listings ADD COLUMN hidden_as_stale INTEGER NOT NULL DEFAULT 0;
UPDATE listings SET confirmed_at = updated_at WHERE true;
CREATE UNIQUE INDEX listings_stale_token ON listings (stale_token_hash) WHERE stale_token_hash IS NOT NULL;
CREATE INDEX listings_stale_due ON listings (confirmed_at) WHERE live = 1;
-- A listing written without a confirmation time (the seed, tests, any insert that predates this column)
-- counts as confirmed when it was last updated, not in 1970: otherwise the first cron would ask them all.
CREATE TRIGGER listings_confirmed_at_default AFTER INSERT ON listings WHEN NEW.confirmed_at = 0
BEGIN
  UPDATE listings SET confirmed_at = NEW.updated_at WHERE id = NEW.id;
END;
