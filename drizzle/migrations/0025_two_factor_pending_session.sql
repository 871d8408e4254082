-- A two-factor set-up belongs to the session that started it (issue 13 review): only that session is shown
-- the new secret and may turn it on, so a stolen session cookie cannot read the secret the owner is about to
-- scan. Holds the session's stored id (the token's hash).
ALTER TABLE totp_factors ADD COLUMN pending_session TEXT;
