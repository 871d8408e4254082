-- The public agency page, /agencies/{slug} (docs/decisions/0059-agency-page.md): the agency's details and the
-- live listings whose workers agreed to be shown there. The slug is set by the save from the agency's name
-- (unique; null until the agency next saves its details, when the page begins to exist).
ALTER TABLE agencies ADD COLUMN slug TEXT;
CREATE UNIQUE INDEX agencies_slug ON agencies (slug) WHERE slug IS NOT NULL;

-- The page cache (docs/decisions/0012-page-cache.md) keys agency pages on the public set and on this scope,
-- bumped by every write to an agency's details or a worker's consent: those change an agency page without
-- changing a live listing.
INSERT INTO page_cache_versions (scope, version)
  VALUES ('agencies', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  ON CONFLICT (scope) DO NOTHING;

CREATE TRIGGER page_cache_agencies_insert AFTER INSERT ON agencies
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'agencies';
END;

CREATE TRIGGER page_cache_agencies_update AFTER UPDATE ON agencies
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'agencies';
END;

CREATE TRIGGER page_cache_agencies_delete AFTER DELETE ON agencies
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'agencies';
END;

CREATE TRIGGER page_cache_consents_insert AFTER INSERT ON worker_consents
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'agencies';
END;

CREATE TRIGGER page_cache_consents_update AFTER UPDATE ON worker_consents
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'agencies';
END;

CREATE TRIGGER page_cache_consents_delete AFTER DELETE ON worker_consents
BEGIN
  UPDATE page_cache_versions SET version = max(version + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) WHERE scope = 'agencies';
END;

-- A profile shows 'With {agency}' (linking to its page) only for a worker who agreed to the agency page. A new
-- name or slug changes that link on each such profile: its row's updated_at moves, so its KV snapshot (kept only
-- while it matches updated_at) and its cached pages are made again. (A suspension or a withdrawn check hides the
-- listings themselves, by the visibility rule, which moves updated_at too.)
CREATE TRIGGER agencies_touch_shown_listings AFTER UPDATE OF name, slug ON agencies
WHEN OLD.name IS NOT NEW.name OR OLD.slug IS NOT NEW.slug
BEGIN
  UPDATE listings SET updated_at = max(updated_at + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE user_id = NEW.user_id
    AND id IN (SELECT listing_id FROM worker_consents WHERE state = 'agreed' AND on_agency_page = 1);
END;
