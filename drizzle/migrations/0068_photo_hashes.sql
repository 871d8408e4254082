-- Stolen and reused photos caught at upload (docs/decisions/0057-stolen-photos-caught-at-upload.md).
-- Every listing photo's perceptual hash (16 hex digits, a 64-bit pHash of the photo's middle), with its three
-- bands (22, 21 and 21 bits) indexed on their own: two hashes within the match threshold (2 bits) have one
-- band equal, so a lookup reads only the rows sharing a band with one of the upload's hashes.
CREATE TABLE photo_hashes (
  image_id TEXT PRIMARY KEY NOT NULL REFERENCES listing_images(id) ON DELETE CASCADE,
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  b0 INTEGER NOT NULL,
  b1 INTEGER NOT NULL,
  b2 INTEGER NOT NULL
);
CREATE INDEX photo_hashes_b0 ON photo_hashes(b0);
CREATE INDEX photo_hashes_b1 ON photo_hashes(b1);
CREATE INDEX photo_hashes_b2 ON photo_hashes(b2);

-- Hashes of photos an administrator took down as impersonation: refused outright if anyone uploads them
-- again. Kept after the listing goes (listing_id is a record, not a reference).
CREATE TABLE taken_down_hashes (
  id TEXT PRIMARY KEY NOT NULL,
  hash TEXT NOT NULL,
  b0 INTEGER NOT NULL,
  b1 INTEGER NOT NULL,
  b2 INTEGER NOT NULL,
  listing_id TEXT,
  decided_by TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX taken_down_hashes_b0 ON taken_down_hashes(b0);
CREATE INDEX taken_down_hashes_b1 ON taken_down_hashes(b1);
CREATE INDEX taken_down_hashes_b2 ON taken_down_hashes(b2);

-- An upload carries its hash from POST /api/uploads to the save, and the photo of another account it matched
-- there (the save then holds it instead of showing it).
ALTER TABLE pending_uploads ADD COLUMN phash TEXT;
ALTER TABLE pending_uploads ADD COLUMN match_image_id TEXT;
ALTER TABLE pending_uploads ADD COLUMN match_distance INTEGER;

-- A photo held for review: not a listing_images row, so no page, JSON, grid or KV snapshot can show it. Its
-- bytes are under a random "listing/" key that nothing publishes until an administrator releases it.
CREATE TABLE held_photos (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  r2_key TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX held_photos_listing ON held_photos(listing_id);

-- The side-by-side queue: a held photo (kind 'photo') or a contact number another account already uses
-- (kind 'phone'), against the other account's listing. Written in the same batch as what it holds.
CREATE TABLE identity_reviews (
  id TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('photo', 'phone')),
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  other_listing_id TEXT REFERENCES listings(id) ON DELETE SET NULL,
  held_photo_id TEXT REFERENCES held_photos(id) ON DELETE SET NULL,
  other_image_id TEXT REFERENCES listing_images(id) ON DELETE SET NULL,
  distance INTEGER,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'released', 'removed', 'impersonation')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT
);
CREATE INDEX identity_reviews_status ON identity_reviews(status, created_at);
CREATE INDEX identity_reviews_listing ON identity_reviews(listing_id);
