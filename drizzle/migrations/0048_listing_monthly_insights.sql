-- Insights older than 400 days are folded into one row per listing per month by the cron
-- (app/features/insights/retention.server.ts): the daily rows go, their sums stay.
CREATE TABLE listing_monthly_insights (
  listing_id TEXT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  impressions INTEGER NOT NULL DEFAULT 0,
  views INTEGER NOT NULL DEFAULT 0,
  photo_opens INTEGER NOT NULL DEFAULT 0,
  contacts INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  favourites INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, month)
) WITHOUT ROWID;
