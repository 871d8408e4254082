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
--  - 'listing:{id}': one listing. Keys /view/{id} and /api/model/{id}. Bumped by any insert, update or delete
--    of that listing or of its photos and rates, live or not.
--
-- The listings triggers fire on an UPDATE of ANY column, so a column added later (a subscription expiry, a
-- suspension flag) is covered without changing them. Counters (likes, views, contacts) live in other tables
-- and deliberately bump nothing: they may be stale for the cache's TTL.
--
-- A scope's row is never deleted: a missing row reads as 0 and numbers only grow, so a key once built is
-- never built again for different content. A listing's row outlives the listing; it holds only the random id.
CREATE TABLE page_cache_versions (
  scope TEXT PRIMARY KEY NOT NULL,
  version INTEGER NOT NULL DEFAULT 0
);

INSERT INTO page_cache_versions (scope, version) VALUES ('public', 1);

CREATE TRIGGER page_cache_listing_insert AFTER INSERT ON listings
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || NEW.id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1 WHERE scope = 'public' AND NEW.live <> 0;
END;

CREATE TRIGGER page_cache_listing_update AFTER UPDATE ON listings
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || NEW.id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  INSERT INTO page_cache_versions (scope, version) SELECT 'listing:' || OLD.id, 1 WHERE OLD.id <> NEW.id
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND (OLD.live <> 0 OR NEW.live <> 0);
END;

CREATE TRIGGER page_cache_listing_delete AFTER DELETE ON listings
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || OLD.id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1 WHERE scope = 'public' AND OLD.live <> 0;
END;

-- Photos and rates: part of /view/{id}, /api/model/{id} and /api/LPmodels (full profiles).
CREATE TRIGGER page_cache_images_insert AFTER INSERT ON listing_images
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || NEW.listing_id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id = NEW.listing_id AND live <> 0);
END;

CREATE TRIGGER page_cache_images_update AFTER UPDATE ON listing_images
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || NEW.listing_id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id, NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_images_delete AFTER DELETE ON listing_images
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || OLD.listing_id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id = OLD.listing_id AND live <> 0);
END;

CREATE TRIGGER page_cache_rates_insert AFTER INSERT ON listing_rates
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || NEW.listing_id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id = NEW.listing_id AND live <> 0);
END;

CREATE TRIGGER page_cache_rates_update AFTER UPDATE ON listing_rates
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || NEW.listing_id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id, NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_rates_delete AFTER DELETE ON listing_rates
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || OLD.listing_id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id = OLD.listing_id AND live <> 0);
END;

CREATE TRIGGER page_cache_special_rates_insert AFTER INSERT ON listing_special_rates
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || NEW.listing_id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id = NEW.listing_id AND live <> 0);
END;

CREATE TRIGGER page_cache_special_rates_update AFTER UPDATE ON listing_special_rates
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || NEW.listing_id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id IN (OLD.listing_id, NEW.listing_id) AND live <> 0);
END;

CREATE TRIGGER page_cache_special_rates_delete AFTER DELETE ON listing_special_rates
BEGIN
  INSERT INTO page_cache_versions (scope, version) VALUES ('listing:' || OLD.listing_id, 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;
  UPDATE page_cache_versions SET version = version + 1
  WHERE scope = 'public' AND EXISTS (SELECT 1 FROM listings WHERE id = OLD.listing_id AND live <> 0);
END;
