-- The weekly statement's peer figures, once per closed week (docs/decisions/0030-weekly-visibility-statement.md):
-- each (week, plan, region) group's impressions, sorted, so the insights page reads one row instead of summing
-- a week of daily rows for every peer. A closed week never changes, so a stored row stays exact; a missing row
-- is computed on first read (or by the Monday statement cron), stored, then read.
CREATE TABLE week_peer_figures (
  week_from TEXT NOT NULL,
  plan TEXT NOT NULL,
  region TEXT NOT NULL,
  impressions TEXT NOT NULL,
  computed_at INTEGER NOT NULL,
  PRIMARY KEY (week_from, plan, region)
) WITHOUT ROWID;
