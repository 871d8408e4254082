-- Versions that key the page cache (issue 14 item 1, docs/decisions/0012-page-cache.md).
--
-- Anonymous pages and public JSON are kept in the Workers Cache API under keys that carry these numbers, so a
-- write that bumps a number makes every cached copy built before it unreachable at once, in every data
-- centre. Triggers bump them, so no write path (owner, admin, moderation, report, expiry, retention, account
-- deletion) can forget to.
--
-- Scopes:
--  - 'public': the public set of listings. Keys the grid, region, search, home and /api/grid, /api/LPmodels
--    pages, and /view pages (their suggestions are other listings). Bumped by any insert, update or delete of
--    a listing that is or was live, and by any change to the photos or rates of a live listing.
--  - 'listing:{id}': one listing. Keys /view/{id} and /api/model/{id}. Set by any insert or update of that
--    listing or of its photos and rates, live or not, to the next value of 'sequence'; deleted with the
--    listing (a deleted listing leaves no row naming it). A page whose listing has no row is never cached.
--  - 'sequence': the source of listing versions. Drawing each one from a single counter means a number is
--    never given twice, even to a listing id deleted and made again.
--
-- Numbers are milliseconds since 1970 where the clock is ahead of the counter (max(version + 1, now)), so
-- they also never repeat across a database restored from a backup, or emptied and migrated again: the Cache
-- API keeps its copies across both, and a repeated number could name one of them.
--
-- The listings triggers fire on an UPDATE of ANY column, so a column added later (a subscription expiry, a
-- suspension flag) is covered without changing them. Likes move their listing's version (below); views and
-- contacts live in listing_stats and bump nothing: they may be stale for the cache's TTL.
CREATE TABLE page_cache_versions (
  scope TEXT PRIMARY KEY NOT NULL,
  version INTEGER NOT NULL DEFAULT 0
);

INSERT INTO page_cache_versions (scope, version) VALUES ('public', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), ('sequence', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
INSERT INTO page_cache_versions (scope, version) SELECT 'listing:' || id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM listings WHERE true;

CREATE TRIGGER page_cache_listing_insert AFTER INSERT ON listings
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  INSERT INTO page_cache_versions (scope, version)
  SELECT 'listing:' || NEW.id, version FROM page_cache_versions WHERE scope = 'sequence'
  ON CONFLICT (scope) DO UPDATE SET version = excluded.version;
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'public' AND NEW.live <> 0;
END;

CREATE TRIGGER page_cache_listing_update AFTER UPDATE ON listings
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  DELETE FROM page_cache_versions WHERE scope = 'listing:' || OLD.id AND OLD.id <> NEW.id;
  INSERT INTO page_cache_versions (scope, version)
  SELECT 'listing:' || NEW.id, version FROM page_cache_versions WHERE scope = 'sequence'
  ON CONFLICT (scope) DO UPDATE SET version = excluded.version;
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND (OLD.live <> 0 OR NEW.live <> 0);
END;

CREATE TRIGGER page_cache_listing_delete AFTER DELETE ON listings
BEGIN
  DELETE FROM page_cache_versions WHERE scope = 'listing:' || OLD.id;
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'public' AND OLD.live <> 0;
END;

-- Photos and rates: part of /view/{id}, /api/model/{id} and /api/LPmodels (full profiles). Only an existing
-- listing's row is set, so the cascade that follows a listing's delete cannot bring its row back.

CREATE TRIGGER page_cache_images_insert AFTER INSERT ON listing_images
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || NEW.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_images_update AFTER UPDATE ON listing_images
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || OLD.listing_id, 'listing:' || NEW.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id, NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_images_delete AFTER DELETE ON listing_images
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || OLD.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_rates_insert AFTER INSERT ON listing_rates
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || NEW.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_rates_update AFTER UPDATE ON listing_rates
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || OLD.listing_id, 'listing:' || NEW.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id, NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_rates_delete AFTER DELETE ON listing_rates
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || OLD.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_special_rates_insert AFTER INSERT ON listing_special_rates
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || NEW.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_special_rates_update AFTER UPDATE ON listing_special_rates
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || OLD.listing_id, 'listing:' || NEW.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id, NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_special_rates_delete AFTER DELETE ON listing_special_rates
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope IN ('listing:' || OLD.listing_id);
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id) AND live <> 0);
END;

-- Likes: the count on /view/{id} and /api/model/{id}. A visitor who likes and reloads must see their like,
-- so a like moves that listing's version (not the public set's: grids show no like counts). Likes are
-- rate-limited per client, so this empties one listing's copies at most as often as someone likes it.
CREATE TRIGGER page_cache_likes_insert AFTER INSERT ON likes
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope = 'listing:' || NEW.listing_id;
END;

CREATE TRIGGER page_cache_likes_delete AFTER DELETE ON likes
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'sequence';
  UPDATE page_cache_versions SET version = (SELECT version FROM page_cache_versions WHERE scope = 'sequence')
  WHERE scope = 'listing:' || OLD.listing_id;
END;
