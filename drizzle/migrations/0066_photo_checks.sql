-- Each photo carries its own verification (docs/decisions/0055-each-photo-verified.md): when an administrator
-- last checked it (NULL: never), instead of one 'Photos verified' flag for the whole listing that any new photo
-- cleared. listings.photo_verified stays, with a narrower meaning kept by the writes that set the cover
-- (app/features/photos/plan-photos.server.ts, coverStatement): the cover photo is verified (the card's tick).
-- Times are UTC milliseconds.
ALTER TABLE listing_images ADD COLUMN verified_at INTEGER;

-- Honest history: under the old rule (decision 0007) a listing kept its tick only while its set of photos was
-- the one checked, so every photo of a ticked listing was checked at its last approved photo request. Those
-- photos get that request's date; a photo newer than it (none should be) stays unverified, and so does a
-- ticked listing with no approved request on record, since nobody can say when it was checked.
UPDATE listing_images SET verified_at = (
  SELECT max(vr.decided_at) FROM verification_requests vr
  WHERE vr.listing_id = listing_images.listing_id AND vr.kind = 'photo' AND vr.status = 'approved'
)
WHERE listing_id IN (SELECT id FROM listings WHERE photo_verified = 1)
  AND created_at <= (
    SELECT max(vr.decided_at) FROM verification_requests vr
    WHERE vr.listing_id = listing_images.listing_id AND vr.kind = 'photo' AND vr.status = 'approved'
  );

-- The tick now means the cover is verified: recomputed from the cover photo (the first public one).
UPDATE listings SET photo_verified = coalesce((
  SELECT i.verified_at IS NOT NULL FROM listing_images i
  WHERE i.listing_id = listings.id AND i.public = 1
  ORDER BY i.position, i.created_at LIMIT 1
), 0);

-- A photo request names the photos it asks about (JSON list of listing_images ids). An old request asked
-- about the whole listing: '[]'.
ALTER TABLE verification_requests ADD COLUMN image_ids TEXT NOT NULL DEFAULT '[]';

-- A photo waiting for a check, and by which request: one pending check per photo (a second request for it
-- fails its whole batch on this key). The row goes when the request is decided, or with the photo.
CREATE TABLE photo_checks_pending (
  image_id TEXT PRIMARY KEY NOT NULL REFERENCES listing_images (id) ON DELETE CASCADE,
  request_id TEXT NOT NULL REFERENCES verification_requests (id) ON DELETE CASCADE
);
CREATE INDEX photo_checks_pending_request ON photo_checks_pending (request_id);

-- Several photo requests of one listing may now wait at once (one per photo asked about); ID requests stay one
-- per listing. The conflict target of the re-review upsert (app/features/listings/reverification.server.ts)
-- states this WHERE word for word.
DROP INDEX verification_requests_one_pending;
CREATE UNIQUE INDEX verification_requests_one_pending ON verification_requests (listing_id, kind)
  WHERE status = 'pending' AND kind = 'id';
CREATE INDEX verification_requests_pending_photo ON verification_requests (listing_id)
  WHERE status = 'pending' AND kind = 'photo';

-- The grids' 'Verified photos' filter counts live listings whose cover is verified, per region, in
-- listing_facets (facet 'photos', value 'verified'), kept by the same triggers as the other facets.
DROP TRIGGER listing_facets_insert;
DROP TRIGGER listing_facets_delete;
DROP TRIGGER listing_facets_update_old;
DROP TRIGGER listing_facets_update_new;

CREATE TRIGGER listing_facets_insert AFTER INSERT ON listings WHEN NEW.live = 1
BEGIN
  INSERT INTO listing_facets (location, facet, value, n)
  SELECT NEW.location, f.facet, f.value, 1 FROM (
    SELECT 'all' AS facet, '' AS value
    UNION ALL SELECT 'nationality', NEW.nationality WHERE NEW.nationality <> ''
    UNION ALL SELECT 'bodyType', NEW.body_type WHERE NEW.body_type <> ''
    UNION ALL SELECT 'photos', 'verified' WHERE NEW.photo_verified = 1
    UNION ALL SELECT facet, value FROM facet_ranges
      WHERE (facet = 'age' AND NEW.age BETWEEN min AND max) OR (facet = 'height' AND NEW.height BETWEEN min AND max)
  ) AS f WHERE true
  ON CONFLICT (location, facet, value) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER listing_facets_delete AFTER DELETE ON listings WHEN OLD.live = 1
BEGIN
  UPDATE listing_facets SET n = n - 1
  WHERE location = OLD.location AND (
    facet = 'all'
    OR (facet = 'nationality' AND value = OLD.nationality)
    OR (facet = 'bodyType' AND value = OLD.body_type)
    OR (facet = 'photos' AND value = 'verified' AND OLD.photo_verified = 1)
    OR (facet, value) IN (SELECT facet, value FROM facet_ranges
      WHERE (facet = 'age' AND OLD.age BETWEEN min AND max) OR (facet = 'height' AND OLD.height BETWEEN min AND max))
  );
END;

CREATE TRIGGER listing_facets_update_old
AFTER UPDATE OF live, location, nationality, body_type, age, height, photo_verified ON listings
WHEN OLD.live = 1
BEGIN
  UPDATE listing_facets SET n = n - 1
  WHERE location = OLD.location AND (
    facet = 'all'
    OR (facet = 'nationality' AND value = OLD.nationality)
    OR (facet = 'bodyType' AND value = OLD.body_type)
    OR (facet = 'photos' AND value = 'verified' AND OLD.photo_verified = 1)
    OR (facet, value) IN (SELECT facet, value FROM facet_ranges
      WHERE (facet = 'age' AND OLD.age BETWEEN min AND max) OR (facet = 'height' AND OLD.height BETWEEN min AND max))
  );
END;

CREATE TRIGGER listing_facets_update_new
AFTER UPDATE OF live, location, nationality, body_type, age, height, photo_verified ON listings
WHEN NEW.live = 1
BEGIN
  INSERT INTO listing_facets (location, facet, value, n)
  SELECT NEW.location, f.facet, f.value, 1 FROM (
    SELECT 'all' AS facet, '' AS value
    UNION ALL SELECT 'nationality', NEW.nationality WHERE NEW.nationality <> ''
    UNION ALL SELECT 'bodyType', NEW.body_type WHERE NEW.body_type <> ''
    UNION ALL SELECT 'photos', 'verified' WHERE NEW.photo_verified = 1
    UNION ALL SELECT facet, value FROM facet_ranges
      WHERE (facet = 'age' AND NEW.age BETWEEN min AND max) OR (facet = 'height' AND NEW.height BETWEEN min AND max)
  ) AS f WHERE true
  ON CONFLICT (location, facet, value) DO UPDATE SET n = n + 1;
END;

-- The count as it stands after the recomputation above.
DELETE FROM listing_facets WHERE facet = 'photos';
INSERT INTO listing_facets (location, facet, value, n)
SELECT location, 'photos', 'verified', count(*) FROM listings WHERE live = 1 AND photo_verified = 1 GROUP BY location;
