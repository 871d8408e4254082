-- Insights: one aggregate row per listing per UTC day, written only by the count queue's consumer (never on a
-- page's request path: docs/decisions/0024-counting-off-the-request-path.md). No per-visitor rows: the day's
-- dedupe marks (count_marks, swept after two days) are the only trace of a visitor, and they are keyed hashes.
CREATE TABLE listing_daily (
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  impressions INTEGER NOT NULL DEFAULT 0,
  views INTEGER NOT NULL DEFAULT 0,
  photo_opens INTEGER NOT NULL DEFAULT 0,
  contacts INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  favourites INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, day)
) WITHOUT ROWID;

-- Per photo: how often it was the cover on a card seen, and how often it was opened on the profile.
CREATE TABLE listing_photo_daily (
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  photo TEXT NOT NULL,
  shown INTEGER NOT NULL DEFAULT 0,
  opened INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, day, photo)
) WITHOUT ROWID;

-- A mark made by a queue flush says which flush made it, for which listing, kind and photo: the flush inserts
-- its marks (a repeat conflicts and is skipped) and then adds up the marks that are its own, in one batch, so a
-- retried flush counts nothing twice.
ALTER TABLE count_marks ADD COLUMN flush TEXT;
ALTER TABLE count_marks ADD COLUMN listing_id TEXT;
ALTER TABLE count_marks ADD COLUMN kind TEXT;
ALTER TABLE count_marks ADD COLUMN photo TEXT;
CREATE INDEX count_marks_flush ON count_marks (flush) WHERE flush IS NOT NULL;
