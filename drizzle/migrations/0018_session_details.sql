-- Sessions the owner can recognise and control (issue 13): the device and rough place a session started
-- from (the same summaries as the account-security log: no IP address is kept), and when the session last
-- proved a second factor. An administrator's powers need that proof in the session itself, so a session
-- signed in with the password alone, or started before two-factor was set up, cannot moderate.
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN place TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN second_factor_at INTEGER;
