-- Weekly plans that are paid for (issue 15, docs/decisions/0015-subscriptions-and-billing.md).
-- Money is integer cents, NZD, GST-inclusive.

-- Whether the listing's subscription lets it be public (active, past due inside its grace, or cancelled
-- but not yet at the period's end). Kept by the subscription writes in the same batch as the subscription
-- row. `live` stays the one public flag every query and trigger reads: expiry turns it off and remembers
-- that in hidden_by_expiry, so renewal turns it back on as it was.
ALTER TABLE listings ADD COLUMN paid INTEGER NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN hidden_by_expiry INTEGER NOT NULL DEFAULT 0;

-- The last line: nothing (an owner's toggle, a moderator, a script) puts an unpaid listing live.
CREATE TRIGGER listings_live_needs_plan BEFORE UPDATE OF live ON listings
WHEN NEW.live = 1 AND OLD.live = 0 AND NEW.paid = 0
BEGIN
  SELECT RAISE(ABORT, 'listing_unpaid');
END;

-- One per listing.
CREATE TABLE subscriptions (
  listing_id TEXT PRIMARY KEY NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan TEXT NOT NULL CHECK (plan IN ('standard', 'featured')),
  status TEXT NOT NULL CHECK (status IN ('unpaid', 'pending', 'active', 'past_due', 'cancelling', 'expired')),
  period_start INTEGER,
  period_end INTEGER,
  grace_until INTEGER,
  pending_plan TEXT CHECK (pending_plan IN ('standard', 'featured')),
  -- The provider's stored payment method, for renewals and prorations.
  method_ref TEXT,
  -- The period_end a renewal reminder went out for (one reminder per period).
  reminded_for INTEGER,
  failed_renewals INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions (user_id);
CREATE INDEX subscriptions_due ON subscriptions (status, period_end);

-- Every payment we asked for: a hosted checkout, a renewal charge or an upgrade's prorated difference.
-- id is our reference, echoed in the provider's notifications.
-- Money records outlive the listing and the account (a deleted listing's payments lose their links, not
-- their rows): the ledger and the receipts point at payments, and tax records are kept.
CREATE TABLE payments (
  id TEXT PRIMARY KEY NOT NULL,
  listing_id TEXT REFERENCES listings(id) ON DELETE SET NULL,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('checkout', 'renewal', 'upgrade')),
  plan TEXT NOT NULL CHECK (plan IN ('standard', 'featured')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency TEXT NOT NULL DEFAULT 'NZD',
  status TEXT NOT NULL CHECK (status IN ('open', 'succeeded', 'failed')),
  provider TEXT NOT NULL,
  provider_ref TEXT,
  failure TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX payments_listing ON payments (listing_id, created_at);
CREATE INDEX payments_user ON payments (user_id, created_at);
-- A double-clicked 'Choose' makes one checkout, not two: one open checkout per listing and plan.
CREATE UNIQUE INDEX payments_one_open_checkout ON payments (listing_id, plan) WHERE status = 'open' AND kind = 'checkout';
-- One open renewal or upgrade charge per listing: the cron and a double-clicked upgrade cannot charge twice.
CREATE UNIQUE INDEX payments_one_open_charge ON payments (listing_id) WHERE status = 'open' AND kind <> 'checkout';

-- Money that moved: every charge and refund is one row. A payment is charged at most once.
CREATE TABLE ledger (
  id TEXT PRIMARY KEY NOT NULL,
  payment_id TEXT NOT NULL REFERENCES payments(id),
  listing_id TEXT,
  user_id TEXT,
  entry TEXT NOT NULL CHECK (entry IN ('charge', 'refund')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency TEXT NOT NULL,
  provider TEXT NOT NULL,
  provider_ref TEXT NOT NULL,
  event_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX ledger_one_per_payment ON ledger (payment_id, entry);

-- Notifications already acted on: the same event delivered twice changes nothing.
CREATE TABLE payment_events (
  event_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  kind TEXT NOT NULL,
  reference TEXT NOT NULL,
  occurred_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- A tax receipt per charge (NZ GST: supplies under $200 need the supplier's name and GST number, the date,
-- a description and the GST-inclusive total). The supplier's details are copied in, as they were that day.
CREATE TABLE receipts (
  id TEXT PRIMARY KEY NOT NULL,
  number INTEGER NOT NULL UNIQUE,
  payment_id TEXT NOT NULL UNIQUE REFERENCES payments(id),
  user_id TEXT,
  listing_id TEXT,
  issued_at INTEGER NOT NULL,
  supplier_name TEXT NOT NULL,
  supplier_gst_number TEXT NOT NULL,
  description TEXT NOT NULL,
  total_cents INTEGER NOT NULL,
  gst_cents INTEGER NOT NULL,
  currency TEXT NOT NULL
);
CREATE INDEX receipts_user ON receipts (user_id, issued_at);

-- Listings that exist before billing: one free week on the plan their featured flag shows, so nobody
-- disappears the day this ships; with no stored method the first renewal fails and the usual grace and
-- expiry follow.
INSERT INTO subscriptions (listing_id, user_id, plan, status, period_start, period_end, created_at, updated_at)
SELECT id, user_id, CASE WHEN featured = 1 THEN 'featured' ELSE 'standard' END, 'active',
  CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 604800000,
  CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM listings;
UPDATE listings SET paid = 1;
