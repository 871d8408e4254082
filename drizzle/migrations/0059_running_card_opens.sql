-- The profiles opened from a card join the per-photo running totals, so that the insights page's cover rotation
-- reads each chosen cover's sums in two rows, like the per-photo table, instead of up to 90 daily rows a cover:
-- with 3 covers and 20 photos the page passed its budget of 500 rows read (docs/decisions/0039-running-totals.md).
ALTER TABLE listing_photo_running ADD COLUMN card_opens INTEGER NOT NULL DEFAULT 0;

UPDATE listing_photo_running SET card_opens = t.total
  FROM (SELECT listing_id, photo, day, SUM(card_opens) OVER (PARTITION BY listing_id, photo ORDER BY day) AS total
        FROM listing_photo_daily) t
  WHERE t.listing_id = listing_photo_running.listing_id AND t.photo = listing_photo_running.photo
    AND t.day = listing_photo_running.day;

-- The triggers of 0058 again, with the new column; the new day's row now reads the total before it once.
DROP TRIGGER listing_photo_running_on_insert;
DROP TRIGGER listing_photo_running_on_update;

CREATE TRIGGER listing_photo_running_on_insert AFTER INSERT ON listing_photo_daily
BEGIN
  INSERT OR IGNORE INTO listing_photo_running (listing_id, photo, day, shown, opened, card_opens)
    SELECT NEW.listing_id, NEW.photo, NEW.day, COALESCE(b.shown, 0), COALESCE(b.opened, 0), COALESCE(b.card_opens, 0)
    FROM (SELECT 1) LEFT JOIN (SELECT r.shown, r.opened, r.card_opens FROM listing_photo_running r
      WHERE r.listing_id = NEW.listing_id AND r.photo = NEW.photo AND r.day < NEW.day ORDER BY r.day DESC LIMIT 1) b;
  UPDATE listing_photo_running
    SET shown = shown + NEW.shown, opened = opened + NEW.opened, card_opens = card_opens + NEW.card_opens
    WHERE listing_id = NEW.listing_id AND photo = NEW.photo AND day >= NEW.day;
END;

CREATE TRIGGER listing_photo_running_on_update AFTER UPDATE OF shown, opened, card_opens ON listing_photo_daily
  WHEN NEW.shown <> OLD.shown OR NEW.opened <> OLD.opened OR NEW.card_opens <> OLD.card_opens
BEGIN
  UPDATE listing_photo_running
    SET shown = shown + NEW.shown - OLD.shown, opened = opened + NEW.opened - OLD.opened,
      card_opens = card_opens + NEW.card_opens - OLD.card_opens
    WHERE listing_id = NEW.listing_id AND photo = NEW.photo AND day >= NEW.day;
END;
