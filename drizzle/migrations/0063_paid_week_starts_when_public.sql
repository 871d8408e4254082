-- A week bought while its listing is hidden (an ID check still waiting, say) starts when the listing first
-- becomes public, not at the payment (docs/decisions/0050-paid-week-starts-when-public.md). The payment stores the
-- period from its own moment with `starts_when_public` set; the moment the visibility rule's one writer turns
-- `live` on, this trigger moves the period so that it starts then, adding back the time it waited. The
-- writer stamps `updated_at` with the same clock in the same statement, so the start is the app's moment.
ALTER TABLE subscriptions ADD COLUMN starts_when_public INTEGER NOT NULL DEFAULT 0 CHECK (starts_when_public IN (0, 1));

-- A new version too, so a writer that read the waiting period (a free-weeks grant, say) loses its
-- compare-and-swap instead of writing the old start back.
CREATE TRIGGER subscriptions_start_when_public AFTER UPDATE OF live ON listings
  WHEN OLD.live = 0 AND NEW.live = 1
BEGIN
  UPDATE subscriptions
    SET period_end = period_end + MAX(0, NEW.updated_at - period_start),
        period_start = MAX(period_start, NEW.updated_at),
        starts_when_public = 0,
        version = version + 1,
        updated_at = MAX(updated_at, NEW.updated_at)
    WHERE listing_id = NEW.id AND starts_when_public = 1 AND period_start IS NOT NULL;
END;
