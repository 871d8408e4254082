// Putting a failed renewal right (docs/decisions/0027-putting-a-failed-renewal-right.md): 'Pay now' charges the
// card on file (or checks out when there is none), 'Use another card' checks out with a new card that becomes
// the card on file, the deadline is shown on /managesub and on the dashboard card, a decline shows the next
// step, and a double press or the cron's retry racing it charges once. Real D1, the local test gateway.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatNzDeadline } from "~/platform/time/date-text";
import { GRACE_MS, WEEK_MS } from "~/features/billing/subscriptions";
import { paymentGateway } from "~/features/payments/select.server";
import { runRenewals } from "~/features/billing/renewals.server";
import { ctx, one } from "./billing-fixtures";
import { client, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing, insertSubscription } from "./fixtures";
import { rows } from "./public-fixtures";

const ORIGIN = "http://localhost";

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** A live Standard listing whose renewal failed an hour ago: past due, public until its grace ends. */
async function pastDue(o: { methodRef?: string | null; plan?: "standard" | "featured" } = {}) {
  const owner = await signedIn();
  const failedAt = Date.now() - 3600_000;
  const periodEnd = failedAt;
  const graceUntil = failedAt + GRACE_MS;
  const listingId = await insertListing({
    userId: owner.userId,
    firstName: "Aroha",
    live: true,
    verified: true,
    featured: o.plan === "featured",
    subscription: "none",
  });
  await env.DB.prepare("UPDATE listings SET awaiting_consent = 0, agency_held = 0, paid = 1, live = 1 WHERE id = ?")
    .bind(listingId)
    .run();
  await insertSubscription(listingId, owner.userId, {
    plan: o.plan ?? "standard",
    status: "past_due",
    periodStart: periodEnd - WEEK_MS,
    periodEnd,
    graceUntil,
    methodRef: o.methodRef === undefined ? `tgm_ok_${listingId}` : o.methodRef,
  });
  return { ...owner, listingId, periodEnd, graceUntil };
}

const post = (owner: SignedIn, intent: string, listingId: string) =>
  owner.client.post("/managesub", { form: { intent, listingId } });

async function state(listingId: string) {
  return {
    sub: await one(
      "SELECT status, period_start, period_end, grace_until, method_ref FROM subscriptions WHERE listing_id = ?",
      listingId,
    ),
    listing: await one("SELECT live, paid FROM listings WHERE id = ?", listingId),
    payments: await rows(
      "SELECT kind, status, amount_cents FROM payments WHERE listing_id = ? ORDER BY created_at",
      listingId,
    ),
    ledger: await rows("SELECT entry, amount_cents FROM ledger WHERE listing_id = ?", listingId),
  };
}

/** The gateway's hosted page the action sent the payer to, answered with `outcome`. */
async function payOnGateway(owner: SignedIn, location: string | null, outcome: "approve" | "decline") {
  expect(location).toMatch(/\/dev\/gateway\/checkout\//);
  const path = location!.slice(location!.indexOf("/dev/"));
  const back = await owner.client.post(path, { form: { outcome } });
  expect(back.status).toBe(303);
  return back.headers.get("Location")!.replace(ORIGIN, "");
}

describe("'Pay now' on a past-due listing", () => {
  it("charges the card on file: the week that failed is paid, following the last one, and the listing stays public", async () => {
    const owner = await pastDue();
    const answer = await post(owner, "payNow", owner.listingId);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/managesub");
    const after = await state(owner.listingId);
    expect(after.sub).toMatchObject({
      status: "active",
      period_start: owner.periodEnd,
      period_end: owner.periodEnd + WEEK_MS,
      grace_until: null,
      method_ref: `tgm_ok_${owner.listingId}`,
    });
    expect(after.listing).toEqual({ live: 1, paid: 1 });
    expect(after.payments).toEqual([{ kind: "renewal", status: "succeeded", amount_cents: 3500 }]);
    expect(after.ledger).toEqual([{ entry: "charge", amount_cents: 3500 }]);
    // The page it comes back to says so, and offers nothing more to pay.
    const page = await text(
      await owner.client.get("/managesub", {
        headers: { Cookie: ["age_verified=1", owner.cookie, flashCookie(answer)].join("; ") },
      }),
    );
    expect(page).toContain("Payment received. Your listing&#x27;s plan is active again.");
    expect(page).not.toContain('data-testid="pay-now"');
    expect((await client().get(`/api/model/${owner.listingId}`)).status).toBe(200);
  });

  it("with no card on file, goes to the hosted checkout; once paid, the listing is paid up and that card is on file", async () => {
    const owner = await pastDue({ methodRef: null });
    const answer = await post(owner, "payNow", owner.listingId);
    expect(answer.status).toBe(303);
    // Waiting for the payer changes nothing: still past due, still public.
    expect((await state(owner.listingId)).sub).toMatchObject({ status: "past_due", grace_until: owner.graceUntil });
    const back = await payOnGateway(owner, answer.headers.get("Location"), "approve");
    expect(back).toMatch(/^\/subscriptions\/return\/pay_/);
    const after = await state(owner.listingId);
    expect(after.sub).toMatchObject({ status: "active", period_start: owner.periodEnd, grace_until: null });
    expect(String(after.sub.method_ref)).toMatch(/^tgm_ok_/);
    expect(after.payments).toEqual([{ kind: "checkout", status: "succeeded", amount_cents: 3500 }]);
    expect(await text(await owner.client.get(back))).toContain("Payment received");
  });

  it("declined: nothing is taken, the deadline stays, and the next step shown is another card, with its button", async () => {
    const owner = await pastDue({ methodRef: "tgm_fail_aroha" });
    const answer = await post(owner, "payNow", owner.listingId);
    expect(answer.status).toBe(409);
    const page = await text(answer);
    expect(page).toContain("Your card was declined. Use another card.");
    expect(page).toContain('data-testid="declined-use-another-card"');
    expect(page).toContain(`Pay by ${formatNzDeadline(owner.graceUntil)} to keep this listing public.`);
    const after = await state(owner.listingId);
    // The owner's own attempt is not the cron's second one: the grace runs on to its end.
    expect(after.sub).toMatchObject({ status: "past_due", grace_until: owner.graceUntil });
    expect(after.listing).toEqual({ live: 1, paid: 1 });
    expect(after.payments).toEqual([{ kind: "renewal", status: "failed", amount_cents: 3500 }]);
    expect(after.ledger).toEqual([]);
  });

  it("a double press charges once", async () => {
    const owner = await pastDue();
    const answers = await Promise.all([post(owner, "payNow", owner.listingId), post(owner, "payNow", owner.listingId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    const after = await state(owner.listingId);
    expect(after.ledger).toEqual([{ entry: "charge", amount_cents: 3500 }]);
    expect(after.payments).toEqual([{ kind: "renewal", status: "succeeded", amount_cents: 3500 }]);
    expect(after.sub).toMatchObject({ status: "active", period_end: owner.periodEnd + WEEK_MS });
  });

  it("against the cron's retry at the deadline: one charge, one week", async () => {
    const owner = await pastDue();
    const gateway = paymentGateway(env, ctx, ORIGIN);
    await Promise.all([
      post(owner, "payNow", owner.listingId),
      runRenewals(env, ctx, gateway, ORIGIN, owner.graceUntil + 1000),
    ]);
    const after = await state(owner.listingId);
    expect(after.ledger).toEqual([{ entry: "charge", amount_cents: 3500 }]);
    expect(after.sub).toMatchObject({ status: "active", period_end: owner.periodEnd + WEEK_MS });
  });

  it("after an unfinished 'Use another card': the waiting page is closed and cannot be paid, one charge", async () => {
    const owner = await pastDue();
    const checkout = await post(owner, "useAnotherCard", owner.listingId);
    const location = checkout.headers.get("Location")!;
    expect((await post(owner, "payNow", owner.listingId)).status).toBe(303);
    expect(
      await rows(
        "SELECT kind, status, failure FROM payments WHERE listing_id = ? ORDER BY created_at",
        owner.listingId,
      ),
    ).toEqual([
      { kind: "checkout", status: "failed", failure: "Replaced by a payment with the card on file" },
      { kind: "renewal", status: "succeeded", failure: null },
    ]);
    // The test gateway cancels a replaced page, as a provider that allows it does.
    const page = await owner.client.post(location.slice(location.indexOf("/dev/")), { form: { outcome: "approve" } });
    expect(page.status).toBe(410);
    expect((await state(owner.listingId)).ledger).toEqual([{ entry: "charge", amount_cents: 3500 }]);
  });

  it("is refused for a listing that is not past due, and for someone else's", async () => {
    const owner = await pastDue();
    const stranger = await signedIn();
    expect((await post(stranger, "payNow", owner.listingId)).status).toBe(404);
    expect((await post(stranger, "useAnotherCard", owner.listingId)).status).toBe(404);
    expect(await state(owner.listingId)).toMatchObject({ payments: [] });
    await post(owner, "payNow", owner.listingId);
    const again = await post(owner, "payNow", owner.listingId);
    expect(again.status).toBe(409);
    expect(await text(again)).toContain("This listing has no failed payment to put right.");
    expect((await state(owner.listingId)).ledger).toHaveLength(1);
  });
});

describe("'Use another card'", () => {
  it("checks out with a new card even with one on file; paid, the new card replaces it", async () => {
    const owner = await pastDue({ methodRef: "tgm_fail_old" });
    const answer = await post(owner, "useAnotherCard", owner.listingId);
    expect(answer.status).toBe(303);
    await payOnGateway(owner, answer.headers.get("Location"), "approve");
    const after = await state(owner.listingId);
    expect(after.sub).toMatchObject({ status: "active", period_start: owner.periodEnd });
    expect(after.sub.method_ref).not.toBe("tgm_fail_old");
    expect(String(after.sub.method_ref)).toMatch(/^tgm_ok_/);
    expect(after.ledger).toEqual([{ entry: "charge", amount_cents: 3500 }]);
  });

  it("declined at the hosted page: the return page's next step is another card, and the listing is still past due", async () => {
    const owner = await pastDue({ methodRef: "tgm_fail_old" });
    const answer = await post(owner, "useAnotherCard", owner.listingId);
    const back = await payOnGateway(owner, answer.headers.get("Location"), "decline");
    const page = await text(await owner.client.get(back));
    expect(page).toContain("Your card was declined. Use another card.");
    expect(page).toContain('data-testid="declined-use-another-card"');
    expect(page).not.toContain("Choose a plan again");
    expect((await state(owner.listingId)).sub).toMatchObject({ status: "past_due", method_ref: "tgm_fail_old" });
  });

  it("a Featured plan changing to Standard at renewal pays the Standard week", async () => {
    const owner = await pastDue({ plan: "featured" });
    await env.DB.prepare("UPDATE subscriptions SET pending_plan = 'standard' WHERE listing_id = ?")
      .bind(owner.listingId)
      .run();
    const answer = await post(owner, "useAnotherCard", owner.listingId);
    await payOnGateway(owner, answer.headers.get("Location"), "approve");
    expect(
      await one("SELECT plan, status, pending_plan FROM subscriptions WHERE listing_id = ?", owner.listingId),
    ).toEqual({ plan: "standard", status: "active", pending_plan: null });
    expect((await state(owner.listingId)).ledger).toEqual([{ entry: "charge", amount_cents: 3500 }]);
  });
});

describe("the deadline, before the listing is hidden", () => {
  it("shows on /managesub beside the listing and in the per-listing summary, with Pay now and Use another card", async () => {
    const owner = await pastDue();
    const page = await text(await owner.client.get("/managesub"));
    const deadline = formatNzDeadline(owner.graceUntil);
    expect(page).toContain(`Payment failed. Pay by ${deadline} to keep this listing public.`);
    expect(page).toContain(`Past due: payment failed, pay by ${deadline}`);
    expect(page).toContain('data-testid="pay-now"');
    expect(page).toContain('data-testid="use-another-card"');
    // Nothing to prorate while the week that failed is unpaid.
    expect(page).not.toContain("Upgrade to Featured");
  });

  it("shows on the dashboard card, with the way to pay", async () => {
    const owner = await pastDue();
    const page = await text(await owner.client.get("/dashboard"));
    expect(page).toMatch(/data-testid="payment-deadline"/);
    expect(page).toContain(`Payment failed. Pay by ${formatNzDeadline(owner.graceUntil)} to keep this listing public.`);
    expect(page).toContain('aria-label="Pay now for Aroha"');
    // An active listing has none.
    await post(owner, "payNow", owner.listingId);
    expect(await text(await owner.client.get("/dashboard"))).not.toContain('data-testid="payment-deadline"');
  });
});

describe("'Payment processing…' while a payment waits", () => {
  it("the return page updates by itself, has a Refresh link without JavaScript, and offers no second plan while it waits", async () => {
    const owner = await pastDue({ methodRef: null });
    const location = (await post(owner, "payNow", owner.listingId)).headers.get("Location")!;
    const reference = /\/dev\/gateway\/checkout\/([^?]+)\?/.exec(location)![1];
    const path = `/subscriptions/return/${decodeURIComponent(reference)}`;
    const waiting = await text(await owner.client.get(path));
    expect(waiting).toContain("Payment processing… This page updates by itself.");
    expect(waiting).toMatch(new RegExp(`<a href="${path}"[^>]*>Refresh</a>`));
    expect(waiting).not.toContain("Choose a plan again");
    // /managesub polls too while the payment is open, and has its own Refresh link.
    const manage = await text(await owner.client.get("/managesub"));
    expect(manage).toContain('data-testid="payments-waiting"');
    // The loader the page's revalidation reads answers the outcome once it has come.
    await payOnGateway(owner, location, "approve");
    const data = await (await owner.client.get(`${path}.data`)).text();
    expect(data).toContain("succeeded");
    const settled = await text(await owner.client.get(path));
    expect(settled).toContain("Payment received");
    expect(settled).not.toContain("Payment processing…");
    expect(await text(await owner.client.get("/managesub"))).not.toContain('data-testid="payments-waiting"');
  });
});

/** The flash cookie a redirect set, for the next request (the client keeps only the session cookie). */
function flashCookie(res: Response): string {
  const set = res.headers.get("Set-Cookie") ?? "";
  return /(?:^|,\s*)(flash=[^;]+)/.exec(set)?.[1] ?? "";
}
