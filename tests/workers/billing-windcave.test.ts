// Windcave through the real D1 (decision 0016): the deployed configuration (APP_ENV=production with
// Windcave's settings) with a stand-in for Windcave's host, the one thing that cannot be reached from here.
// Checkout, the hosted-session notification (settled by looking the session up), stored-card renewals (settled
// from Windcave's answer, as no notification follows them), and Windcave being down.
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WEEK_MS } from "~/features/billing/subscriptions";
import { action as notifyAction, loader as notifyLoader } from "~/routes/api.payments.notify";
import { action as subscribeAction } from "~/routes/subscriptions";
import { startCheckout } from "~/features/billing/checkout.server";
import { CHARGE_RETRY_AFTER_MS } from "~/features/billing/charges.server";
import {
  billingGateway,
  GatewayUnavailableError,
  PAYMENT_UNAVAILABLE_MSG,
  paymentGateway,
} from "~/features/payments/select.server";
import { WindcaveGateway } from "~/features/payments/windcave.server";
import { applyNotification } from "~/features/payments/notify.server";
import { nzdSession, nzdTransaction, SESSION_CREATED, windcaveFetch } from "../windcave-stand-in";
import type { Answer, Call } from "../windcave-stand-in";
import { ctx, one, paidListing, production, SITE, windcaveRenewals } from "./billing-fixtures";
import { signedIn } from "./client";
import { insertListing, insertSubscription } from "./fixtures";
import { rows } from "./public-fixtures";

/** Production before the operator has put Windcave's secrets in. */
const unconfigured = { ...production, WINDCAVE_API_USERNAME: "", WINDCAVE_API_KEY: "" };

afterEach(() => {
  vi.unstubAllGlobals();
});

function routeArgs(request: Request, cloudflareEnv: object): LoaderFunctionArgs {
  const context = { cloudflare: { env: cloudflareEnv, ctx, cf: {} } } as unknown as AppLoadContext;
  return { request, params: {}, context };
}

/** Windcave as the app's own webhook route meets it: the global fetch, as deployed, answered by the stand-in. */
function windcaveAnswers(route: (call: Call) => Answer | Promise<Answer>) {
  const stand = windcaveFetch(route);
  vi.stubGlobal("fetch", stand.fetchImpl);
  return stand.calls;
}

/** The stand-in's POST /transactions: approves (or declines) whatever it is asked, as Windcave answers. */
function chargeAnswer(call: Call, o: { authorised?: boolean; id?: string } = {}): Answer {
  const body = call.body as { amount: string; merchantReference: string; cardId: string };
  return {
    status: 201,
    json: nzdTransaction({
      id: o.id ?? "0000000600176400",
      authorised: o.authorised ?? true,
      responseText: o.authorised === false ? "DECLINED" : "APPROVED",
      amount: body.amount,
      merchantReference: body.merchantReference,
      card: { id: body.cardId },
      storedCardIndicator: "recurringvariable",
      dateTimeUtc: new Date(Date.now()).toISOString(),
    }),
  };
}

async function unpaidListing() {
  const owner = await signedIn();
  const listingId = await insertListing({ userId: owner.userId, live: false, verified: true, subscription: "none" });
  return { ...owner, listingId };
}

describe("choosing the gateway", () => {
  it("development uses the test gateway; production uses Windcave once configured, and says 503 until then", async () => {
    expect(paymentGateway(env, ctx, "http://localhost").name).toBe("test");
    expect(paymentGateway(production, ctx, SITE)).toBeInstanceOf(WindcaveGateway);
    expect(() => paymentGateway(unconfigured, ctx, SITE)).toThrow(GatewayUnavailableError);
    expect(billingGateway(unconfigured, ctx, SITE)).toBeNull();

    // Never a 500: the webhook answers 503 (the provider retries later), GET and POST alike.
    const get = await notifyLoader(routeArgs(new Request(`${SITE}/api/payments/notify?sessionId=abc`), unconfigured));
    expect(get.status).toBe(503);
    const post = await notifyAction(
      routeArgs(new Request(`${SITE}/api/payments/notify`, { method: "POST", body: "sessionId=abc" }), unconfigured),
    );
    expect(post.status).toBe(503);
  });

  it("a signed-in 'Choose' in production without Windcave settings answers 503 with a clear message", async () => {
    const owner = await unpaidListing();
    // Production cookies are __Host- prefixed (Secure).
    const cookie = `__Host-${owner.cookie}`;
    const request = new Request(`${SITE}/subscriptions`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
      body: "tier=featured",
    });
    const answer = (await subscribeAction(routeArgs(request, unconfigured))) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(answer.init.status).toBe(503);
    expect(answer.data.error).toBe(PAYMENT_UNAVAILABLE_MSG);
    expect(await rows("SELECT id FROM payments WHERE listing_id = ?", owner.listingId)).toEqual([]);
  });
});

describe("the GST number on the receipts", () => {
  /** wrangler.toml as shipped: the placeholder GST number, with Windcave's settings all put in. */
  const placeholder = { ...production, BILLING_GST_NUMBER: "000-000-000" };

  it("production with the placeholder (or a number that is not a GST number) takes no payment: 'Choose' answers 503", async () => {
    for (const number of ["000-000-000", "49-091-851", ""]) {
      const settings = { ...production, BILLING_GST_NUMBER: number };
      expect(() => paymentGateway(settings, ctx, SITE), number).toThrow(GatewayUnavailableError);
      expect(billingGateway(settings, ctx, SITE), number).toBeNull();
    }
    const owner = await unpaidListing();
    const request = new Request(`${SITE}/subscriptions`, {
      method: "POST",
      headers: { Cookie: `__Host-${owner.cookie}`, "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
      body: "tier=standard",
    });
    const answer = (await subscribeAction(routeArgs(request, placeholder))) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(answer.init.status).toBe(503);
    expect(answer.data.error).toBe(PAYMENT_UNAVAILABLE_MSG);
    expect(await rows("SELECT id FROM payments WHERE listing_id = ?", owner.listingId)).toEqual([]);
  });

  it("a receipt that carries no real GST number is never mailed in production; one that does is", async () => {
    const mail = {
      EMAIL_API_URL: "https://mail.example/emails",
      EMAIL_API_KEY: "test-key",
      EMAIL_FROM: "Kiwi Companions <no-reply@kiwicompanions.co.nz>",
    };
    const sent: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      sent.push(String(init?.body));
      return Response.json({ id: "sent" });
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const receiptMails = async (settings: object) => {
      const owner = await unpaidListing();
      const reference = `pay_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
      const now = Date.now();
      // A Standard week running, and a checkout for another one open.
      await insertSubscription(owner.listingId, owner.userId, {
        plan: "standard",
        status: "active",
        periodStart: now - WEEK_MS + 3 * 86_400_000,
        periodEnd: now + 3 * 86_400_000,
      });
      await env.DB.prepare(
        `INSERT INTO payments (id, listing_id, user_id, kind, plan, amount_cents, status, provider, provider_ref, created_at, updated_at)
         VALUES (?, ?, ?, 'checkout', 'standard', 3500, 'open', 'windcave', ?, ?, ?)`,
      )
        .bind(reference, owner.listingId, owner.userId, `sess_${reference}`, now, now)
        .run();
      const work: Promise<unknown>[] = [];
      const result = await applyNotification(
        settings as typeof production,
        { waitUntil: (p) => void work.push(p) },
        "windcave",
        {
          eventId: `windcave:${reference}`,
          kind: "payment_succeeded",
          reference,
          providerRef: `0000000${now}`,
          amountCents: 3500,
          currency: "NZD",
          occurredAt: now,
        },
        SITE,
        now,
      );
      expect(result.status).toBe(200);
      await Promise.all(work);
      expect(await rows("SELECT id FROM receipts WHERE payment_id = ?", reference)).toHaveLength(1);
      return sent.filter((body) => body.includes(owner.email) && body.includes("receipt")).length;
    };
    expect(await receiptMails({ ...placeholder, ...mail })).toBe(0);
    expect(await receiptMails({ ...production, ...mail })).toBe(1);
  });
});

describe("a Windcave checkout", () => {
  it("opens one hosted page for a double click, and the GET notification is settled by looking the session up", async () => {
    const owner = await unpaidListing();
    const stand = windcaveFetch(() => ({ status: 202, json: SESSION_CREATED }));
    const gateway = paymentGateway(production, ctx, SITE, stand.fetchImpl);
    const user = { id: owner.userId, email: owner.email };
    const first = await startCheckout(production, gateway, user, owner.listingId, "featured", SITE);
    const second = await startCheckout(production, gateway, user, owner.listingId, "featured", SITE);
    expect(first).toMatchObject({ ok: true, redirectUrl: SESSION_CREATED.links[0].href });
    expect(second).toEqual(first);
    // One session asked for: two pages that could each be paid would be two charges.
    expect(stand.calls.filter((c) => c.url.endsWith("/sessions"))).toHaveLength(1);
    const reference = first.ok ? first.reference : "";
    expect(stand.calls[0].body).toMatchObject({ merchantReference: reference, amount: "75.00", currency: "NZD" });
    // A payer back after half an hour gets a fresh page (a session runs out), for the same payment.
    const later = await startCheckout(
      production,
      gateway,
      user,
      owner.listingId,
      "featured",
      SITE,
      Date.now() + 31 * 60_000,
    );
    expect(later).toMatchObject({ ok: true, reference });
    expect(stand.calls.filter((c) => c.url.endsWith("/sessions"))).toHaveLength(2);

    // Windcave calls the notification URL naming the session only (here by GET, with a forged amount beside it).
    const sessionId = SESSION_CREATED.id;
    const calls = windcaveAnswers((call) =>
      call.url.endsWith(`/sessions/${sessionId}`)
        ? {
            status: 200,
            json: {
              ...nzdSession([nzdTransaction({ merchantReference: reference, dateTimeUtc: new Date().toISOString() })]),
              id: sessionId,
              merchantReference: reference,
            },
          }
        : { status: 404 },
    );
    const notification = () =>
      notifyLoader(
        routeArgs(new Request(`${SITE}/api/payments/notify?sessionId=${sessionId}&amount=0.01`), production),
      );
    const answer = await notification();
    expect(answer.status).toBe(200);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET https://uat.windcave.com/api/v1/sessions/${sessionId}`,
    ]);
    expect(
      await one("SELECT status, plan, method_ref FROM subscriptions WHERE listing_id = ?", owner.listingId),
    ).toEqual({
      status: "active",
      plan: "featured",
      method_ref: "0000060000987654",
    });
    expect(await one("SELECT paid, featured FROM listings WHERE id = ?", owner.listingId)).toEqual({
      paid: 1,
      featured: 1,
    });
    expect(await rows("SELECT amount_cents, provider FROM ledger WHERE payment_id = ?", reference)).toEqual([
      { amount_cents: 7500, provider: "windcave" },
    ]);
    expect(await rows("SELECT total_cents FROM receipts WHERE payment_id = ?", reference)).toEqual([
      { total_cents: 7500 },
    ]);

    // Windcave retries: the same transaction, the same event, nothing more.
    const again = await notification();
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect(await rows("SELECT id FROM ledger WHERE payment_id = ?", reference)).toHaveLength(1);
  });

  it("a made-up session is 404 without asking Windcave; Windcave down is 503 so that it retries; neither changes anything", async () => {
    const owner = await unpaidListing();
    const stand = windcaveFetch(() => ({ status: 202, json: SESSION_CREATED }));
    const gateway = paymentGateway(production, ctx, SITE, stand.fetchImpl);
    await startCheckout(
      production,
      gateway,
      { id: owner.userId, email: owner.email },
      owner.listingId,
      "standard",
      SITE,
    );

    const asked = windcaveAnswers(() => ({ status: 404, json: { errors: [] } }));
    const forged = await notifyAction(
      routeArgs(
        new Request(`${SITE}/api/payments/notify`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ sessionId: "ForgedSession0000000000000000000", authorised: true }),
        }),
        production,
      ),
    );
    // No payment of ours holds that id: refused without a call on the merchant's Windcave account.
    expect(forged.status).toBe(404);
    expect(asked).toEqual([]);

    windcaveAnswers(() => ({ status: 503 }));
    const down = await notifyLoader(
      routeArgs(new Request(`${SITE}/api/payments/notify?sessionId=${SESSION_CREATED.id}`), production),
    );
    expect(down.status).toBe(503);
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "pending",
    });
    expect(await rows("SELECT id FROM ledger WHERE listing_id = ?", owner.listingId)).toEqual([]);
    expect(await rows("SELECT event_id FROM payment_events")).toEqual([]);
  });

  it("Windcave down at checkout: 502 with a clear message, and nothing is left half-done", async () => {
    const owner = await unpaidListing();
    const stand = windcaveFetch(() => ({ status: 503 }));
    const gateway = paymentGateway(production, ctx, SITE, stand.fetchImpl);
    const started = await startCheckout(
      production,
      gateway,
      { id: owner.userId, email: owner.email },
      owner.listingId,
      "featured",
      SITE,
    );
    expect(started).toEqual({ ok: false, status: 502, error: PAYMENT_UNAVAILABLE_MSG });
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "unpaid",
    });
    expect(await rows("SELECT status FROM payments WHERE listing_id = ?", owner.listingId)).toEqual([
      { status: "failed" },
    ]);
    // Trying again once Windcave is back works.
    const back = windcaveFetch(() => ({ status: 202, json: SESSION_CREATED }));
    const retried = await startCheckout(
      production,
      paymentGateway(production, ctx, SITE, back.fetchImpl),
      { id: owner.userId, email: owner.email },
      owner.listingId,
      "featured",
      SITE,
    );
    expect(retried).toMatchObject({ ok: true });
  });
});

describe("Windcave renewals (no notification follows a stored-card charge)", () => {
  it("settle from Windcave's answer: the week is extended, with ledger row and receipt", async () => {
    const owner = await paidListing({ plan: "featured", methodRef: "0000060000987654" });
    const stand = windcaveFetch((call) => chargeAnswer(call));
    const report = await windcaveRenewals(stand, owner.periodEnd);
    expect(report).toMatchObject({ charged: 1, failed: 0, unsettled: 0, errors: 0 });
    expect(stand.calls).toHaveLength(1);
    expect(stand.calls[0].body).toMatchObject({
      amount: "75.00",
      cardId: "0000060000987654",
      storedCardIndicator: "recurringvariable",
    });
    expect(await one("SELECT status, period_end FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "active",
      period_end: owner.periodEnd + WEEK_MS,
    });
    expect(await rows("SELECT status FROM payments WHERE listing_id = ?", owner.listingId)).toEqual([
      { status: "succeeded" },
    ]);
    expect(await rows("SELECT amount_cents FROM ledger WHERE listing_id = ?", owner.listingId)).toEqual([
      { amount_cents: 7500 },
    ]);
    expect(await rows("SELECT total_cents FROM receipts WHERE listing_id = ?", owner.listingId)).toEqual([
      { total_cents: 7500 },
    ]);
  });

  it("a decline in Windcave's answer moves the subscription to past due", async () => {
    const owner = await paidListing();
    const stand = windcaveFetch((call) => chargeAnswer(call, { authorised: false }));
    const report = await windcaveRenewals(stand, owner.periodEnd);
    expect(report).toMatchObject({ charged: 0, failed: 1 });
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "past_due",
    });
    expect(await rows("SELECT status FROM payments WHERE listing_id = ?", owner.listingId)).toEqual([
      { status: "failed" },
    ]);
    expect(await rows("SELECT id FROM ledger WHERE listing_id = ?", owner.listingId)).toEqual([]);
  });

  it("a 429 (or any 4xx that is not a decline) is no decline: nothing moves, and the next run charges again", async () => {
    const owner = await paidListing();
    for (const status of [429, 400]) {
      const busy = windcaveFetch(() => ({ status, json: { errors: [{ message: "Too many requests" }] } }));
      const report = await windcaveRenewals(busy, owner.periodEnd);
      expect(report).toMatchObject({ charged: 0, failed: 0, expired: 0 });
      expect(
        await one("SELECT status, failed_renewals FROM subscriptions WHERE listing_id = ?", owner.listingId),
      ).toEqual({ status: "active", failed_renewals: 0 });
    }
    // Nothing was charged: those payments closed, none open to block the retry, and no money recorded.
    expect(await rows("SELECT status FROM payments WHERE listing_id = ?", owner.listingId)).toEqual([
      { status: "failed" },
      { status: "failed" },
    ]);
    expect(await rows("SELECT id FROM ledger WHERE listing_id = ?", owner.listingId)).toEqual([]);
    const fine = windcaveFetch((call) => chargeAnswer(call));
    expect(await windcaveRenewals(fine, owner.periodEnd + 60_000)).toMatchObject({ charged: 1 });
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "active",
    });
  });

  it("Windcave down: the charge stays open (not failed, not past due); it is never sent again blind, but left for an administrator", async () => {
    const owner = await paidListing();
    const down = windcaveFetch(() => {
      throw new TypeError("network connection lost");
    });
    const first = await windcaveRenewals(down, owner.periodEnd);
    expect(first).toMatchObject({ charged: 0, failed: 0, unsettled: 1, errors: 0 });
    const [open] = await rows("SELECT id, status FROM payments WHERE listing_id = ?", owner.listingId);
    expect(open.status).toBe("open");
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "active",
    });

    // The next run, too soon to tell a charge in flight from a lost one, leaves it alone.
    const up = windcaveFetch((call) => chargeAnswer(call));
    await windcaveRenewals(up, owner.periodEnd + 60_000);
    expect(up.calls).toHaveLength(0);

    // Later: Windcave documents no lookup of a stored-card charge by our reference, and the card may have been
    // charged, so nothing is sent again (decision 0016): the payment stays open for "Payments left open".
    const later = await windcaveRenewals(up, owner.periodEnd + CHARGE_RETRY_AFTER_MS + 1000);
    expect(later).toMatchObject({ charged: 0, failed: 0, unsettled: 1 });
    expect(up.calls).toHaveLength(0);
    expect(await rows("SELECT id, status FROM payments WHERE listing_id = ?", owner.listingId)).toEqual([
      { id: open.id, status: "open" },
    ]);
    expect(await rows("SELECT amount_cents FROM ledger WHERE listing_id = ?", owner.listingId)).toEqual([]);
  });

  it("a charge Windcave leaves pending (202) is finished by a lookup on a later run", async () => {
    const owner = await paidListing();
    let reference = "";
    const stand = windcaveFetch((call) => {
      if (call.method === "POST") {
        reference = (call.body as { merchantReference: string }).merchantReference;
        return { status: 202, json: { id: "0000000600176401", links: [] } };
      }
      return {
        status: 200,
        json: nzdTransaction({
          id: "0000000600176401",
          amount: "35.00",
          merchantReference: reference,
          dateTimeUtc: new Date().toISOString(),
        }),
      };
    });
    expect(await windcaveRenewals(stand, owner.periodEnd)).toMatchObject({ unsettled: 1 });
    expect(await rows("SELECT status, provider_ref FROM payments WHERE listing_id = ?", owner.listingId)).toEqual([
      { status: "open", provider_ref: "0000000600176401" },
    ]);
    const later = await windcaveRenewals(stand, owner.periodEnd + CHARGE_RETRY_AFTER_MS + 1000);
    expect(later).toMatchObject({ charged: 1 });
    expect(stand.calls.map((c) => c.method)).toEqual(["POST", "GET"]);
    expect(stand.calls[1].url).toBe("https://uat.windcave.com/api/v1/transactions/0000000600176401");
    expect(await one("SELECT status, period_end FROM subscriptions WHERE listing_id = ?", owner.listingId)).toEqual({
      status: "active",
      period_end: owner.periodEnd + WEEK_MS,
    });
  });
});
