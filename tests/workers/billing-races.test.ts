// Money paths that race (decision 0015 "Races"): the owner's cancel, resume and changes of plan
// against the renewal cron and the provider's answers, double clicks, and a renewal loop that must not stop
// at one bad subscription. Real D1; the cron is driven through runRenewals with an explicit clock.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { transition, WEEK_MS } from "~/features/billing/subscriptions";
import { BILLING_MSG } from "~/features/billing/billing.server";
import { openCharge } from "~/features/billing/charges.server";
import { getDb, schema } from "~/platform/data/db.server";
import type { PaymentGateway } from "~/features/payments/gateway.server";
import { applyNotification } from "~/features/payments/notify.server";
import { paymentGateway } from "~/features/payments/select.server";
import { runRenewals } from "~/features/billing/renewals.server";
import { readSubscription, saveSubscription, SubscriptionChangedError } from "~/features/billing/subscriptions.server";
import { nzdTransaction, windcaveFetch } from "../windcave-stand-in";
import type { Answer } from "../windcave-stand-in";
import { ctx, one, paidListing, production, SITE } from "./billing-fixtures";
import { signedIn } from "./client";
import { insertListing, insertSubscription } from "./fixtures";
import { eventually, rows } from "./public-fixtures";

const ORIGIN = "http://localhost";

afterEach(() => {
  vi.restoreAllMocks();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("owner changes against the renewal", () => {
  it("while a renewal charge is out, cancel and change of plan are refused; the charge settles the plan it charged for", async () => {
    const owner = await paidListing({ plan: "featured", methodRef: "0000060000987654" });
    const release = deferred();
    // Windcave takes its time answering the renewal charge.
    const stand = windcaveFetch(async (call): Promise<Answer> => {
      await release.promise;
      const body = call.body as { amount: string; merchantReference: string };
      return {
        status: 201,
        json: nzdTransaction({
          id: "0000000600176400",
          amount: body.amount,
          merchantReference: body.merchantReference,
          dateTimeUtc: new Date().toISOString(),
        }),
      };
    });
    const run = runRenewals(
      production,
      ctx,
      paymentGateway(production, ctx, SITE, stand.fetchImpl),
      SITE,
      owner.periodEnd,
    );
    await eventually(async () => (await rows("SELECT id FROM payments WHERE listing_id = ?", owner.listingId)).length);

    for (const intent of ["cancelPlan", "downgradePlan"]) {
      const refused = await owner.client.post("/managesub", { form: { intent, listingId: owner.listingId } });
      expect(refused.status, intent).toBe(409);
      expect(await refused.text()).toContain(BILLING_MSG.busy);
    }
    release.resolve();
    expect(await run).toMatchObject({ charged: 1, errors: 0 });
    expect(
      await one(
        "SELECT status, plan, pending_plan, period_end FROM subscriptions WHERE listing_id = ?",
        owner.listingId,
      ),
    ).toEqual({
      status: "active",
      plan: "featured",
      pending_plan: null,
      period_end: owner.periodEnd + WEEK_MS,
    });
    expect(await rows("SELECT amount_cents FROM ledger WHERE listing_id = ?", owner.listingId)).toEqual([
      { amount_cents: 7500 },
    ]);
    // Settled: now the owner may cancel, for the end of the week just paid.
    const cancelled = await owner.client.post("/managesub", {
      form: { intent: "cancelPlan", listingId: owner.listingId },
    });
    expect(cancelled.status).toBe(303);
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "cancelling",
    });
  });

  it("a cancel that lands between the cron's read and its charge wins: nothing is charged", async () => {
    const owner = await paidListing();
    const gateway = paymentGateway(env, ctx, ORIGIN);
    // The cron has read the subscription (due, active)...
    const seen = (await readSubscription(env, owner.listingId))!;
    // ...the owner cancels...
    expect(
      (await owner.client.post("/managesub", { form: { intent: "cancelPlan", listingId: owner.listingId } })).status,
    ).toBe(303);
    // ...and the cron's charge, decided on what it read, is not opened.
    expect(
      await openCharge(env, gateway, seen, { kind: "renewal", plan: "standard", amountCents: 3500 }, owner.periodEnd),
    ).toEqual({
      ok: false,
      reason: "changed",
    });
    expect(await rows("SELECT id FROM payments WHERE listing_id = ?", owner.listingId)).toEqual([]);
    // The cron's next look ends the cancelled plan without a charge.
    const report = await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd);
    expect(report).toMatchObject({ charged: 0, expired: 1 });
    expect(await rows("SELECT id FROM ledger WHERE listing_id = ?", owner.listingId)).toEqual([]);
  });

  it("resume against the cron's end: the second writer loses and writes nothing", async () => {
    const owner = await paidListing({ status: "cancelling" });
    const seen = (await readSubscription(env, owner.listingId))!;
    expect(
      (await owner.client.post("/managesub", { form: { intent: "resumePlan", listingId: owner.listingId } })).status,
    ).toBe(303);
    const ended = transition(seen, { type: "periodEnded" }, owner.periodEnd);
    expect(ended.ok).toBe(true);
    await expect(
      saveSubscription(env, ctx, seen, ended.ok ? ended.next : seen, {}, owner.periodEnd),
    ).rejects.toBeInstanceOf(SubscriptionChangedError);
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "active",
    });
    expect(await one("SELECT paid, live FROM listings WHERE id = ?", owner.listingId)).toEqual({ paid: 1, live: 1 });
  });

  it("a lost compare-and-swap rolls back its whole batch, money rows included", async () => {
    const owner = await paidListing();
    const seen = (await readSubscription(env, owner.listingId))!;
    await owner.client.post("/managesub", { form: { intent: "cancelPlan", listingId: owner.listingId } });
    const db = getDb(env);
    const paymentRow = db.insert(schema.payments).values({
      id: "pay_lost_race",
      listingId: owner.listingId,
      userId: owner.userId,
      kind: "renewal",
      plan: "standard",
      amountCents: 3500,
      status: "succeeded",
      provider: "test",
      createdAt: 1,
      updatedAt: 1,
    });
    const renewed = transition(seen, { type: "renewalPaid" }, owner.periodEnd);
    await expect(
      saveSubscription(env, ctx, seen, renewed.ok ? renewed.next : seen, {}, owner.periodEnd, [paymentRow]),
    ).rejects.toBeInstanceOf(SubscriptionChangedError);
    expect(await rows("SELECT id FROM payments WHERE id = 'pay_lost_race'")).toEqual([]);
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "cancelling",
    });
  });
});

describe("notifications against other writers", () => {
  it("a notification that loses the race to an administrator's free week reads again: both the week paid and the week granted count", async () => {
    const owner = await paidListing({ plan: "featured" });
    await env.DB.prepare(
      `INSERT INTO payments (id, listing_id, user_id, kind, plan, amount_cents, status, provider, created_at, updated_at)
       VALUES ('pay_renewal', ?, ?, 'renewal', 'featured', 7500, 'open', 'test', ?, ?)`,
    )
      .bind(owner.listingId, owner.userId, owner.periodEnd, owner.periodEnd)
      .run();
    // The grant lands between the notification's read and its batch: D1 as the webhook sees it, with the
    // administrator's write slipped in before its first batch.
    let raced = false;
    const db = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            if (!raced) {
              raced = true;
              await target
                .prepare(
                  "UPDATE subscriptions SET version = version + 1, period_end = period_end + ? WHERE listing_id = ?",
                )
                .bind(WEEK_MS, owner.listingId)
                .run();
            }
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const result = await applyNotification(
      { ...env, DB: db },
      ctx,
      "test",
      {
        eventId: "evt_race",
        kind: "payment_succeeded",
        reference: "pay_renewal",
        providerRef: "tgp_race",
        amountCents: 7500,
        currency: "NZD",
        occurredAt: owner.periodEnd,
      },
      ORIGIN,
      owner.periodEnd,
    );
    expect(raced).toBe(true);
    expect(result.status).toBe(200);
    expect(await one("SELECT status, period_end FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "active",
      period_end: owner.periodEnd + 2 * WEEK_MS,
    });
    expect(await rows("SELECT amount_cents FROM ledger WHERE listing_id = ?", owner.listingId)).toEqual([
      { amount_cents: 7500 },
    ]);
    expect(await rows("SELECT event_id FROM payment_events")).toEqual([{ event_id: "evt_race" }]);
  });
});

describe("one payment at a time", () => {
  it("a double-clicked 'Choose' whose two requests land together opens one checkout, and both go to it", async () => {
    const owner = await signedIn();
    const listingId = await insertListing({ userId: owner.userId, live: false, verified: true, subscription: "none" });
    const answers = await Promise.all([
      owner.client.post("/subscriptions", { form: { tier: "featured" } }),
      owner.client.post("/subscriptions", { form: { tier: "featured" } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(answers[1].headers.get("Location")).toBe(answers[0].headers.get("Location"));
    expect(await rows("SELECT status FROM payments WHERE listing_id = ?", listingId)).toEqual([{ status: "open" }]);
  });

  it("a double-clicked upgrade charges once", async () => {
    const owner = await signedIn();
    const now = Date.now();
    const listingId = await insertListing({ userId: owner.userId });
    await insertSubscription(listingId, owner.userId, { periodStart: now - WEEK_MS / 2, periodEnd: now + WEEK_MS / 2 });
    const ask = await owner.client.post("/managesub", { form: { intent: "upgradePlan", listingId } });
    const amount = /data-testid="upgrade-amount">\$(\d+\.\d\d)</.exec((await ask.text()).replace(/<!-- -->/g, ""))?.[1];
    const form = {
      intent: "upgradePlan",
      listingId,
      confirmed: "yes",
      expectedCents: String(Math.round(Number(amount) * 100)),
    };
    const answers = await Promise.all([
      owner.client.post("/managesub", { form }),
      owner.client.post("/managesub", { form }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect(await rows("SELECT id FROM ledger WHERE listing_id = ?", listingId)).toHaveLength(1);
    expect(await rows("SELECT status FROM payments WHERE listing_id = ?", listingId)).toEqual([
      { status: "succeeded" },
    ]);
    expect(await one("SELECT plan FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({ plan: "featured" });
  });

  it("a renewal goes ahead while a checkout is waiting for the payer: an open checkout extends nothing", async () => {
    const owner = await paidListing();
    await env.DB.prepare(
      `INSERT INTO payments (id, listing_id, user_id, kind, plan, amount_cents, status, provider, created_at, updated_at)
       VALUES ('pay_waiting', ?, ?, 'checkout', 'featured', 7500, 'open', 'test', ?, ?)`,
    )
      .bind(owner.listingId, owner.userId, owner.periodEnd - 1000, owner.periodEnd - 1000)
      .run();
    const report = await runRenewals(env, ctx, paymentGateway(env, ctx, ORIGIN), ORIGIN, owner.periodEnd);
    expect(report).toMatchObject({ charged: 1, failed: 0 });
    expect(
      await rows("SELECT kind, status FROM payments WHERE listing_id = ? ORDER BY created_at", owner.listingId),
    ).toEqual([
      { kind: "checkout", status: "open" },
      { kind: "renewal", status: "succeeded" },
    ]);
    expect(await rows("SELECT entry FROM ledger WHERE listing_id = ?", owner.listingId)).toEqual([{ entry: "charge" }]);
  });

  it("a declined renewal beside an open checkout makes the plan past due, and the retry expires it", async () => {
    const owner = await paidListing({ methodRef: "tgm_fail_waiting" });
    await env.DB.prepare(
      `INSERT INTO payments (id, listing_id, user_id, kind, plan, amount_cents, status, provider, created_at, updated_at)
       VALUES ('pay_waiting2', ?, ?, 'checkout', 'standard', 3500, 'open', 'test', ?, ?)`,
    )
      .bind(owner.listingId, owner.userId, owner.periodEnd - 1000, owner.periodEnd - 1000)
      .run();
    const gateway = paymentGateway(env, ctx, ORIGIN);
    expect(await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd)).toMatchObject({ failed: 1 });
    const pastDue = await one<{ status: string; grace_until: number }>(
      "SELECT status, grace_until FROM subscriptions WHERE listing_id = ?",
      owner.listingId,
    );
    expect(pastDue.status).toBe("past_due");
    await runRenewals(env, ctx, gateway, ORIGIN, pastDue.grace_until + 1000);
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "expired",
    });
    expect(await one("SELECT live, featured FROM listings WHERE id = ?", owner.listingId)).toMatchObject({
      featured: 0,
    });
  });
});

describe("the renewal loop", () => {
  it("goes on past a subscription that throws, logging no address or card", async () => {
    const now = Date.now();
    const good = await paidListing({ periodEnd: now });
    const bad = await paidListing({ periodEnd: now - 1000, methodRef: "tgm_ok_boom" });
    const other = await paidListing({ periodEnd: now - 500, plan: "featured" });
    const real = paymentGateway(env, ctx, ORIGIN);
    // The dev gateway with one card that makes it throw: a bug, not a decline.
    const flaky: PaymentGateway = {
      name: real.name,
      startCheckout: (r) => real.startCheckout(r),
      verifyNotification: (r) => real.verifyNotification(r),
      cancel: (m) => real.cancel(m),
      refund: (r) => real.refund(r),
      cancelCheckout: (ref) => real.cancelCheckout(ref),
      lookup: (r) => real.lookup(r),
      charge: async (r) => {
        if (r.methodRef === "tgm_ok_boom") throw new Error("unexpected answer");
        return real.charge(r);
      },
    };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const report = await runRenewals(env, ctx, flaky, ORIGIN, now);
    expect(report).toMatchObject({ charged: 2, errors: 1, failed: 0 });
    for (const ok of [good, other]) {
      expect(
        await one<{ status: string; period_end: number }>(
          "SELECT status, period_end FROM subscriptions WHERE listing_id = ?",
          ok.listingId,
        ),
      ).toEqual({
        status: "active",
        period_end: ok.periodEnd + WEEK_MS,
      });
    }
    // The one that threw is neither charged nor failed: its payment stays open for the next run.
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", bad.listingId)).toEqual({
      status: "active",
    });
    expect(await rows("SELECT status FROM payments WHERE listing_id = ?", bad.listingId)).toEqual([{ status: "open" }]);
    const text = JSON.stringify(logged.mock.calls);
    expect(text).toContain("renewals: one subscription failed");
    for (const secret of [bad.email, "tgm_ok_boom"]) expect(text).not.toContain(secret);

    // The next run, once the open charge has waited long enough, sends it again.
    flaky.charge = (r) => real.charge({ ...r, methodRef: "tgm_ok_fixed" });
    const later = await runRenewals(env, ctx, flaky, ORIGIN, now + 11 * 60 * 1000);
    expect(later).toMatchObject({ errors: 0 });
    expect(await rows("SELECT status FROM payments WHERE listing_id = ?", bad.listingId)).toEqual([
      { status: "succeeded" },
    ]);
  });
});
