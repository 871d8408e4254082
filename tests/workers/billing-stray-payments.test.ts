// Money that buys nothing, and the webhook's own guards (docs/decisions/0015-subscriptions-and-billing.md,
// "Money that buys nothing"): a replaced or abandoned checkout paid later is recorded and refunded, never
// applied; a payment extends a period only by its own plan; the webhook asks the provider only about our own
// payments, within limits; in development it answers this machine only.
import { env } from "cloudflare:test";
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WEEK_MS } from "~/features/billing/subscriptions";
import { action as notifyAction } from "~/routes/api.payments.notify";
import { startCheckout } from "~/features/billing/checkout.server";
import type { PaymentNotification } from "~/features/payments/gateway.server";
import { handlePaymentNotification } from "~/features/payments/notify.server";
import { paymentGateway } from "~/features/payments/select.server";
import { decodeCheckout } from "~/dev/test-gateway-checkout.server";
import { notificationRequest } from "~/dev/test-gateway-signature.server";
import { TestGateway } from "~/dev/test-gateway.server";
import { windcaveFetch } from "../windcave-stand-in";
import { ctx, one, production, SITE } from "./billing-fixtures";
import { client, freshIp, inOneLimiterWindow, signedIn } from "./client";
import { insertListing, insertSubscription } from "./fixtures";
import { eventually, rows } from "./public-fixtures";

const ORIGIN = "http://localhost";
const NOTIFY = `${ORIGIN}/api/payments/notify`;
const PRICE = { standard: 3500, featured: 7500 } as const;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function testGateway() {
  const gateway = paymentGateway(env, ctx, ORIGIN);
  if (!(gateway instanceof TestGateway)) throw new Error("development uses the test gateway");
  return gateway;
}

async function unpaidOwner() {
  const owner = await signedIn();
  const listingId = await insertListing({ userId: owner.userId, live: false, verified: true, subscription: "none" });
  return { ...owner, listingId, user: { id: owner.userId, email: owner.email } };
}

/**
 * What the test gateway's hosted page would notify when paid: signed, through the webhook's handler.
 * `providerRef` names the transaction (the page's own, unless a second transaction paid it).
 */
async function paid(reference: string, plan: "standard" | "featured", at = Date.now(), providerRef?: string) {
  const n: PaymentNotification = {
    eventId: `evt_${crypto.randomUUID()}`,
    kind: "payment_succeeded",
    reference,
    providerRef: providerRef ?? `tgc_${reference}`,
    amountCents: PRICE[plan],
    currency: "NZD",
    methodRef: `tgm_ok_${crypto.randomUUID()}`,
    occurredAt: at,
  };
  const gateway = testGateway();
  const request = await notificationRequest(NOTIFY, n, at);
  return handlePaymentNotification(env, ctx, gateway, request, ORIGIN, at);
}

const subscription = (listingId: string) =>
  one<{ plan: string; status: string; period_end: number }>(
    "SELECT plan, status, period_end FROM subscriptions WHERE listing_id = ?",
    listingId,
  );

describe("a replaced checkout paid later", () => {
  for (const [first, second] of [
    ["standard", "featured"],
    ["featured", "standard"],
  ] as const) {
    it(`${first} replaced by ${second}: its page is cancelled; paid all the same, it buys nothing and is refunded`, async () => {
      const owner = await unpaidOwner();
      const gateway = testGateway();
      const old = await startCheckout(env, gateway, owner.user, owner.listingId, first, ORIGIN);
      const now = await startCheckout(env, gateway, owner.user, owner.listingId, second, ORIGIN);
      if (!old.ok || !now.ok) throw new Error("checkouts did not start");
      expect(await one("SELECT status, failure FROM payments WHERE id = ?", old.reference)).toEqual({
        status: "failed",
        failure: "Replaced by another checkout",
      });
      // The replaced page no longer takes payment (the test gateway cancels, as some providers allow).
      const page = await client().get(old.redirectUrl.slice(ORIGIN.length));
      expect(page.status).toBe(410);
      expect(await page.text()).toContain("This payment page has expired");
      const checkout = await decodeCheckout(new URL(old.redirectUrl).searchParams.get("t"));
      expect(checkout!.expiresAt).toBeGreaterThan(Date.now());
      expect(checkout!.expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);

      // The chosen plan is paid: a week of it.
      expect((await paid(now.reference, second)).status).toBe(200);
      const after = await subscription(owner.listingId);
      expect(after).toMatchObject({ plan: second, status: "active" });

      // The old page paid later (a provider that cannot cancel, or a replay): recorded, never applied.
      const late = await paid(old.reference, first);
      expect(late.status).toBe(200);
      expect(await subscription(owner.listingId)).toEqual(after);
      expect(await one("SELECT featured FROM listings WHERE id = ?", owner.listingId)).toEqual({
        featured: second === "featured" ? 1 : 0,
      });
      expect(await rows("SELECT payment_id FROM receipts WHERE listing_id = ?", owner.listingId)).toEqual([
        { payment_id: now.reference },
      ]);
      const stray = await eventually(async () => {
        const row = await one<{ refund_state: string; amount_cents: number; reason: string; refund_ref: string }>(
          "SELECT refund_state, amount_cents, reason, refund_ref FROM unapplied_payments WHERE payment_id = ?",
          old.reference,
        );
        return row?.refund_state === "refunded" ? row : null;
      });
      expect(stray).toMatchObject({ amount_cents: PRICE[first], reason: expect.stringContaining("Replaced") });
      // Refunded through the gateway, for that transaction and amount.
      expect(await gateway.refundOf(`tgc_${old.reference}`)).toMatchObject({
        reference: old.reference,
        amountCents: PRICE[first],
        refundRef: stray.refund_ref,
      });
      // The same notification again changes nothing, and refunds nothing twice.
      expect((await paid(old.reference, first)).status).toBe(200);
      expect(await rows("SELECT id FROM unapplied_payments WHERE payment_id = ?", old.reference)).toHaveLength(1);
    });
  }

  it("is listed for administrators until refunded, and one the provider refused can be marked refunded by hand", async () => {
    const owner = await unpaidOwner();
    const gateway = testGateway();
    const old = await startCheckout(env, gateway, owner.user, owner.listingId, "standard", ORIGIN);
    const now = await startCheckout(env, gateway, owner.user, owner.listingId, "featured", ORIGIN);
    if (!old.ok || !now.ok) throw new Error("checkouts did not start");
    await paid(now.reference, "featured");
    // The provider refuses the refund: left to an administrator.
    vi.spyOn(TestGateway.prototype, "refund").mockResolvedValue({ status: "failed", reason: "Refund window closed" });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await paid(old.reference, "standard");
    await eventually(async () =>
      (
        await one<{ refund_state: string }>(
          "SELECT refund_state FROM unapplied_payments WHERE payment_id = ?",
          old.reference,
        )
      )?.refund_state === "manual"
        ? true
        : null,
    );
    const admin = await signedIn({ admin: true });
    const pageText = await (await admin.client.get("/admin/subscriptions")).text();
    expect(pageText).toContain("Payments that bought nothing");
    expect(pageText).toContain("The provider refused the refund");
    expect(pageText).toContain("Refund window closed");
    const { id } = await one<{ id: string }>("SELECT id FROM unapplied_payments WHERE payment_id = ?", old.reference);
    const noReason = await admin.client.post("/admin/subscriptions", { form: { intent: "markRefunded", id } });
    expect(noReason.status).toBe(400);
    const marked = await admin.client.post("/admin/subscriptions", {
      form: { intent: "markRefunded", id, reason: "Refunded in the portal" },
    });
    expect(marked.status).toBe(200);
    expect(await one("SELECT refund_state FROM unapplied_payments WHERE id = ?", id)).toEqual({
      refund_state: "refunded",
    });
    expect(
      await one(
        "SELECT action, detail FROM admin_audit WHERE action = 'mark_refunded' AND detail LIKE ?",
        `${old.reference}%`,
      ),
    ).toEqual({
      action: "mark_refunded",
      detail: `${old.reference}: Refunded in the portal`,
    });
    // Not the owner's to see or change: admin pages do not exist for anyone else.
    expect(
      (await owner.client.post("/admin/subscriptions", { form: { intent: "markRefunded", id, reason: "x" } })).status,
    ).toBe(404);
  });
});

describe("two different transactions paying one payment", () => {
  it("arriving at once: one buys the week, the other is recorded as money that bought nothing and refunded", async () => {
    const owner = await unpaidOwner();
    const gateway = testGateway();
    const checkout = await startCheckout(env, gateway, owner.user, owner.listingId, "standard", ORIGIN);
    if (!checkout.ok) throw new Error("the checkout did not start");
    const transactions = [`tgc_${checkout.reference}_a`, `tgc_${checkout.reference}_b`];
    // Both read the payment as open and decide it buys a week; only one batch can write the charge.
    const answers = await Promise.all(transactions.map((ref) => paid(checkout.reference, "standard", Date.now(), ref)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
    }
    const week = await subscription(owner.listingId);
    expect(week).toMatchObject({ plan: "standard", status: "active" });
    expect(week.period_end).toBeLessThanOrEqual(Date.now() + WEEK_MS);
    const [charge] = await rows<{ provider_ref: string }>(
      "SELECT provider_ref FROM ledger WHERE payment_id = ? AND entry = 'charge'",
      checkout.reference,
    );
    expect(await rows("SELECT id FROM receipts WHERE payment_id = ?", checkout.reference)).toHaveLength(1);
    // The other transaction is refunded, for its own reference and amount.
    const other = transactions.find((ref) => ref !== charge.provider_ref)!;
    const stray = await eventually(async () => {
      const row = await one<{ provider_ref: string; refund_state: string; reason: string }>(
        "SELECT provider_ref, refund_state, reason FROM unapplied_payments WHERE payment_id = ?",
        checkout.reference,
      );
      return row?.refund_state === "refunded" ? row : null;
    });
    expect(stray).toMatchObject({ provider_ref: other, reason: "A second transaction for a payment already paid" });
    expect(await gateway.refundOf(other)).toMatchObject({ reference: checkout.reference, amountCents: PRICE.standard });
    expect(await gateway.refundOf(charge.provider_ref)).toBeNull();
  });

  it("the same notification twice at once: one applies it, the other is a duplicate, nothing is refunded", async () => {
    const owner = await unpaidOwner();
    const gateway = testGateway();
    const checkout = await startCheckout(env, gateway, owner.user, owner.listingId, "standard", ORIGIN);
    if (!checkout.ok) throw new Error("the checkout did not start");
    const at = Date.now();
    const n: PaymentNotification = {
      eventId: `evt_${crypto.randomUUID()}`,
      kind: "payment_succeeded",
      reference: checkout.reference,
      providerRef: `tgc_${checkout.reference}`,
      amountCents: PRICE.standard,
      currency: "NZD",
      occurredAt: at,
    };
    const answers = await Promise.all(
      [1, 2].map(async () =>
        handlePaymentNotification(env, ctx, gateway, await notificationRequest(NOTIFY, n, at), ORIGIN, at),
      ),
    );
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(bodies).toEqual(expect.arrayContaining([{ ok: true }, { ok: true, duplicate: true }]));
    expect(await rows("SELECT id FROM ledger WHERE payment_id = ?", checkout.reference)).toHaveLength(1);
    expect(await rows("SELECT id FROM unapplied_payments WHERE payment_id = ?", checkout.reference)).toEqual([]);
  });
});

describe("a payment extends a period only by its own plan", () => {
  async function activeWithOpenCheckout(plan: "standard" | "featured", checkoutPlan: "standard" | "featured") {
    const owner = await unpaidOwner();
    const periodEnd = Date.now() + 3 * 24 * 3600 * 1000;
    await insertSubscription(owner.listingId, owner.userId, {
      plan,
      status: "active",
      periodStart: periodEnd - WEEK_MS,
      periodEnd,
      methodRef: `tgm_ok_${owner.listingId}`,
    });
    const reference = `pay_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
    await env.DB.prepare(
      `INSERT INTO payments (id, listing_id, user_id, kind, plan, amount_cents, status, provider, provider_ref, created_at, updated_at)
       VALUES (?, ?, ?, 'checkout', ?, ?, 'open', 'test', ?, ?, ?)`,
    )
      .bind(
        reference,
        owner.listingId,
        owner.userId,
        checkoutPlan,
        PRICE[checkoutPlan],
        `tgc_${reference}`,
        Date.now(),
        Date.now(),
      )
      .run();
    return { ...owner, reference, periodEnd };
  }

  it("a Standard payment on a Featured plan buys no Featured week: it is refunded", async () => {
    const owner = await activeWithOpenCheckout("featured", "standard");
    expect((await paid(owner.reference, "standard")).status).toBe(200);
    expect(await subscription(owner.listingId)).toEqual({
      plan: "featured",
      status: "active",
      period_end: owner.periodEnd,
    });
    expect(await one("SELECT status FROM payments WHERE id = ?", owner.reference)).toEqual({ status: "failed" });
    expect(await rows("SELECT id FROM receipts WHERE listing_id = ?", owner.listingId)).toEqual([]);
    await eventually(async () =>
      (
        await one<{ refund_state: string }>(
          "SELECT refund_state FROM unapplied_payments WHERE payment_id = ?",
          owner.reference,
        )
      )?.refund_state === "refunded"
        ? true
        : null,
    );
  });

  it("a payment of the plan it has adds one week of it, with its receipt", async () => {
    const owner = await activeWithOpenCheckout("standard", "standard");
    expect((await paid(owner.reference, "standard")).status).toBe(200);
    expect(await subscription(owner.listingId)).toEqual({
      plan: "standard",
      status: "active",
      period_end: owner.periodEnd + WEEK_MS,
    });
    expect(await rows("SELECT total_cents FROM receipts WHERE listing_id = ?", owner.listingId)).toEqual([
      { total_cents: 3500 },
    ]);
    expect(await rows("SELECT id FROM unapplied_payments WHERE payment_id = ?", owner.reference)).toEqual([]);
  });
});

describe("the webhook's guards", () => {
  function routeArgs(request: Request, cloudflareEnv: object): LoaderFunctionArgs {
    const context = { cloudflare: { env: cloudflareEnv, ctx, cf: {} } } as unknown as AppLoadContext;
    return { request, params: {}, context };
  }
  const made = (i: number) => `Flood${String(i).padStart(27, "0")}`;
  const post = (cloudflareEnv: object, ip: string, sessionId: string) =>
    notifyAction(
      routeArgs(
        new Request(`${SITE}/api/payments/notify`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
          body: JSON.stringify({ sessionId }),
        }),
        cloudflareEnv,
      ),
    );

  it("a flood of made-up ids costs no Windcave call, and one client is held at 30 a minute", async () => {
    const stand = windcaveFetch(() => ({ status: 404 }));
    vi.stubGlobal("fetch", stand.fetchImpl);
    await inOneLimiterWindow(async (ip) => {
      const answers: number[] = [];
      for (let i = 0; i < 32; i++) answers.push((await post(production, ip, made(i))).status);
      expect(answers.slice(0, 30)).toEqual(Array(30).fill(404));
      expect(answers.slice(30)).toEqual([429, 429]);
    });
    expect(stand.calls).toEqual([]);
  });

  it("and everyone together is held too", async () => {
    vi.stubGlobal("fetch", windcaveFetch(() => ({ status: 404 })).fetchImpl);
    // The total is NOTIFY_TOTAL_LIMITER (120 a minute). Other files of this worker notify as well, so this
    // runs the same limiter code on the 30-a-minute limiter, under the route's "notify:all" key made its own
    // per attempt (so a retry after a window turned half-way starts at zero), rather than spending the real
    // total: the 31st client is refused although each sent one notification.
    await inOneLimiterWindow(async () => {
      const attempt = crypto.randomUUID();
      const ownKey = { limit: ({ key }: { key: string }) => env.NOTIFY_LIMITER.limit({ key: `${key}:${attempt}` }) };
      const tight = { ...production, NOTIFY_TOTAL_LIMITER: ownKey };
      const answers: number[] = [];
      for (let i = 0; i < 31; i++) answers.push((await post(tight, freshIp(), made(100 + i))).status);
      expect(answers.slice(0, 30)).toEqual(Array(30).fill(404));
      expect(answers[30]).toBe(429);
    });
  });

  it("in development the test gateway's notifications are taken from this machine only", async () => {
    const owner = await unpaidOwner();
    const gateway = testGateway();
    const started = await startCheckout(env, gateway, owner.user, owner.listingId, "standard", ORIGIN);
    if (!started.ok) throw new Error("checkout did not start");
    const n: PaymentNotification = {
      eventId: `evt_${crypto.randomUUID()}`,
      kind: "payment_succeeded",
      reference: started.reference,
      providerRef: `tgc_${started.reference}`,
      amountCents: 3500,
      currency: "NZD",
      occurredAt: Date.now(),
    };
    const send = async (origin: string) => {
      const request = await notificationRequest(`${origin}/api/payments/notify`, n, Date.now());
      return client({ origin }).post(
        "/api/payments/notify",
        { raw: await request.text(), type: "application/json" },
        { headers: { "Test-Gateway-Signature": request.headers.get("Test-Gateway-Signature")! } },
      );
    };
    // Signed with the published test secret, from another host: refused, and nothing is paid.
    expect((await send("https://kiwi.example.com")).status).toBe(404);
    expect(await one("SELECT status FROM payments WHERE id = ?", started.reference)).toEqual({ status: "open" });
    expect((await send(ORIGIN)).status).toBe(200);
    expect(await one("SELECT status FROM payments WHERE id = ?", started.reference)).toEqual({ status: "succeeded" });
  });
});
