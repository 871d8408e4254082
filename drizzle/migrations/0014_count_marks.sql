-- Views, likes and contact clicks count once per visitor per listing per UTC day. A mark is the keyed hash
-- of (kind, listing, visitor, day); the visitor is the client address (IPv6 by its /64), itself hashed with
-- a key only the app holds, so no address is stored. `holder` is the like's visitor id that holds the
-- day's like (re-liking by the same browser still toggles). Marks older than two days are swept by the cron.
CREATE TABLE count_marks (
  key TEXT PRIMARY KEY NOT NULL,
  holder TEXT NOT NULL DEFAULT '',
  day TEXT NOT NULL
);
CREATE INDEX count_marks_day ON count_marks (day);
