-- How a session last proved a second factor ('code': the authenticator app, a recovery code or setting the
-- app up; 'passkey': a passkey sign-in). A passkey is a whole way in by itself, so a passkey sign-in is a
-- sign-in and not proof for changing the password or the e-mail address: only the current password or a
-- recent code does that (docs/accounts.md, 'Sessions and sensitive changes'). Null with second_factor_at set:
-- a session from before this migration, read as a code (its proof is fresh for 10 minutes at most anyway).
ALTER TABLE sessions ADD COLUMN second_factor_via TEXT;

-- A sign-up's confirmation link signs in only the browser that signed up (docs/decisions/0022-confirm-with-a-button.md):
-- the SHA-256 of a random value the sign-up put in that browser's cookie. Null: a link mailed after a refused
-- sign-in, or from before this migration; opening it confirms and asks the person to log in.
ALTER TABLE email_confirmations ADD COLUMN browser_hash TEXT;
