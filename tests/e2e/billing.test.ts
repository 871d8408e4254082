// Weekly plans in Chromium (docs/billing.md): choose while signed out, sign up, pay on the local test gateway; a
// declined card; an upgrade that shows and charges the prorated amount; a notification the gateway loses,
// which the return page settles by asking; an administrator giving up a payment left open.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { RETURN_LOOKUP_AFTER_MS } from "../../app/features/payments/lookups";
import { hydrated, useBrowser } from "./browser";
import { chooseFeaturedThenSignUp, d1, d1Rows, enterAs, insertAccount, makeAdministrator, signInAdmin } from "./people";

const b = useBrowser();
const unique = () => newId(8);
const WEEK = 7 * 24 * 60 * 60 * 1000;

// Listings this file makes, taken off the grid afterwards: one goes live featured with no photo rows (so no
// cover), and would sit at the top of / for the files that run after this one and count its cards.
const made: string[] = [];
afterAll(async () => {
  if (made.length) await d1(`UPDATE listings SET live = 0 WHERE id IN (${made.map((id) => `'${id}'`).join(", ")})`);
});

/** A verified listing, not live and unpaid, for the account with this e-mail address. */
async function insertUnpaidListing(email: string, name: string): Promise<string> {
  const id = newId();
  made.push(id);
  const now = Date.now();
  await d1(`INSERT INTO listings (id, user_id, first_name, age, tag_line, location, suburb, verified, cover_key, cover_width,
        cover_height, image_count, listed_at, created_at, updated_at)
      SELECT '${id}', u.id, '${name}', 27, 'Warm and kind', 'Auckland', 'Ponsonby', 1,
        (SELECT cover_key FROM listings WHERE cover_key IS NOT NULL LIMIT 1), 600, 800, 1, ${now}, ${now}, ${now}
      FROM users u WHERE u.email = '${email}'`);
  return id;
}

async function moneyOf(listingId: string) {
  const [sub] = await d1Rows<{ status: string; plan: string }>(
    `SELECT status, plan FROM subscriptions WHERE listing_id = '${listingId}'`,
  );
  const [listing] = await d1Rows<{ paid: number; featured: number; live: number }>(
    `SELECT paid, featured, live FROM listings WHERE id = '${listingId}'`,
  );
  const ledger = await d1Rows<{ amount_cents: number }>(
    `SELECT amount_cents FROM ledger WHERE listing_id = '${listingId}'`,
  );
  return { sub, listing, ledger };
}

async function payOnGateway(page: Page, outcome: "Approve" | "Decline" | "Approve, but lose the notification") {
  await page.waitForURL((url) => url.pathname.startsWith("/dev/gateway/checkout/"));
  await hydrated(page);
  await page.getByRole("button", { name: outcome, exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/subscriptions/return/"));
}

describe("paying for a plan", () => {
  it("an Independent picks Featured signed out, signs up, pays, and the listing goes live featured", async () => {
    const { context, page } = await b.visitor();
    const email = `billing-${unique()}@example.nz`;
    await chooseFeaturedThenSignUp(page, { firstName: "Aroha", email });

    // The listing exists (made and verified), so the plan can be paid for it.
    const listingId = await insertUnpaidListing(email, "Aroha");
    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: "Featured selected: continue" }).click();
    await payOnGateway(page, "Approve");
    await page.getByText("Payment received: $75.00 for the Featured plan.").waitFor();
    // Verified and now paid: live by itself (docs/decisions/0029-one-visibility-rule.md), public and featured.
    expect(await moneyOf(listingId)).toMatchObject({
      sub: { status: "active", plan: "featured" },
      listing: { paid: 1, featured: 1, live: 1 },
      ledger: [{ amount_cents: 7500 }],
    });
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByText("Featured Listing").first().waitFor();
    await page.getByTestId("listing-badge").filter({ hasText: "LIVE" }).waitFor();
    const profile = await page.request.get(`/api/model/${listingId}`);
    expect(profile.status()).toBe(200);
    await context.close();
  });

  it("a declined card shows a clear message and leaves nothing half-done", async () => {
    const { context, page } = await b.visitor();
    const account = await insertAccount({ firstName: "Kahu", password: "a-long-password" });
    const listingId = await insertUnpaidListing(account.email, "Kahu");
    await enterAs(page, account, "/subscriptions?tier=standard");
    await page.getByRole("button", { name: "Standard selected: continue" }).click();
    await payOnGateway(page, "Decline");
    await page.getByText("Your card was declined. No payment was taken").waitFor();
    expect(await moneyOf(listingId)).toEqual({
      sub: { status: "unpaid", plan: "standard" },
      listing: { paid: 0, featured: 0, live: 0 },
      ledger: [],
    });
    await context.close();
  });

  it("an upgrade shows the prorated amount, then charges it", async () => {
    const { context, page } = await b.visitor();
    const account = await insertAccount({ firstName: "Mere", password: "a-long-password" });
    const listingId = await insertUnpaidListing(account.email, "Mere");
    const now = Date.now();
    // Half the week gone: the difference for the rest of it is about $20.00.
    await d1(`UPDATE listings SET paid = 1 WHERE id = '${listingId}';
        INSERT INTO subscriptions (listing_id, user_id, plan, status, period_start, period_end, method_ref, created_at,
          updated_at) SELECT '${listingId}', id, 'standard', 'active', ${now - WEEK / 2}, ${now + WEEK / 2},
          'tgm_ok_e2e', ${now}, ${now} FROM users WHERE email = '${account.email}'`);
    await enterAs(page, account, "/managesub");
    await page.getByRole("button", { name: "Upgrade to Featured" }).click();
    const amount = await page.getByTestId("upgrade-amount").textContent();
    const cents = Math.round(Number(amount!.replace("$", "")) * 100);
    expect(cents).toBeGreaterThan(1990);
    expect(cents).toBeLessThanOrEqual(2000);
    expect((await moneyOf(listingId)).ledger).toEqual([]);
    await page.getByRole("button", { name: `Pay ${amount} and upgrade` }).click();
    await page.getByTestId("payment-history").getByText(amount!).waitFor();
    expect(await moneyOf(listingId)).toMatchObject({
      sub: { status: "active", plan: "featured" },
      listing: { featured: 1 },
      ledger: [{ amount_cents: cents }],
    });
    await context.close();
  });

  it("the gateway loses the notification: the return page asks the provider itself and ends showing the plan paid", async () => {
    const { context, page } = await b.visitor();
    // The page's clock is moved on past its 10 seconds of waiting rather than waited out.
    await page.clock.install();
    const account = await insertAccount({ firstName: "Tui", password: "a-long-password" });
    const listingId = await insertUnpaidListing(account.email, "Tui");
    await enterAs(page, account, "/subscriptions?tier=standard");
    await page.getByRole("button", { name: "Standard selected: continue" }).click();
    await payOnGateway(page, "Approve, but lose the notification");
    await hydrated(page);
    // No notification is coming: the app has heard nothing yet.
    await page.getByText("Payment processing…").waitFor();
    expect((await moneyOf(listingId)).ledger).toEqual([]);
    // After 10 seconds the page asks the server to look the payment up at the gateway.
    await page.clock.fastForward(RETURN_LOOKUP_AFTER_MS + 1_000);
    await page.getByText("Payment received: $35.00 for the Standard plan.").waitFor();
    expect(await moneyOf(listingId)).toMatchObject({
      sub: { status: "active", plan: "standard" },
      listing: { paid: 1 },
      ledger: [{ amount_cents: 3500 }],
    });
    await context.close();
  }, 60_000);

  it("an administrator gives up a payment left open: closed without a charge, audited", async () => {
    const { context, page } = await b.visitor();
    const account = await insertAccount({ firstName: "Nikau", password: "a-long-password" });
    const listingId = await insertUnpaidListing(account.email, "Nikau");
    const now = Date.now();
    const reference = `pay_e2e${newId(12)}`;
    // A renewal charged three hours ago whose answer never came back.
    await d1(`UPDATE listings SET paid = 1 WHERE id = '${listingId}';
        INSERT INTO subscriptions (listing_id, user_id, plan, status, period_start, period_end, method_ref, created_at,
          updated_at) SELECT '${listingId}', id, 'standard', 'active', ${now - WEEK}, ${now + WEEK}, 'tgm_lose_e2e',
          ${now}, ${now} FROM users WHERE email = '${account.email}';
        INSERT INTO payments (id, listing_id, user_id, kind, plan, amount_cents, currency, status, provider, created_at,
          updated_at) SELECT '${reference}', '${listingId}', id, 'renewal', 'standard', 3500, 'NZD', 'open', 'test',
          ${now - 3 * 3600_000}, ${now - 3 * 3600_000} FROM users WHERE email = '${account.email}'`);
    await signInAdmin(context, await makeAdministrator());
    await page.goto("/admin/subscriptions");
    await hydrated(page);
    const row = page.getByTestId("open-payment-row").filter({ hasText: account.email });
    await row.waitFor();
    expect(await row.textContent()).toContain("$35.00");
    await row.getByLabel(`Reason for giving up ${reference}`).fill("Checked with the gateway: never charged");
    await row.getByRole("button", { name: "Give up" }).click();
    await page.getByText("The payment is closed. No charge was recorded.").waitFor();
    await page.getByTestId("open-payment-row").filter({ hasText: account.email }).waitFor({ state: "detached" });
    expect(await d1Rows(`SELECT status FROM payments WHERE id = '${reference}'`)).toEqual([{ status: "failed" }]);
    expect((await moneyOf(listingId)).ledger).toEqual([]);
    expect(await d1Rows(`SELECT action, detail FROM admin_audit WHERE listing_id = '${listingId}'`)).toEqual([
      { action: "give_up_payment", detail: `${reference}: Checked with the gateway: never charged` },
    ]);
    await context.close();
  }, 90_000);
});
