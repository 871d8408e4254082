-- A photo request decided photo by photo (docs/decisions/0069-photos-decided-one-by-one.md): each refused photo
-- with its reason, which its owner reads beside the photo and may appeal (decision 0064). An approved photo's
-- outcome is its listing_images.verified_at. A refusal goes with its request or its photo.
CREATE TABLE photo_check_refusals (
  request_id TEXT NOT NULL REFERENCES verification_requests (id) ON DELETE CASCADE,
  image_id TEXT NOT NULL REFERENCES listing_images (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  decided_at INTEGER NOT NULL,
  PRIMARY KEY (request_id, image_id)
);
-- A photo's latest refusal, read beside each photo on the owner's pages.
CREATE INDEX photo_check_refusals_image ON photo_check_refusals (image_id, decided_at);
