-- Payments left open, looked up at the provider (issue 15, docs/decisions/0015-subscriptions-and-billing.md,
-- "Looking a payment up"): when we last asked the provider about an open payment. It is also the rate limit of
-- the checkout return page's "Check again" (at most one question per payment every 10 seconds, claimed by a
-- conditional UPDATE), and what /admin/subscriptions shows as "last checked".
ALTER TABLE payments ADD COLUMN provider_checked_at INTEGER;

-- "Payments left open" (/admin/subscriptions) and the cron's sweep of abandoned checkouts read open payments
-- by age; only a handful are open at any time, so the index holds just those.
CREATE INDEX payments_open_by_age ON payments (created_at) WHERE status = 'open';
