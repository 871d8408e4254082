-- Free weeks given to a listing nobody pays for (issue 15, docs/decisions/0015-subscriptions-and-billing.md,
-- "Free weeks"): such a period is stored as `cancelling`, so that it ends at its end with no charge, and
-- `gift` tells it apart from a plan its owner cancelled: /managesub says 'Free until …' and offers a checkout
-- rather than 'Resume'. Cleared by a payment (a normal subscription follows) and by the end of the period.
ALTER TABLE subscriptions ADD COLUMN gift INTEGER NOT NULL DEFAULT 0 CHECK (gift IN (0, 1));
