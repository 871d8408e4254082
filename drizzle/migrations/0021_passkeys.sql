-- Passkeys (WebAuthn, issue 13): a second way in that is possession of a device plus its own user check
-- (fingerprint, face, PIN). Only public keys are kept: a copy of this table cannot sign anyone in.
CREATE TABLE passkeys (
  -- The credential id the authenticator chose, base64url (the browser names it at every sign-in).
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The WebAuthn user handle stored on the device, base64url: random and the same for every passkey of
  -- one account, never the account id or the e-mail, so a device's contents do not name the account.
  user_handle TEXT NOT NULL,
  -- The COSE public key, base64url.
  public_key TEXT NOT NULL,
  -- The signature counter last seen (0 for synced passkeys, which do not count).
  counter INTEGER NOT NULL DEFAULT 0,
  -- How the browser can reach the authenticator ("internal,hybrid"), for the excludeCredentials list.
  transports TEXT NOT NULL DEFAULT '',
  -- The owner's own name for it ("Chrome on macOS", "Work phone").
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- One outstanding WebAuthn challenge per browser: the row is found by the SHA-256 of a random id held in
-- an HttpOnly cookie, deleted when used (single use) and worthless after expires_at.
CREATE TABLE passkey_challenges (
  id TEXT PRIMARY KEY NOT NULL,
  -- 'register' or 'sign_in': a challenge issued for one cannot be spent on the other.
  purpose TEXT NOT NULL,
  challenge TEXT NOT NULL,
  -- Registration only: the signed-in account that asked, and the user handle its options carried.
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  user_handle TEXT,
  expires_at INTEGER NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
