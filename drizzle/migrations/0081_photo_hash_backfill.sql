-- Photos saved before migration 0068 hashed by the cron (docs/decisions/0066-photo-hash-backfill-and-takedown-upkeep.md).
-- hash_state: 0 waits for its hash, 1 has it (set by the trigger below whenever its photo_hashes row is
-- written, whoever writes it), 2 could not be hashed (its object is gone or unreadable). The partial index
-- lets the cron read only the photos still waiting.
ALTER TABLE listing_images ADD COLUMN hash_state INTEGER NOT NULL DEFAULT 0;
UPDATE listing_images SET hash_state = 1 WHERE id IN (SELECT image_id FROM photo_hashes);
CREATE INDEX listing_images_unhashed ON listing_images(created_at, id) WHERE hash_state = 0;

CREATE TRIGGER photo_hashes_mark_image AFTER INSERT ON photo_hashes
BEGIN
  UPDATE listing_images SET hash_state = 1 WHERE id = NEW.image_id;
END;

-- A photo already shown that the backfill found matching another account's photo: it stays up (it has been
-- public all along) while an administrator decides, in the same side-by-side queue as a held photo.
ALTER TABLE identity_reviews ADD COLUMN image_id TEXT REFERENCES listing_images(id) ON DELETE SET NULL;
CREATE INDEX identity_reviews_image ON identity_reviews(image_id) WHERE image_id IS NOT NULL;
