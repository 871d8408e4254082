-- Photos uploaded into an unsaved listing come back with its draft until the draft expires
-- (docs/decisions/0025-drafts-kept-with-their-photos.md). An upload the editor's draft names is kept until
-- kept_until (the draft's lifetime) instead of the hour an unsaved upload otherwise gets; draft_key says which
-- draft holds it ('new', or the listing's id), so the editor can let go of the ones the draft no longer names.
ALTER TABLE pending_uploads ADD COLUMN kept_until INTEGER;
ALTER TABLE pending_uploads ADD COLUMN draft_key TEXT;
CREATE INDEX pending_uploads_kept ON pending_uploads (kept_until) WHERE kept_until IS NOT NULL;
CREATE INDEX pending_uploads_draft ON pending_uploads (user_id, draft_key) WHERE draft_key IS NOT NULL;
