-- A sign-up with the address of a confirmed account keeps the hash of the password it typed, one row per
-- account (the latest), so that signing in with that password is answered like the right password of an
-- unconfirmed sign-up: 'confirm your address first' (docs/decisions/0026-sign-in-before-confirming.md).
-- Without it, a stranger who signs up and then signs in would learn whether the address had an account.
-- Rows older than the unconfirmed-account lifetime are ignored and swept by the cron.
CREATE TABLE signup_attempts (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- The audit log names a listing as it was named when the action was taken, so a deleted (or renamed)
-- listing still reads as it did then. Entries written before this migration take today's name where the
-- listing still exists.
ALTER TABLE admin_audit ADD COLUMN listing_name TEXT;
UPDATE admin_audit SET listing_name = (SELECT first_name FROM listings WHERE listings.id = admin_audit.listing_id)
  WHERE listing_id IS NOT NULL;

-- Which document an ID verification request sent: a passport (its photo page only), an NZ driver licence or
-- an 18+ card (Kiwi Access) (features/verification/verification.ts). Requests sent before this were licences; photo requests
-- have none.
ALTER TABLE verification_requests ADD COLUMN document_type TEXT
  CHECK (document_type IS NULL OR document_type IN ('passport', 'nz_licence', 'kiwi_access'));
UPDATE verification_requests SET document_type = 'nz_licence' WHERE kind = 'id';
