-- 'Take a break' (issue 16 item 3, decision 0018): a paused listing is simply not listed. Pausing switches
-- live off in the same statement (so counts, caches and realtime follow as for any hide) and records when
-- the break began and when it ends (NULL: until the owner resumes). Ending it switches live back on only
-- while the listing is still verified and paid.
ALTER TABLE listings ADD COLUMN paused_at INTEGER;
ALTER TABLE listings ADD COLUMN paused_until INTEGER;
CREATE INDEX listings_pause_due ON listings (paused_until) WHERE paused_at IS NOT NULL;
