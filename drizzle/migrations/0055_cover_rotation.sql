-- Cover rotation (docs/decisions/0033-cover-rotation.md): the owner's chosen cover photos, at most 3, in order.
-- The grid shows choice[slot mod n] as the card's cover, in the same 10-minute slot its order rotates on. A
-- photo deleted from the listing drops out of the choices with it (ON DELETE CASCADE); one hidden by the plan
-- is skipped while hidden.
CREATE TABLE listing_covers (
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  image_id TEXT NOT NULL REFERENCES listing_images(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (listing_id, image_id)
) WITHOUT ROWID;
CREATE INDEX listing_covers_image ON listing_covers (image_id);

-- Per photo and day: how often a visitor opened the profile from a card showing this photo as its cover, so the
-- insights page can say which cover earns more views per impression.
ALTER TABLE listing_photo_daily ADD COLUMN card_opens INTEGER NOT NULL DEFAULT 0;
