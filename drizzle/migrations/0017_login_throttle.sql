-- Per-account sign-in budget (issue 13): failures per e-mail address, kept for known and unknown addresses
-- alike (the key is a hash of the address, so no address is stored and a stranger cannot tell them apart).
CREATE TABLE login_throttle (
  key TEXT PRIMARY KEY NOT NULL,
  failures INTEGER NOT NULL,
  window_start INTEGER NOT NULL,
  blocked_until INTEGER NOT NULL DEFAULT 0
);
