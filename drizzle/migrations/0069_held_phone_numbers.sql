-- A contact number already on another account's listing is held for review (docs/decisions/0062-one-number-one-account.md):
-- the listing keeps its previous number and the review item carries the held one until an administrator decides.
ALTER TABLE identity_reviews ADD COLUMN held_phone TEXT;
