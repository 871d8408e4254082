// A week paid for while the listing is hidden starts when the listing is first public, not at the payment
// (docs/decisions/0050-paid-week-starts-when-public.md): the database moves the period the moment `live` turns on
// (migration 0063), exactly as the pure rule says; nothing renews or reminds meanwhile; and every page around
// the payment says whether the listing is public yet, what it still needs and when the week starts.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REMINDER_MS, startedWhenPublic, WEEK_MS } from "~/features/billing/subscriptions";
import type { Subscription } from "~/features/billing/subscriptions";
import { runRenewals } from "~/features/billing/renewals.server";
import { grantFreeWeeks } from "~/features/billing/billing-admin.server";
import { paymentGateway } from "~/features/payments/select.server";
import { decideRequest } from "~/features/verification/decision.server";
import { formatNzDate } from "~/platform/time/date-text";
import { requestId, signedIn } from "./client";
import type { SignedIn } from "./client";
import { insertListing } from "./fixtures";

const ORIGIN = "http://localhost";
const DAY = 24 * 60 * 60 * 1000;
const ctx = { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}), passThroughOnException: () => {} };
/** The page's text with React's comment separators and entities a reader would not see. */
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

type Row = {
  status: string;
  period_start: number;
  period_end: number;
  starts_when_public: number;
  version: number;
  reminded_for: number | null;
};
const subscription = (listingId: string) =>
  env.DB.prepare(
    "SELECT status, period_start, period_end, starts_when_public, version, reminded_for FROM subscriptions WHERE listing_id = ?",
  )
    .bind(listingId)
    .first<Row>();
const live = async (listingId: string) =>
  (await env.DB.prepare("SELECT live FROM listings WHERE id = ?").bind(listingId).first<number>("live")) === 1;

/** A new provider's listing, saved and hidden: not verified yet, no plan. */
async function newListing(o: { verified?: boolean } = {}) {
  const owner = await signedIn({ firstName: "Mia" });
  const listingId = await insertListing({
    userId: owner.userId,
    firstName: "Ruby",
    live: false,
    verified: o.verified ?? false,
    subscription: "none",
  });
  return { owner, listingId };
}

/** 'Choose' Standard on the plans page and approve on the test gateway's page, as the payer does. */
async function pay(owner: SignedIn, listingId: string): Promise<string> {
  const chosen = await owner.client.post("/subscriptions", { form: { tier: "standard", listingId } });
  expect(chosen.status).toBe(303);
  const location = chosen.headers.get("Location")!;
  const reference = decodeURIComponent(/\/dev\/gateway\/checkout\/([^?]+)\?t=/.exec(location)![1]);
  const back = await owner.client.post(location.slice(location.indexOf("/dev/")), { form: { outcome: "approve" } });
  expect(back.status).toBe(303);
  return reference;
}

async function pendingRequest(owner: SignedIn, listingId: string): Promise<string> {
  expect((await requestId(owner, listingId)).status).toBe(201);
  const row = await env.DB.prepare("SELECT id FROM verification_requests WHERE listing_id = ? AND status = 'pending'")
    .bind(listingId)
    .first<{ id: string }>();
  return row!.id;
}

async function approve(requestIdValue: string, now: number) {
  const admin = await signedIn({ admin: true });
  const decided = await decideRequest(env, ctx, { id: admin.userId, isAdmin: true }, requestIdValue, "approve", "", {
    origin: ORIGIN,
    now,
  });
  expect(decided.ok).toBe(true);
}

const renewals = (now: number) => runRenewals(env, ctx, paymentGateway(env, ctx, ORIGIN), ORIGIN, now);

describe("a week paid while the ID check waits", () => {
  it("waits while the listing is hidden, then runs seven days from the moment it is approved", async () => {
    const { owner, listingId } = await newListing();
    const request = await pendingRequest(owner, listingId);

    // Before paying, the plans page says the listing is not public and what a payment now buys.
    const before = await text(await owner.client.get("/subscriptions"));
    expect(before).toContain("Ruby is not public yet.");
    expect(before).toContain("Its ID check approved: it is under review");
    expect(before).toContain("If you pay now, the week starts only when Ruby goes public");

    const paidFrom = Date.now();
    const reference = await pay(owner, listingId);
    const waiting = (await subscription(listingId))!;
    expect(waiting).toMatchObject({ status: "active", starts_when_public: 1 });
    expect(waiting.period_start).toBeGreaterThanOrEqual(paidFrom);
    expect(waiting.period_end - waiting.period_start).toBe(WEEK_MS);
    expect(await live(listingId)).toBe(false);

    // The return page: paid, not public yet, what it still needs, and when the week starts. No end date.
    const back = await text(await owner.client.get(`/subscriptions/return/${reference}`));
    expect(back).toContain("Payment received: $35.00 for the Standard plan.");
    expect(back).not.toContain("Your plan runs until");
    expect(back).toContain("Ruby is not public yet.");
    expect(back).toContain("Its ID check approved: it is under review");
    expect(back).toContain("Your paid week starts when Ruby goes public");
    // /managesub and the dashboard card say the same.
    const manage = await text(await owner.client.get("/managesub"));
    expect(manage).toContain("Paid: the week starts when the listing is public");
    expect(manage).toContain("Your paid week starts when Ruby goes public");
    expect(manage).not.toMatch(/renews \d/);
    const dashboard = await text(await owner.client.get("/dashboard"));
    expect(dashboard).toContain("Its ID check approved: it is under review");
    expect(dashboard).toContain("Your paid week starts when Ruby goes public");

    // However long the review takes, the cron neither reminds, charges nor ends the week.
    const approvedAt = waiting.period_start + 3 * DAY + 5 * 60_000;
    for (const at of [waiting.period_end - REMINDER_MS, waiting.period_end, approvedAt - 1]) {
      const report = await renewals(at);
      expect(report).toMatchObject({ reminded: 0, charged: 0, failed: 0 });
    }
    expect(await subscription(listingId)).toEqual(waiting);

    // Approved: public at once, and the week runs from that moment, as the pure rule moves it.
    await approve(request, approvedAt);
    expect(await live(listingId)).toBe(true);
    const started = (await subscription(listingId))!;
    const expected = startedWhenPublic(
      { periodStart: waiting.period_start, periodEnd: waiting.period_end, startsWhenPublic: true } as Subscription,
      approvedAt,
    );
    expect(started).toMatchObject({
      status: "active",
      starts_when_public: 0,
      period_start: expected.periodStart,
      period_end: expected.periodEnd,
    });
    expect(started.period_start).toBe(approvedAt);
    expect(started.period_end).toBe(approvedAt + WEEK_MS);
    // A new version: a writer that read the waiting period cannot write it back.
    expect(started.version).toBe(waiting.version + 1);

    // From now on an ordinary week: reminded a day before its new end.
    expect(await renewals(approvedAt + WEEK_MS - REMINDER_MS)).toMatchObject({ reminded: 1, charged: 0 });
    const manageAfter = await text(await owner.client.get("/managesub"));
    expect(manageAfter).toContain(`renews ${formatNzDate(approvedAt + WEEK_MS)}`);
    expect(manageAfter).toContain("Ruby is public: visitors can find it.");
  });

  it("a listing that needs nothing but the plan starts its week at the payment", async () => {
    const { owner, listingId } = await newListing({ verified: true });
    const before = await text(await owner.client.get("/subscriptions"));
    expect(before).toContain("Ruby is not public yet.");
    expect(before).not.toContain("If you pay now, the week starts only when");
    const paidFrom = Date.now();
    const reference = await pay(owner, listingId);
    const row = (await subscription(listingId))!;
    expect(row.starts_when_public).toBe(0);
    expect(row.period_start).toBeGreaterThanOrEqual(paidFrom);
    expect(await live(listingId)).toBe(true);
    const back = await text(await owner.client.get(`/subscriptions/return/${reference}`));
    expect(back).toContain(`Your plan runs until ${formatNzDate(row.period_end)} and renews weekly.`);
    expect(back).toContain("Ruby is public: visitors can find it.");
  });

  it("switched off by its owner before it was ever public: the week waits for Live to be switched on", async () => {
    const { owner, listingId } = await newListing({ verified: true });
    await env.DB.prepare("UPDATE listings SET switched_off = 1 WHERE id = ?").bind(listingId).run();
    await pay(owner, listingId);
    const waiting = (await subscription(listingId))!;
    expect(waiting.starts_when_public).toBe(1);
    expect(await text(await owner.client.get("/dashboard"))).toContain("Live switched back on.");
    const switchedOn = Date.now();
    const res = await owner.client.put(`/api/profiles/${listingId}/live`, { json: { live: true } });
    expect(res.status).toBe(200);
    const started = (await subscription(listingId))!;
    expect(started.starts_when_public).toBe(0);
    expect(started.period_start).toBeGreaterThanOrEqual(switchedOn);
    expect(started.period_end - started.period_start).toBe(WEEK_MS);
  });

  it("free weeks given to a hidden listing wait too, and start with it", async () => {
    const { owner, listingId } = await newListing();
    const request = await pendingRequest(owner, listingId);
    const admin = await signedIn({ admin: true });
    const grantedAt = Date.now();
    const granted = await grantFreeWeeks(env, ctx, { id: admin.userId, isAdmin: true }, listingId, 2, grantedAt);
    expect(granted.ok).toBe(true);
    const waiting = (await subscription(listingId))!;
    expect(waiting).toMatchObject({ status: "cancelling", starts_when_public: 1 });
    expect(await text(await owner.client.get("/managesub"))).toContain(
      "Free weeks: they start when the listing is public",
    );
    const approvedAt = grantedAt + 4 * DAY;
    await approve(request, approvedAt);
    expect(await subscription(listingId)).toMatchObject({
      starts_when_public: 0,
      period_start: approvedAt,
      period_end: approvedAt + 2 * WEEK_MS,
    });
  });
});
