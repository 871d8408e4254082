-- Photos uploaded from the editor but not yet saved with a listing. Each upload is processed at once
-- (checked, scaled, watermarked, stripped of metadata) and stored in R2 under the private prefix
-- "pending/", which no URL serves. Saving a listing moves it to "listing/" and deletes this row; rows
-- (and their objects) older than an hour are swept by the owner's next upload or save and by the cron.
CREATE TABLE pending_uploads (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  r2_key TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX pending_uploads_user ON pending_uploads (user_id, created_at);
CREATE INDEX pending_uploads_created ON pending_uploads (created_at);
