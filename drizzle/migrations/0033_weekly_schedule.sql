-- A listing's weekly schedule (issue 16 item 2, app/features/listings/weekly-schedule.ts): per weekday up to two NZ
-- wall-clock ranges, as JSON ('' when none). available_days has bit d set (Monday = bit 0) when weekday d has
-- any hours, overnight tails included, so the 'Available today' filter is a bit test, not JSON parsing.
ALTER TABLE listings ADD COLUMN schedule TEXT NOT NULL DEFAULT '';
ALTER TABLE listings ADD COLUMN available_days INTEGER NOT NULL DEFAULT 0;
