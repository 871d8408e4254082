-- Two-factor offered at the start (docs/decisions/0056-two-factor-offered-at-the-start.md): the dashboard reminds
-- an account whose two-factor sign-in is off; 'Not now' rests it for 30 days from this moment (UTC ms).
ALTER TABLE users ADD COLUMN two_factor_reminder_dismissed_at INTEGER;
