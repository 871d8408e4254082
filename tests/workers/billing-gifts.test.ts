// Free weeks an administrator gives (decision 0015 "Free weeks"): to a listing nobody pays for they
// end quietly (no charge, no 'payment failed' or renewal mail, the listing hidden at the end), the owner can
// subscribe during or after them; on a paid plan with a card they extend it and the card renews it as before.
// A Featured grant on a listing with no plan charges nothing and ends quietly too (decision 0017).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REMINDER_MS, WEEK_MS } from "~/features/billing/subscriptions";
import { grantFeatured } from "~/features/billing/featured-grants.server";
import type { PaymentGateway } from "~/features/payments/gateway.server";
import { paymentGateway } from "~/features/payments/select.server";
import { runRenewals } from "~/features/billing/renewals.server";
import { client, signedIn } from "./client";
import { insertListing, insertSubscription } from "./fixtures";
import { eventually, rows } from "./public-fixtures";

const ORIGIN = "http://localhost";
const ctx = { waitUntil: (p: Promise<unknown>) => void p.catch(() => {}) };
const EXPIRED_SUBJECT = "Your listing is hidden: its subscription expired";

async function one<T = Record<string, unknown>>(query: string, ...binds: unknown[]): Promise<T> {
  return (await rows<T>(query, ...binds))[0];
}

/** The test gateway, with every charge sent to it counted: "no charge" means the provider never heard of one. */
function countingGateway() {
  const real = paymentGateway(env, ctx, ORIGIN);
  const charged: string[] = [];
  const gateway: PaymentGateway = {
    name: real.name,
    startCheckout: (request) => real.startCheckout(request),
    verifyNotification: (request) => real.verifyNotification(request),
    charge: (request) => {
      charged.push(request.methodRef);
      return real.charge(request);
    },
    lookup: (request) => real.lookup(request),
    cancel: (methodRef) => real.cancel(methodRef),
    refund: (r) => real.refund(r),
    cancelCheckout: (ref) => real.cancelCheckout(ref),
  };
  return { gateway, charged };
}

async function grantWeeks(admin: Awaited<ReturnType<typeof signedIn>>, listingId: string, weeks: number) {
  const res = await admin.client.post("/admin/subscriptions", {
    form: { intent: "grantWeeks", listingId, weeks: String(weeks), reason: "Launch offer" },
  });
  expect(res.status).toBe(303);
}

const mail = (email: string) => rows<{ subject: string }>("SELECT subject FROM dev_outbox WHERE to_address = ?", email);
const page = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const isPublic = async (listingId: string) => (await client().get(`/api/model/${listingId}`)).status === 200;

/** Pays on the test gateway's hosted page, as the owner's browser would. */
async function approve(owner: Awaited<ReturnType<typeof signedIn>>, location: string | null) {
  expect(location).toContain("/dev/gateway/checkout/");
  const done = await owner.client.post(location!.slice(location!.indexOf("/dev/")), { form: { outcome: "approve" } });
  expect(done.status).toBeLessThan(400);
}

describe("free weeks for a listing nobody pays for", () => {
  /** Verified but never paid for: hidden, and its owner cannot put it live until it is paid for. */
  async function unpaid(firstName = "Aroha") {
    const admin = await signedIn({ admin: true });
    const owner = await signedIn();
    const listingId = await insertListing({
      userId: owner.userId,
      firstName,
      live: false,
      verified: true,
      subscription: "none",
    });
    expect(await isPublic(listingId)).toBe(false);
    return { admin, owner, listingId };
  }

  /** The owner switches the listing live, as on the dashboard: allowed once it is paid for. */
  async function putLive(owner: Awaited<ReturnType<typeof signedIn>>, listingId: string) {
    expect((await owner.client.put(`/api/profiles/${listingId}/live`, { json: { live: true } })).status).toBe(200);
    expect(await isPublic(listingId)).toBe(true);
  }

  it("public during the gift; at its end no charge, no failure or renewal mail, hidden as expired; subscribing brings it back", async () => {
    const { admin, owner, listingId } = await unpaid();
    const { gateway, charged } = countingGateway();
    await grantWeeks(admin, listingId, 2);
    await putLive(owner, listingId);
    const sub = await one<{ status: string; gift: number; period_end: number; method_ref: string | null }>(
      "SELECT status, gift, period_end, method_ref FROM subscriptions WHERE listing_id = ?",
      listingId,
    );
    expect(sub).toMatchObject({ status: "cancelling", gift: 1, method_ref: null });
    const end = sub.period_end;

    // /managesub says what it is, and offers to pay, not 'Resume' nor 'Cancelled'.
    const managed = await page(await owner.client.get("/managesub"));
    expect(managed).toMatch(/Standard: Free until \d{1,2} \w+ \d{4}/);
    expect(managed).toContain('data-testid="gift-subscribe"');
    expect(managed).toContain("Subscribe: Featured $75.00 a week");
    expect(managed).not.toContain("Cancelled");
    expect(managed).not.toContain(">Resume<");
    expect(managed).not.toContain("Hidden - Subscription expired");
    // Nor can 'Resume' be posted: it would only lead to a charge with no card.
    const resume = await owner.client.post("/managesub", { form: { intent: "resumePlan", listingId } });
    expect(resume.status).toBe(409);

    // The day before the end and at the end: the cron sends nothing but the expiry.
    await runRenewals(env, ctx, gateway, ORIGIN, end - REMINDER_MS + 60_000);
    expect(await mail(owner.email)).toEqual([]);
    const ended = await runRenewals(env, ctx, gateway, ORIGIN, end + 1000);
    expect(ended.expired).toBeGreaterThanOrEqual(1);
    expect(charged).toEqual([]);
    expect(await rows("SELECT id FROM payments WHERE listing_id = ?", listingId)).toEqual([]);
    expect(await mail(owner.email)).toEqual([{ subject: EXPIRED_SUBJECT }]);
    expect(await one("SELECT status, gift FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      status: "expired",
      gift: 0,
    });
    expect(await one("SELECT paid, live, hidden_by_expiry FROM listings WHERE id = ?", listingId)).toEqual({
      paid: 0,
      live: 0,
      hidden_by_expiry: 1,
    });
    expect(await isPublic(listingId)).toBe(false);
    expect(await page(await owner.client.get("/managesub"))).toContain("Hidden - Subscription expired");
    // A later run does nothing more.
    await runRenewals(env, ctx, gateway, ORIGIN, end + 2 * WEEK_MS);
    expect(charged).toEqual([]);
    expect(await mail(owner.email)).toHaveLength(1);

    // The owner subscribes through the hosted checkout, and the listing comes back as it was.
    const chose = await owner.client.post("/subscriptions", { form: { tier: "standard", listingId } });
    await approve(owner, chose.headers.get("Location"));
    expect(await one("SELECT status, gift FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      status: "active",
      gift: 0,
    });
    expect(await one("SELECT paid, live, hidden_by_expiry FROM listings WHERE id = ?", listingId)).toEqual({
      paid: 1,
      live: 1,
      hidden_by_expiry: 0,
    });
    expect(await isPublic(listingId)).toBe(true);
  });

  it("a checkout started and left during the gift does not keep the listing public past the gift's end", async () => {
    const { admin, owner, listingId } = await unpaid("Hana");
    await grantWeeks(admin, listingId, 1);
    await putLive(owner, listingId);
    const { period_end: end } = await one<{ period_end: number }>(
      "SELECT period_end FROM subscriptions WHERE listing_id = ?",
      listingId,
    );
    // An upgrade is not what free weeks offer (there is no paid plan to upgrade): subscribing to Featured is.
    const upgrade = await owner.client.post("/managesub", { form: { intent: "upgradePlan", listingId } });
    expect(upgrade.status).toBe(409);
    // The owner starts a checkout and never pays.
    const chose = await owner.client.post("/subscriptions", { form: { tier: "standard", listingId } });
    expect(chose.headers.get("Location")).toContain("/dev/gateway/checkout/");
    const { gateway, charged } = countingGateway();
    await runRenewals(env, ctx, gateway, ORIGIN, end + 1000);
    expect(charged).toEqual([]);
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      status: "expired",
    });
    expect(await isPublic(listingId)).toBe(false);
    // The cron closed that checkout: paid on its page all the same, it buys nothing. The money is recorded
    // and refunded through the gateway, and the listing stays hidden until a new checkout is paid.
    await approve(owner, chose.headers.get("Location"));
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      status: "expired",
    });
    expect(await isPublic(listingId)).toBe(false);
    await eventually(async () =>
      expect(
        await one("SELECT amount_cents, refund_state FROM unapplied_payments WHERE listing_id = ?", listingId),
      ).toEqual({ amount_cents: 3500, refund_state: "refunded" }),
    );
    expect(await rows("SELECT id FROM receipts WHERE listing_id = ?", listingId)).toEqual([]);
  });

  it("the same for an expired plan whose card is still stored: the gift never charges it", async () => {
    const { admin, owner, listingId } = await unpaid("Kiri");
    const now = Date.now();
    await insertSubscription(listingId, owner.userId, {
      status: "expired",
      periodStart: now - 3 * WEEK_MS,
      periodEnd: now - 2 * WEEK_MS,
      methodRef: `tgm_ok_${listingId}`,
    });
    const { gateway, charged } = countingGateway();
    await grantWeeks(admin, listingId, 1);
    expect(await one("SELECT status, gift FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      status: "cancelling",
      gift: 1,
    });
    const { period_end: end } = await one<{ period_end: number }>(
      "SELECT period_end FROM subscriptions WHERE listing_id = ?",
      listingId,
    );
    await runRenewals(env, ctx, gateway, ORIGIN, end + 1000);
    expect(charged).toEqual([]);
    expect(await mail(owner.email)).toEqual([{ subject: EXPIRED_SUBJECT }]);
    expect(await one("SELECT status FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      status: "expired",
    });
  });

  it("subscribing during the gift keeps the listing public, adds the paid week after the free ones, and the card renews it", async () => {
    const { admin, owner, listingId } = await unpaid("Mere");
    await grantWeeks(admin, listingId, 1);
    await putLive(owner, listingId);
    const { period_end: giftEnd } = await one<{ period_end: number }>(
      "SELECT period_end FROM subscriptions WHERE listing_id = ?",
      listingId,
    );
    // /managesub's form posts to /subscriptions for this listing; while the checkout waits nothing is hidden.
    const chose = await owner.client.post("/subscriptions", { form: { tier: "featured", listingId } });
    expect(await one("SELECT status, gift FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      status: "cancelling",
      gift: 1,
    });
    expect(await isPublic(listingId)).toBe(true);
    await approve(owner, chose.headers.get("Location"));
    const paid = await one<{ status: string; plan: string; gift: number; period_end: number; method_ref: string }>(
      "SELECT status, plan, gift, period_end, method_ref FROM subscriptions WHERE listing_id = ?",
      listingId,
    );
    expect(paid).toMatchObject({ status: "active", plan: "featured", gift: 0 });
    expect(paid.method_ref).toBeTruthy();
    expect(paid.period_end).toBe(giftEnd + WEEK_MS);
    expect(await one("SELECT featured FROM listings WHERE id = ?", listingId)).toEqual({ featured: 1 });
    expect(await page(await owner.client.get("/managesub"))).toContain("Featured: Active (renews");

    // From now on an ordinary plan: at the end the stored card is charged.
    const { gateway, charged } = countingGateway();
    await runRenewals(env, ctx, gateway, ORIGIN, paid.period_end + 1000);
    expect(charged).toEqual([paid.method_ref]);
    expect(await rows("SELECT entry, amount_cents FROM ledger WHERE listing_id = ?", listingId)).toEqual([
      { entry: "charge", amount_cents: 7500 },
      { entry: "charge", amount_cents: 7500 },
    ]);
  });
});

describe("free weeks on a paid plan with a card", () => {
  it("extend the period; the renewal afterwards charges the card, as before", async () => {
    const admin = await signedIn({ admin: true });
    const owner = await signedIn();
    const listingId = await insertListing({ userId: owner.userId, firstName: "Tama" });
    const { period_end: before, method_ref: card } = await one<{ period_end: number; method_ref: string }>(
      "SELECT period_end, method_ref FROM subscriptions WHERE listing_id = ?",
      listingId,
    );
    await grantWeeks(admin, listingId, 1);
    expect(await one("SELECT status, gift, period_end FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      status: "active",
      gift: 0,
      period_end: before + WEEK_MS,
    });
    expect(await page(await owner.client.get("/managesub"))).toContain("Standard: Active (renews");
    const { gateway, charged } = countingGateway();
    await runRenewals(env, ctx, gateway, ORIGIN, before + 1000);
    expect(charged).toEqual([]);
    await runRenewals(env, ctx, gateway, ORIGIN, before + WEEK_MS - REMINDER_MS + 1000);
    const renewed = await runRenewals(env, ctx, gateway, ORIGIN, before + WEEK_MS + 1000);
    expect(renewed.charged).toBeGreaterThanOrEqual(1);
    expect(charged).toEqual([card]);
    expect(await one("SELECT status, period_end FROM subscriptions WHERE listing_id = ?", listingId)).toEqual({
      status: "active",
      period_end: before + 2 * WEEK_MS,
    });
    expect(await mail(owner.email)).toContainEqual({ subject: "Your plan renews tomorrow" });
    expect(await mail(owner.email)).not.toContainEqual({ subject: "Your plan's renewal payment failed" });
  });
});

describe("a Featured grant on a listing with no plan", () => {
  it("charges nothing and shows nothing while unpaid, features it during free weeks, and ends quietly", async () => {
    const admin = await signedIn({ admin: true });
    const owner = await signedIn();
    const listingId = await insertListing({ userId: owner.userId, firstName: "Ana", subscription: "none" });
    const { gateway, charged } = countingGateway();
    const granted = await grantFeatured(env, ctx, { id: admin.userId, isAdmin: true }, listingId, 1, "Launch offer");
    expect(granted.ok).toBe(true);
    // No plan: not public, so not featured, and no subscription was made for it.
    expect(await one("SELECT paid, featured FROM listings WHERE id = ?", listingId)).toEqual({ paid: 0, featured: 0 });
    expect(await rows("SELECT status FROM subscriptions WHERE listing_id = ?", listingId)).toEqual([]);

    // Free weeks on top: public and featured while both run.
    await grantWeeks(admin, listingId, 2);
    expect(await one("SELECT paid, featured FROM listings WHERE id = ?", listingId)).toEqual({ paid: 1, featured: 1 });
    const { period_end: end } = await one<{ period_end: number }>(
      "SELECT period_end FROM subscriptions WHERE listing_id = ?",
      listingId,
    );
    // The Featured grant ends first (a week): quietly, the listing stays public on its free weeks.
    await runRenewals(env, ctx, gateway, ORIGIN, end - WEEK_MS + 1000);
    expect(await one("SELECT paid, featured, featured_until FROM listings WHERE id = ?", listingId)).toEqual({
      paid: 1,
      featured: 0,
      featured_until: null,
    });
    expect(await mail(owner.email)).toEqual([]);
    // Then the free weeks: the expiry mail only, never a charge.
    await runRenewals(env, ctx, gateway, ORIGIN, end + 1000);
    expect(charged).toEqual([]);
    expect(await mail(owner.email)).toEqual([{ subject: EXPIRED_SUBJECT }]);
    expect(await one("SELECT paid, featured FROM listings WHERE id = ?", listingId)).toEqual({ paid: 0, featured: 0 });
  });
});
