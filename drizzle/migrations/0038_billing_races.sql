-- Money paths that race (issue 15, docs/decisions/0015-subscriptions-and-billing.md, "Races"): an owner's
-- cancel, resume or change of plan, the renewal cron and the provider's notifications all read a subscription,
-- decide, and write. D1 has no interactive transactions, so every write is a compare-and-swap on `version`:
-- the writer sets version to the value it read plus one, in the same batch as the payment and ledger rows it
-- goes with, and this trigger aborts the statement (and so the whole batch) when someone else wrote first.
-- Writes that leave `version` alone (the reminder's reminded_for, raw fixes by hand) are not checked.
ALTER TABLE subscriptions ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER subscriptions_compare_and_swap BEFORE UPDATE OF version ON subscriptions
WHEN NEW.version <> OLD.version + 1
BEGIN
  SELECT RAISE(ABORT, 'subscription_changed');
END;

-- The provider's hosted page of an open checkout: a second 'Choose' sends the payer to the same page instead
-- of opening a second session that could be paid as well. '' while the first request is still asking for it.
ALTER TABLE payments ADD COLUMN checkout_url TEXT;
