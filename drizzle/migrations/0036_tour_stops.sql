-- Touring (issue 16 item 1, app/features/listings/tour-stops.ts, docs/touring.md): a listing also appears in another
-- region for set NZ calendar dates, both ends inclusive. At most five stops a listing (positions 1-5 under
-- the primary key), none longer than 31 days, so a stop running today started at most 30 days ago: the grid
-- and the counts read only stops with start_date in [today - 30, today] through tour_stops_region /
-- tour_stops_start, and a stop ends by the date in the query (the request's NZ date), never by a cron.
-- The editor saves a listing's stops by deleting and inserting them in the listing save's batch.
CREATE TABLE tour_stops (
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 5),
  region TEXT NOT NULL,
  suburb TEXT,
  start_date TEXT NOT NULL CHECK (start_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  end_date TEXT NOT NULL CHECK (end_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  PRIMARY KEY (listing_id, position),
  CHECK (end_date >= start_date AND julianday(end_date) - julianday(start_date) < 31)
);
CREATE INDEX tour_stops_region ON tour_stops (region, start_date);
CREATE INDEX tour_stops_start ON tour_stops (start_date);

-- The page cache (migration 0026): a stop is part of its listing's pages (the profile's stops, the card's
-- line) and, while the listing is live, of the public set (the tour region's grid and count).
CREATE TRIGGER page_cache_tour_stops_insert AFTER INSERT ON tour_stops
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || NEW.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_tour_stops_update AFTER UPDATE ON tour_stops
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || OLD.listing_id, 'listing:' || NEW.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id, NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_tour_stops_delete AFTER DELETE ON tour_stops
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || OLD.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id) AND live <> 0);
END;
