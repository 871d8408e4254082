-- When each listing was public, on which plan and in which region (docs/decisions/0051-statement-of-the-days-public.md):
-- the weekly visibility statement covers only the days a listing was public, grouped by the plan and region it
-- had on each of them, never by today's. One row per stretch of time public in one plan and region, opened and
-- closed by the triggers below whenever `live`, `featured` or `location` change. Their clock is the row's
-- `updated_at`, which every writer of those columns stamps with its own `now` in the same statement.
CREATE TABLE listing_public_spans (
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  started_at INTEGER NOT NULL,
  ended_at INTEGER,
  featured INTEGER NOT NULL,
  location TEXT NOT NULL
);

CREATE INDEX listing_public_spans_listing ON listing_public_spans (listing_id, started_at);
-- The week's spans: those still open, and those that ended after the week began.
CREATE INDEX listing_public_spans_ended ON listing_public_spans (ended_at);

-- Going public or hidden, or a new plan or region while public: the open stretch ends, a new one begins.
CREATE TRIGGER listing_public_spans_on_update AFTER UPDATE OF live, featured, location ON listings
  WHEN OLD.live <> NEW.live OR (NEW.live = 1 AND (OLD.featured <> NEW.featured OR OLD.location <> NEW.location))
BEGIN
  UPDATE listing_public_spans SET ended_at = MAX(started_at, NEW.updated_at)
    WHERE listing_id = NEW.id AND ended_at IS NULL;
  INSERT INTO listing_public_spans (listing_id, started_at, featured, location)
    SELECT NEW.id, NEW.updated_at, NEW.featured, NEW.location WHERE NEW.live = 1;
END;

-- A listing stored public from the start (the demo data, a copy made by a test) has been public since it was listed.
CREATE TRIGGER listing_public_spans_on_insert AFTER INSERT ON listings WHEN NEW.live = 1
BEGIN
  INSERT INTO listing_public_spans (listing_id, started_at, featured, location)
    VALUES (NEW.id, NEW.listed_at, NEW.featured, NEW.location);
END;

-- What is known of listings public today: public at least since their row last changed (no change since can
-- have hidden them). Nothing is known of earlier days, so no statement claims them.
INSERT INTO listing_public_spans (listing_id, started_at, featured, location)
  SELECT id, updated_at, featured, location FROM listings WHERE live = 1;

-- The stored peer figures were each group's impressions over the whole week, grouped by today's plan and
-- region. They are now each member's impressions and time public in the group it had on its days public.
DROP TABLE week_peer_figures;
CREATE TABLE week_peer_figures (
  week_from TEXT NOT NULL,
  plan TEXT NOT NULL,
  region TEXT NOT NULL,
  members TEXT NOT NULL,
  computed_at INTEGER NOT NULL,
  PRIMARY KEY (week_from, plan, region)
) WITHOUT ROWID;
