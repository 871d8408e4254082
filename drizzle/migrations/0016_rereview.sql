-- Verification means what it says. A re-review is an ID request the app opens itself when a verified
-- listing changes its display name, its age, or most of its photos: `rereview` marks it and `changes` says
-- what changed (shown to administrators). It has no files. `reviewed_image_ids` is the JSON list of the
-- listing's photo ids at its last approved ID review: the baseline for 'most photos replaced'.
ALTER TABLE verification_requests ADD COLUMN rereview INTEGER NOT NULL DEFAULT 0;
ALTER TABLE verification_requests ADD COLUMN changes TEXT NOT NULL DEFAULT '';
ALTER TABLE listings ADD COLUMN reviewed_image_ids TEXT NOT NULL DEFAULT '[]';
