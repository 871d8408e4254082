-- Photos an administrator hid while a takedown case waits stay hidden through plan changes
-- (docs/decisions/0066-photo-hash-backfill-and-takedown-upkeep.md): the plan's rule of which photos are public
-- (app/features/photos/plan-photos.server.ts) ranks them last and never shows them while this is set; the
-- case's decision clears it (the photos deleted, or shown again).
ALTER TABLE listing_images ADD COLUMN case_hidden INTEGER NOT NULL DEFAULT 0;
UPDATE listing_images SET case_hidden = 1
WHERE id IN (
  SELECT j.value FROM takedown_cases t, json_each(t.image_ids) j
  WHERE t.photos_hidden = 1 AND t.status <> 'decided' AND t.listing_id = listing_images.listing_id
);
