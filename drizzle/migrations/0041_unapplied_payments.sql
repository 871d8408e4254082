-- Money that bought nothing (docs/decisions/0015-subscriptions-and-billing.md, "Money that buys nothing"): a
-- hosted checkout paid after it was replaced, abandoned or expired, a second transaction for a payment already
-- settled, or a payment the subscription could not take. It is never applied as a purchase: it is recorded
-- here (the payment's own row keeps its outcome), refunded through the provider by the cron, and listed for
-- administrators until the refund is confirmed.
-- refund_state: due (to send) → sending (claimed by one run) → refunded, or pending (the provider has not
-- decided), or manual (the provider refused: an administrator refunds it in the provider's portal).
CREATE TABLE unapplied_payments (
  id TEXT PRIMARY KEY NOT NULL,
  payment_id TEXT NOT NULL REFERENCES payments(id),
  listing_id TEXT,
  user_id TEXT,
  provider TEXT NOT NULL,
  provider_ref TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  reason TEXT NOT NULL,
  refund_state TEXT NOT NULL CHECK (refund_state IN ('due', 'sending', 'pending', 'refunded', 'manual')),
  refund_ref TEXT,
  refund_note TEXT,
  received_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- One transaction is money received once, however often it is notified.
CREATE UNIQUE INDEX unapplied_payments_one_per_transaction ON unapplied_payments (provider, provider_ref);
CREATE INDEX unapplied_payments_open ON unapplied_payments (updated_at) WHERE refund_state <> 'refunded';

-- The webhook asks the provider only about ids one of our payments holds (payableRef): read by that id.
CREATE INDEX payments_by_provider_ref ON payments (provider_ref) WHERE provider_ref IS NOT NULL;
