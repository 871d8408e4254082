-- Running totals of each listing's per-photo and per-region counts, so that the insights page reads any range's
-- sums in two rows per photo or region (the last row, minus the last row before the range) rather than every
-- day of the range: at 90 days and several photos and regions the daily rows alone passed the page's budget
-- of 500 rows read (docs/decisions/0039-running-totals.md).
-- A row holds the sums from the first counted day up to and including its day. The daily tables stay the
-- record (the export, cover rotation and retention read them); triggers on them keep these rows in step, so
-- every writer of a daily row (the count flush, the seed, a test) keeps the totals right without knowing them.
CREATE TABLE listing_photo_running (
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  photo TEXT NOT NULL,
  day TEXT NOT NULL,
  shown INTEGER NOT NULL DEFAULT 0,
  opened INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, photo, day)
) WITHOUT ROWID;

CREATE TABLE listing_region_running (
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  region TEXT NOT NULL,
  day TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, region, day)
) WITHOUT ROWID;

INSERT INTO listing_photo_running (listing_id, photo, day, shown, opened)
  SELECT listing_id, photo, day,
    SUM(shown) OVER (PARTITION BY listing_id, photo ORDER BY day),
    SUM(opened) OVER (PARTITION BY listing_id, photo ORDER BY day)
  FROM listing_photo_daily;

INSERT INTO listing_region_running (listing_id, region, day, views)
  SELECT listing_id, region, day, SUM(views) OVER (PARTITION BY listing_id, region ORDER BY day)
  FROM listing_region_daily;

-- A new day's row starts from the total before it; its counts then go into it and into every later row (a late
-- flush for yesterday, after today's row was made, still lands in both).
CREATE TRIGGER listing_photo_running_on_insert AFTER INSERT ON listing_photo_daily
BEGIN
  INSERT OR IGNORE INTO listing_photo_running (listing_id, photo, day, shown, opened)
    VALUES (NEW.listing_id, NEW.photo, NEW.day,
      COALESCE((SELECT r.shown FROM listing_photo_running r
        WHERE r.listing_id = NEW.listing_id AND r.photo = NEW.photo AND r.day < NEW.day ORDER BY r.day DESC LIMIT 1), 0),
      COALESCE((SELECT r.opened FROM listing_photo_running r
        WHERE r.listing_id = NEW.listing_id AND r.photo = NEW.photo AND r.day < NEW.day ORDER BY r.day DESC LIMIT 1), 0));
  UPDATE listing_photo_running SET shown = shown + NEW.shown, opened = opened + NEW.opened
    WHERE listing_id = NEW.listing_id AND photo = NEW.photo AND day >= NEW.day;
END;

CREATE TRIGGER listing_photo_running_on_update AFTER UPDATE OF shown, opened ON listing_photo_daily
  WHEN NEW.shown <> OLD.shown OR NEW.opened <> OLD.opened
BEGIN
  UPDATE listing_photo_running SET shown = shown + NEW.shown - OLD.shown, opened = opened + NEW.opened - OLD.opened
    WHERE listing_id = NEW.listing_id AND photo = NEW.photo AND day >= NEW.day;
END;

CREATE TRIGGER listing_region_running_on_insert AFTER INSERT ON listing_region_daily
BEGIN
  INSERT OR IGNORE INTO listing_region_running (listing_id, region, day, views)
    VALUES (NEW.listing_id, NEW.region, NEW.day,
      COALESCE((SELECT r.views FROM listing_region_running r
        WHERE r.listing_id = NEW.listing_id AND r.region = NEW.region AND r.day < NEW.day ORDER BY r.day DESC LIMIT 1), 0));
  UPDATE listing_region_running SET views = views + NEW.views
    WHERE listing_id = NEW.listing_id AND region = NEW.region AND day >= NEW.day;
END;

CREATE TRIGGER listing_region_running_on_update AFTER UPDATE OF views ON listing_region_daily
  WHEN NEW.views <> OLD.views
BEGIN
  UPDATE listing_region_running SET views = views + NEW.views - OLD.views
    WHERE listing_id = NEW.listing_id AND region = NEW.region AND day >= NEW.day;
END;
