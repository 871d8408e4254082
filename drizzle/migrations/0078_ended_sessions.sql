-- Sessions ended by a password change or reset, kept under their id (the SHA-256 of the cookie's token) for as
-- long as a session can live, so that a browser still holding one is told its password was changed rather
-- than that its session expired. Nothing else about the session or its account is kept.
CREATE TABLE ended_sessions (
  id TEXT PRIMARY KEY NOT NULL,
  reason TEXT NOT NULL,
  ended_at INTEGER NOT NULL
);
CREATE INDEX ended_sessions_ended_at ON ended_sessions (ended_at);
