// Payments left open, looked up at the provider (decision 0015 "Looking a payment up"): the cron's
// re-send and the upgrade ask first; the checkout return page asks after 10 seconds (rate-limited); the
// administrators ask or give up; the cron closes checkouts nobody completed. Real D1 and KV, the test gateway
// with its own books (it records every charge, and can lose an answer), an explicit clock.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PLANS } from "~/core/plans";
import { WEEK_MS } from "~/features/billing/subscriptions";
import { changeSubscription } from "~/features/billing/plan-changes.server";
import { upgradeNow } from "~/features/billing/upgrade.server";
import { CHARGE_RETRY_AFTER_MS, openCharge } from "~/features/billing/charges.server";
import { checkOwnPayment } from "~/features/payments/lookups.server";
import { askProviderNow, giveUpPayment } from "~/features/payments/open-payments.server";
import type { PaymentGateway } from "~/features/payments/gateway.server";
import { paymentGateway } from "~/features/payments/select.server";
import { TestGateway } from "~/dev/test-gateway.server";
import { runRenewals } from "~/features/billing/renewals.server";
import { readSubscription } from "~/features/billing/subscriptions.server";
import { one, paidListing } from "./billing-fixtures";
import { signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";

const ORIGIN = "http://localhost";
const ctx = { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}), passThroughOnException: () => {} };
const LATER = CHARGE_RETRY_AFTER_MS + 1000;
const HOUR = 3600_000;

afterEach(() => {
  vi.restoreAllMocks();
});

function testGateway(): TestGateway {
  const gateway = paymentGateway(env, ctx, ORIGIN);
  if (!(gateway instanceof TestGateway)) throw new Error("the tests run the test gateway");
  return gateway;
}

/** The test gateway, with some of its calls counted or replaced. */
function wrapped(over: Partial<PaymentGateway> = {}) {
  const real = testGateway();
  const charge = vi.fn((r: Parameters<PaymentGateway["charge"]>[0]) => real.charge(r));
  const gateway: PaymentGateway = {
    name: real.name,
    startCheckout: (r) => real.startCheckout(r),
    verifyNotification: (r) => real.verifyNotification(r),
    cancel: (m) => real.cancel(m),
    refund: (r) => real.refund(r),
    cancelCheckout: (ref) => real.cancelCheckout(ref),
    lookup: (r) => real.lookup(r),
    charge,
    ...over,
  };
  return { gateway, charge, real };
}

async function moneyOf(listingId: string) {
  return {
    payments: await rows<{ id: string; status: string; provider_ref: string | null }>(
      "SELECT id, status, provider_ref FROM payments WHERE listing_id = ? ORDER BY created_at",
      listingId,
    ),
    ledger: await rows<{ event_id: string; amount_cents: number }>(
      "SELECT event_id, amount_cents FROM ledger WHERE listing_id = ?",
      listingId,
    ),
    receipts: await rows("SELECT id FROM receipts WHERE listing_id = ?", listingId),
    sub: await one<{ status: string; period_end: number | null; plan: string }>(
      "SELECT status, period_end, plan FROM subscriptions WHERE listing_id = ?",
      listingId,
    ),
  };
}

describe("the cron's re-send looks the charge up first", () => {
  it("settled: a charge whose answer was lost is recorded once (ledger row and receipt), never charged again", async () => {
    const owner = await paidListing({ methodRef: "tgm_lose_card" });
    const { gateway, charge, real } = wrapped();
    expect(await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd)).toMatchObject({ unsettled: 1, charged: 0 });
    const [open] = (await moneyOf(owner.listingId)).payments;
    expect(open).toMatchObject({ status: "open", provider_ref: null });
    const books = await real.readRecord(open.id);
    expect(books?.status).toBe("settled");

    const later = await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd + LATER);
    expect(later).toMatchObject({ charged: 1, failed: 0 });
    expect(charge).toHaveBeenCalledTimes(1);
    const after = await moneyOf(owner.listingId);
    expect(after.payments).toEqual([
      { id: open.id, status: "succeeded", provider_ref: books!.notification.providerRef },
    ]);
    // Recorded under the provider's own event id: a notification arriving late would be a duplicate.
    expect(after.ledger).toEqual([{ event_id: books!.notification.eventId, amount_cents: PLANS.standard.priceCents }]);
    expect(after.receipts).toHaveLength(1);
    expect(after.sub).toMatchObject({ status: "active", period_end: owner.periodEnd + WEEK_MS });

    // Another run, and the lost notification turning up after all: nothing more.
    await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd + 2 * LATER);
    await real.notify(books!.notification);
    expect(charge).toHaveBeenCalledTimes(1);
    expect((await moneyOf(owner.listingId)).ledger).toHaveLength(1);
  });

  it("none: a charge the provider never saw is sent again, once, under the same reference", async () => {
    const owner = await paidListing({ methodRef: "tgm_ok_card" });
    const { gateway, charge, real } = wrapped();
    // Opened, then the Worker died before sending it: the provider never heard of it.
    const sub = await readSubscription(env, owner.listingId);
    const opened = await openCharge(
      env,
      gateway,
      sub!,
      { kind: "renewal", plan: "standard", amountCents: 3500 },
      owner.periodEnd,
    );
    if (!opened.ok) throw new Error("not opened");
    expect(await real.lookup({ reference: opened.charge.reference, providerRef: null, kind: "renewal" })).toEqual({
      status: "none",
    });

    expect(await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd + LATER)).toMatchObject({ charged: 1 });
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0][0]).toMatchObject({ reference: opened.charge.reference });
    await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd + 2 * LATER);
    expect(charge).toHaveBeenCalledTimes(1);
    const after = await moneyOf(owner.listingId);
    expect(after.payments.map((p) => p.status)).toEqual(["succeeded"]);
    expect(after.ledger).toHaveLength(1);
    expect(after.sub.period_end).toBe(owner.periodEnd + WEEK_MS);
  });

  it("pending: left open, nothing sent again, until the provider decides", async () => {
    const owner = await paidListing({ methodRef: "tgm_pending_card" });
    const { gateway, charge } = wrapped();
    expect(await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd)).toMatchObject({ unsettled: 1 });
    const [open] = (await moneyOf(owner.listingId)).payments;
    expect(open.provider_ref).toMatch(/^tgp_/);
    expect(await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd + LATER)).toMatchObject({
      unsettled: 1,
      charged: 0,
      failed: 0,
    });
    expect(charge).toHaveBeenCalledTimes(1);
    const after = await moneyOf(owner.listingId);
    expect(after.payments).toEqual([open]);
    expect(after.ledger).toEqual([]);
    expect(after.sub.status).toBe("active");
  });

  it("unknown (the provider unreachable): left open, nothing sent again", async () => {
    const owner = await paidListing({ methodRef: "tgm_lose_card" });
    const { gateway, charge } = wrapped({ lookup: async () => ({ status: "unknown", reason: "unreachable" }) });
    await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd);
    expect(await runRenewals(env, ctx, gateway, ORIGIN, owner.periodEnd + LATER)).toMatchObject({
      unsettled: 1,
      charged: 0,
    });
    expect(charge).toHaveBeenCalledTimes(1);
    const after = await moneyOf(owner.listingId);
    expect(after.payments.map((p) => p.status)).toEqual(["open"]);
    expect(after.ledger).toEqual([]);
    // It was asked about: the administrators' list shows when.
    expect(
      (
        await one<{ provider_checked_at: number }>(
          "SELECT provider_checked_at FROM payments WHERE listing_id = ?",
          owner.listingId,
        )
      ).provider_checked_at,
    ).toBe(owner.periodEnd + LATER);
  });

  it("the upgrade: an earlier upgrade whose answer was lost is looked up, not charged a second time", async () => {
    const now = Date.now();
    const owner = await paidListing({ methodRef: "tgm_lose_card", periodEnd: now + 3 * 24 * HOUR });
    const { gateway, charge } = wrapped();
    const first = await upgradeNow(env, ctx, gateway, owner.userId, owner.listingId, null, ORIGIN, now);
    expect(first).toMatchObject({ ok: false, status: 502 });
    // Too soon to tell a charge in flight from a lost one: refused as busy, nothing sent.
    expect(await upgradeNow(env, ctx, gateway, owner.userId, owner.listingId, null, ORIGIN, now + 1000)).toMatchObject({
      ok: false,
      status: 409,
    });
    const again = await upgradeNow(env, ctx, gateway, owner.userId, owner.listingId, null, ORIGIN, now + LATER);
    // The first charge is found paid: the listing is Featured, so there is nothing left to upgrade.
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(charge).toHaveBeenCalledTimes(1);
    const after = await moneyOf(owner.listingId);
    expect(after.sub.plan).toBe("featured");
    expect(after.payments.map((p) => p.status)).toEqual(["succeeded"]);
    expect(after.ledger).toHaveLength(1);
  });
});

/** A signed-in owner's checkout of `tier`, opened through /subscriptions: its reference and hosted page path. */
async function checkout(owner: SignedIn, listingId: string, tier = "standard") {
  const res = await owner.client.post("/subscriptions", { form: { tier, listingId } });
  const location = res.headers.get("Location") ?? "";
  const match = /\/dev\/gateway\/checkout\/([^?]+)\?t=/.exec(location);
  if (!match) throw new Error(`no hosted page: ${res.status} ${location}`);
  return { reference: decodeURIComponent(match[1]), page: location.slice(location.indexOf("/dev/")) };
}

async function unpaidOwner() {
  const owner = await signedIn();
  const listingId = await insertListing({ userId: owner.userId, live: false, verified: true, subscription: "none" });
  return { owner, listingId };
}

describe("the checkout return page asks the provider", () => {
  it("a lost notification: 'Check again' settles it and the page shows the plan paid", async () => {
    const { owner, listingId } = await unpaidOwner();
    const { reference, page } = await checkout(owner, listingId);
    expect((await owner.client.post(page, { form: { outcome: "approve_lost" } })).status).toBe(303);
    expect((await moneyOf(listingId)).payments[0].status).toBe("open");
    const waiting = await owner.client.get(`/subscriptions/return/${reference}`);
    const html = await waiting.text();
    expect(html).toContain("Payment processing…");
    expect(html).toContain("Check again");

    const check = await owner.client.post(`/subscriptions/return/${reference}`, { form: { intent: "check" } });
    expect(check.status).toBe(303);
    expect(check.headers.get("Location")).toBe(`/subscriptions/return/${reference}`);
    const after = await moneyOf(listingId);
    expect(after.payments[0].status).toBe("succeeded");
    expect(after.ledger).toHaveLength(1);
    expect(after.receipts).toHaveLength(1);
    expect(after.sub.status).toBe("active");
    expect(await (await owner.client.get(`/subscriptions/return/${reference}`)).text()).toContain("Payment received");

    // Clicked again: a no-op, never a second ledger row.
    const twice = await owner.client.post(`/subscriptions/return/${reference}`, { form: { intent: "check", js: "1" } });
    expect(twice.status).toBe(200);
    expect((await moneyOf(listingId)).ledger).toHaveLength(1);
  });

  it("asks the provider at most once per payment every 10 seconds", async () => {
    const { owner, listingId } = await unpaidOwner();
    const { reference, page } = await checkout(owner, listingId);
    const gateway = testGateway();
    const lookup = vi.spyOn(gateway, "lookup");
    const t = Date.now();
    expect(await checkOwnPayment(env, ctx, gateway, owner.userId, reference, ORIGIN, t)).toEqual({
      ok: true,
      outcome: "none",
    });
    await owner.client.post(page, { form: { outcome: "approve_lost" } });
    for (const dt of [1, 5000, 9999]) {
      expect(await checkOwnPayment(env, ctx, gateway, owner.userId, reference, ORIGIN, t + dt)).toEqual({
        ok: true,
        outcome: "limited",
      });
    }
    expect(lookup).toHaveBeenCalledTimes(1);
    expect((await moneyOf(listingId)).payments[0].status).toBe("open");
    expect(await checkOwnPayment(env, ctx, gateway, owner.userId, reference, ORIGIN, t + 10_000)).toEqual({
      ok: true,
      outcome: "settled",
    });
    expect(lookup).toHaveBeenCalledTimes(2);
    expect((await moneyOf(listingId)).payments[0].status).toBe("succeeded");
  });

  it("a declined payment the app never heard of is shown declined", async () => {
    const { owner, listingId } = await unpaidOwner();
    const { reference } = await checkout(owner, listingId);
    const gateway = testGateway();
    const [row] = await rows<{ provider_ref: string }>("SELECT provider_ref FROM payments WHERE id = ?", reference);
    await gateway.record({
      status: "declined",
      notification: {
        eventId: "evt_declined_lost",
        kind: "payment_failed",
        reference,
        providerRef: row.provider_ref,
        amountCents: PLANS.standard.priceCents,
        currency: "NZD",
        occurredAt: Date.now(),
      },
    });
    // As the page's script asks (js=1): answered in place, not redirected.
    const check = await owner.client.post(`/subscriptions/return/${reference}`, { form: { intent: "check", js: "1" } });
    expect(check.status).toBe(200);
    const after = await moneyOf(listingId);
    expect(after.payments[0].status).toBe("failed");
    expect(after.ledger).toEqual([]);
    expect(after.sub.status).toBe("unpaid");
    expect(await (await owner.client.get(`/subscriptions/return/${reference}`)).text()).toContain(
      "Your card was declined",
    );
  });

  it("someone else's payment, a made-up id or an unknown action: 4xx, and nothing is asked or changed", async () => {
    const { owner, listingId } = await unpaidOwner();
    const { reference, page } = await checkout(owner, listingId);
    await owner.client.post(page, { form: { outcome: "approve_lost" } });
    const stranger = await signedIn();
    expect(
      (await stranger.client.post(`/subscriptions/return/${reference}`, { form: { intent: "check" } })).status,
    ).toBe(404);
    for (const id of ["pay_doesnotexist", "nope", "pay_%27%20OR%201%3D1"]) {
      expect((await owner.client.post(`/subscriptions/return/${id}`, { form: { intent: "check" } })).status).toBe(404);
    }
    expect((await owner.client.post(`/subscriptions/return/${reference}`, { form: { intent: "pay" } })).status).toBe(
      400,
    );
    expect((await moneyOf(listingId)).payments[0].status).toBe("open");
    expect(
      (
        await one<{ provider_checked_at: number | null }>(
          "SELECT provider_checked_at FROM payments WHERE id = ?",
          reference,
        )
      ).provider_checked_at,
    ).toBeNull();
  });
});

describe("administrators: payments left open", () => {
  /** A renewal charged, its answer lost, three hours ago. */
  async function lostRenewal() {
    const now = Date.now();
    const owner = await paidListing({ methodRef: "tgm_lose_card", periodEnd: now - 3 * HOUR });
    await runRenewals(env, ctx, testGateway(), ORIGIN, now - 3 * HOUR);
    const [open] = (await moneyOf(owner.listingId)).payments;
    expect(open.status).toBe("open");
    return { owner, reference: open.id, now };
  }

  it("are listed with the owner's e-mail, amount, kind and times; not for anyone but administrators", async () => {
    const { owner, reference } = await lostRenewal();
    const admin = await signedIn({ admin: true });
    const html = (await (await admin.client.get("/admin/subscriptions")).text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Payments left open");
    const row = html.slice(html.indexOf('data-testid="open-payments"'));
    expect(row).toContain(owner.email);
    expect(row).toContain("$35.00");
    expect(row).toContain("renewal");
    expect(row).toContain(reference);

    expect((await owner.client.get("/admin/subscriptions")).status).toBe(404);
    for (const intent of ["askProvider", "giveUpPayment"]) {
      const res = await owner.client.post("/admin/subscriptions", {
        form: { intent, paymentId: reference, reason: "Because" },
      });
      expect(res.status).toBe(404);
    }
    // Without a second factor an administrator has no powers: sent to set one up.
    const halfAdmin = await signedIn({ admin: true, withoutSecondFactor: true });
    const refused = await halfAdmin.client.post("/admin/subscriptions", {
      form: { intent: "giveUpPayment", paymentId: reference, reason: "Because" },
    });
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(refused.status).toBeLessThan(500);
    const asOwner = { id: owner.userId, isAdmin: false };
    expect(await giveUpPayment(env, ctx, asOwner, reference, "Because")).toEqual({
      ok: false,
      status: 403,
      error: "Administrators only.",
    });
    expect(await askProviderNow(env, ctx, testGateway(), asOwner, reference, ORIGIN)).toMatchObject({ status: 403 });
    expect((await moneyOf(owner.listingId)).payments[0].status).toBe("open");
    expect(
      await rows("SELECT id FROM admin_audit WHERE action = 'give_up_payment' AND detail LIKE ?", `${reference}%`),
    ).toEqual([]);
  });

  it("'Ask the provider now' settles a charge the provider reports paid; asking again is a no-op", async () => {
    const { owner, reference } = await lostRenewal();
    const admin = await signedIn({ admin: true });
    const res = await admin.client.post("/admin/subscriptions", {
      form: { intent: "askProvider", paymentId: reference },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("The provider reports it paid");
    const after = await moneyOf(owner.listingId);
    expect(after.payments[0].status).toBe("succeeded");
    expect(after.ledger).toHaveLength(1);
    expect(after.receipts).toHaveLength(1);
    expect(after.sub.period_end).toBe(owner.periodEnd + WEEK_MS);
    const again = await admin.client.post("/admin/subscriptions", {
      form: { intent: "askProvider", paymentId: reference },
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("no longer open");
    expect((await moneyOf(owner.listingId)).ledger).toHaveLength(1);
  });

  it("'Ask the provider now' finding a renewal declined puts it past due and tells the owner, as the cron would", async () => {
    const { owner, reference } = await lostRenewal();
    const admin = await signedIn({ admin: true });
    const { gateway } = wrapped({
      lookup: async (request) => {
        const real = await testGateway().lookup(request);
        if (real.status !== "settled") throw new Error(`expected the lost charge settled, got ${real.status}`);
        return { status: "declined", notification: { ...real.notification, kind: "payment_failed" } };
      },
    });
    const asked = await askProviderNow(env, ctx, gateway, { id: admin.userId, isAdmin: true }, reference, ORIGIN);
    expect(asked).toMatchObject({ ok: true, message: expect.stringContaining("declined") });
    const after = await moneyOf(owner.listingId);
    expect(after.payments[0].status).toBe("failed");
    expect(after.ledger).toEqual([]);
    expect(after.sub.status).toBe("past_due");
    await vi.waitFor(async () =>
      expect(
        await rows(
          "SELECT subject FROM dev_outbox WHERE to_address = ? AND subject LIKE '%renewal payment failed%'",
          owner.email,
        ),
      ).toHaveLength(1),
    );
  });

  it("'Give up' needs a reason, closes the payment without a charge, is audited, and unblocks the plan", async () => {
    const { owner, reference } = await lostRenewal();
    const admin = await signedIn({ admin: true });
    // While it is open, the owner cannot cancel.
    expect(await changeSubscription(env, ctx, owner.userId, owner.listingId, { type: "cancel" })).toMatchObject({
      ok: false,
      status: 409,
    });
    const noReason = await admin.client.post("/admin/subscriptions", {
      form: { intent: "giveUpPayment", paymentId: reference, reason: "  " },
    });
    expect(noReason.status).toBe(400);
    expect((await moneyOf(owner.listingId)).payments[0].status).toBe("open");

    const res = await admin.client.post("/admin/subscriptions", {
      form: { intent: "giveUpPayment", paymentId: reference, reason: "Windcave support: never charged" },
    });
    expect(res.status).toBe(200);
    const after = await moneyOf(owner.listingId);
    expect(after.payments[0].status).toBe("failed");
    expect(after.ledger).toEqual([]);
    expect(after.receipts).toEqual([]);
    const audit = await rows(
      "SELECT admin_id, action, listing_id, detail FROM admin_audit WHERE action = 'give_up_payment'",
    );
    expect(audit).toContainEqual({
      admin_id: admin.userId,
      action: "give_up_payment",
      listing_id: owner.listingId,
      detail: `${reference}: Windcave support: never charged`,
    });
    expect(await changeSubscription(env, ctx, owner.userId, owner.listingId, { type: "cancel" })).toEqual({ ok: true });

    // A second click: a no-op, not audited twice.
    const twice = await admin.client.post("/admin/subscriptions", {
      form: { intent: "giveUpPayment", paymentId: reference, reason: "Again" },
    });
    expect(twice.status).toBe(200);
    expect(
      await rows("SELECT id FROM admin_audit WHERE action = 'give_up_payment' AND listing_id = ?", owner.listingId),
    ).toHaveLength(1);
  });

  it("giving up a checkout takes its subscription back from pending", async () => {
    const { owner, listingId } = await unpaidOwner();
    const { reference } = await checkout(owner, listingId);
    const admin = await signedIn({ admin: true });
    expect((await moneyOf(listingId)).sub.status).toBe("pending");
    expect(await giveUpPayment(env, ctx, { id: admin.userId, isAdmin: true }, reference, "Abandoned")).toMatchObject({
      ok: true,
    });
    const after = await moneyOf(listingId);
    expect(after.payments[0].status).toBe("failed");
    expect(after.sub.status).toBe("unpaid");
  });

  it("unknown or malformed payment ids are 404, an unknown action 400; never 500", async () => {
    const admin = await signedIn({ admin: true });
    for (const paymentId of ["pay_doesnotexist", "", "x".repeat(300), "pay_' OR 1=1 --"]) {
      for (const intent of ["askProvider", "giveUpPayment"]) {
        const res = await admin.client.post("/admin/subscriptions", { form: { intent, paymentId, reason: "Because" } });
        expect(res.status, `${intent} ${paymentId}`).toBe(404);
      }
    }
    const res = await admin.client.post("/admin/subscriptions", { form: { intent: "refund", paymentId: "pay_x" } });
    expect(res.status).toBe(400);
  });
});

describe("the cron closes checkouts nobody completed", () => {
  it("after 24 hours: unpaid ones close (and unblock), one the provider reports paid is settled, younger ones wait", async () => {
    const abandoned = await unpaidOwner();
    const lost = await unpaidOwner();
    const young = await unpaidOwner();
    const a = await checkout(abandoned.owner, abandoned.listingId);
    const l = await checkout(lost.owner, lost.listingId, "featured");
    await lost.owner.client.post(l.page, { form: { outcome: "approve_lost" } });
    const now = Date.now();
    await env.DB.prepare("UPDATE payments SET created_at = ? WHERE id IN (?, ?)")
      .bind(now - 25 * HOUR, a.reference, l.reference)
      .run();
    await checkout(young.owner, young.listingId);
    await env.DB.prepare("UPDATE payments SET created_at = ? WHERE listing_id = ?")
      .bind(now - 23 * HOUR, young.listingId)
      .run();

    const report = await runRenewals(env, ctx, testGateway(), ORIGIN, now);
    expect(report.abandoned).toBeGreaterThanOrEqual(2);
    const closed = await moneyOf(abandoned.listingId);
    expect(closed.payments.map((p) => p.status)).toEqual(["failed"]);
    expect(closed.sub.status).toBe("unpaid");
    expect(closed.ledger).toEqual([]);
    const settled = await moneyOf(lost.listingId);
    expect(settled.payments.map((p) => p.status)).toEqual(["succeeded"]);
    expect(settled.sub).toMatchObject({ status: "active", plan: "featured" });
    expect(settled.ledger).toHaveLength(1);
    expect((await moneyOf(young.listingId)).payments.map((p) => p.status)).toEqual(["open"]);

    // Closed, it no longer blocks: choosing a plan opens a new checkout.
    const again = await checkout(abandoned.owner, abandoned.listingId);
    expect(again.reference).not.toBe(a.reference);
    // A second run changes nothing more.
    await runRenewals(env, ctx, testGateway(), ORIGIN, now + 1000);
    expect((await moneyOf(lost.listingId)).ledger).toHaveLength(1);
  });
});
