-- An agency's roster (docs/decisions/0060-agency-roster.md): a shift for one listing on one NZ date overrides
-- that listing's weekly hours for the date. start_time and end_time are NZ wall-clock times 'HH:MM' (an end at
-- or before the start runs past midnight, as the weekly hours do); both null means 'off' that day. No row: the
-- weekly hours apply.
CREATE TABLE roster_shifts (
  listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  start_time TEXT,
  end_time TEXT,
  PRIMARY KEY (listing_id, date),
  CHECK ((start_time IS NULL) = (end_time IS NULL))
) WITHOUT ROWID;

-- A week's pattern kept under a name, to apply to another week: JSON { listingId: [seven cells, Monday first] }.
CREATE TABLE roster_templates (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  pattern TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX roster_templates_name ON roster_templates (user_id, name);

-- A shift is part of its listing's public profile (its KV snapshot carries the listing's shifts from yesterday
-- on) and of the grids (the card's 'Working today', the 'Available today' filter). Moving the listing's
-- updated_at makes every reader distrust the old snapshot, and the listing's own triggers (migration 0026) bump
-- its page-cache version and, while it is live, the public set's: no path that writes a shift can forget to.
CREATE TRIGGER roster_shifts_touch_insert AFTER INSERT ON roster_shifts
BEGIN
  UPDATE listings SET updated_at = max(updated_at + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE id = NEW.listing_id;
END;

CREATE TRIGGER roster_shifts_touch_update AFTER UPDATE ON roster_shifts
BEGIN
  UPDATE listings SET updated_at = max(updated_at + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE id IN (OLD.listing_id, NEW.listing_id);
END;

-- A shift from before yesterday (by any clock: UTC's two days ago is before NZ's yesterday) is in no snapshot and
-- on no page, so the sweep of old shifts touches no listing.
CREATE TRIGGER roster_shifts_touch_delete AFTER DELETE ON roster_shifts
WHEN OLD.date >= date('now', '-2 days')
BEGIN
  UPDATE listings SET updated_at = max(updated_at + 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  WHERE id = OLD.listing_id;
END;
