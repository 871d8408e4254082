// A week paid while the listing is hidden, at 390x844 in Chromium (docs/decisions/0050-paid-week-starts-when-public.md):
// a new provider sends their ID, pays while the check waits, and every page around the payment says the
// listing is not public yet, what it still needs and that the week starts when it goes public; an
// administrator approves, and the week runs seven days from then. An agency's plan picker says the same
// beside 'Pay for Coco'. Axe on each screen, nothing wider than the phone, a screenshot of each.
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { formatNzDate } from "../../app/platform/time/date-text";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { d1, d1Rows, enterAs, insertAccount, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const agency = useOwnProvider("agency"); // Coco: not verified, so not public
const WEEK = 7 * 24 * 60 * 60 * 1000;
// A name no seeded listing has.
const NAME = "Marama";

const FRONT = {
  name: "licence-front.jpg",
  mimeType: "image/jpeg",
  buffer: readFileSync("tests/fixtures/photo-600x800.jpg"),
};
const BACK = {
  name: "licence-back.jpg",
  mimeType: "image/jpeg",
  buffer: readFileSync("tests/fixtures/photo-3000x2000.jpg"),
};

const made: string[] = [];
// Other files open the grid's cards and expect full profiles: the listing made here leaves with the file.
afterAll(async () => {
  if (made.length) await d1(`DELETE FROM listings WHERE id IN (${made.map((id) => `'${id}'`).join(", ")})`);
});

/**
 * Sound at 390 px: no serious axe violation, nothing wider than the phone; and screenshots to look at, of the
 * whole page and of the part that changed.
 */
async function screen(page: Page, name: string, part: Locator = page.getByTestId("public-status").first()) {
  expect(await seriousViolations(page), name).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} is wider than the phone`).toBeLessThanOrEqual(MOBILE.width);
  await shot(page, `${name}-390`, { fullPage: true });
  await shot(part, `${name}-part-390`);
}

/** The new provider's listing, saved and not yet verified (so hidden), with no plan. */
async function newListing(email: string): Promise<string> {
  const id = newId();
  made.push(id);
  const now = Date.now();
  await d1(`INSERT INTO listings (id, user_id, first_name, age, tag_line, location, suburb, cover_key, cover_width,
        cover_height, image_count, listed_at, created_at, updated_at)
      SELECT '${id}', u.id, '${NAME}', 29, 'Warm and discreet', 'Nelson', '',
        (SELECT cover_key FROM listings WHERE cover_key IS NOT NULL LIMIT 1), 600, 800, 1, ${now}, ${now}, ${now}
      FROM users u WHERE u.email = '${email}'`);
  return id;
}

const subscriptionOf = async (listingId: string) =>
  (
    await d1Rows<{ status: string; period_start: number; period_end: number; starts_when_public: number }>(
      "SELECT status, period_start, period_end, starts_when_public FROM subscriptions WHERE listing_id = ?",
      listingId,
    )
  )[0];

describe("a week paid while the ID check waits", () => {
  it("is said on every page around the payment, and starts when the listing goes public", async () => {
    const account = await insertAccount({ firstName: "Marama" });
    const listingId = await newListing(account.email);
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });

    // 1. The provider sends their ID, as anyone would.
    await enterAs(page, account, "/verification");
    await page.getByLabel("NZ driver licence").check();
    await page.getByLabel("Front of licence").setInputFiles(FRONT);
    await page.getByLabel("Back of licence").setInputFiles(BACK);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="file-error"]').length === 0);
    await page.getByRole("button", { name: "Submit for Verification" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByTestId("listing-badge").filter({ hasText: "Hidden - Verification pending" }).waitFor();

    // 2. The plans page, before paying: not public yet, the ID check waits, and what a payment now buys.
    await page.goto("/subscriptions?tier=standard");
    await hydrated(page);
    const before = page.getByTestId("your-listing-state").getByTestId("public-status");
    await before.getByText(`${NAME} is not public yet.`).waitFor();
    await before.getByText("Its ID check approved: it is under review").waitFor();
    await before.getByText(`If you pay now, the week starts only when ${NAME} goes public`).waitFor();
    // The plans page keeps its promise, as written.
    await page.getByText("Once it is approved and paid for, your listing goes live for the week.").waitFor();
    await screen(page, "plans-page-pending", page.getByTestId("your-listing-state"));

    // 3. Pays on the gateway's page; back on the return page: paid, not public yet, the week waits.
    await page.getByRole("button", { name: "Standard selected: continue" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/dev/gateway/checkout/"));
    await hydrated(page);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/subscriptions/return/"));
    await page.getByText("Payment received: $35.00 for the Standard plan.").waitFor();
    const back = page.getByTestId("public-status");
    await back.getByText(`${NAME} is not public yet.`).waitFor();
    await back.getByText("Its ID check approved: it is under review").waitFor();
    await back.getByText(`Your paid week starts when ${NAME} goes public`).waitFor();
    expect(await page.getByText("Your plan runs until").count()).toBe(0);
    await hydrated(page);
    await screen(page, "return-page-pending");
    const waiting = await subscriptionOf(listingId);
    expect(waiting).toMatchObject({ status: "active", starts_when_public: 1 });

    // 4. /managesub and the dashboard card say the same; no renewal date while it waits.
    await page.goto("/managesub");
    await hydrated(page);
    const row = page.getByTestId("managed-listing").filter({ hasText: NAME });
    await row.getByText("Paid: the week starts when the listing is public").waitFor();
    await row.getByText(`Your paid week starts when ${NAME} goes public`).waitFor();
    expect(await row.getByText(/renews \d/).count()).toBe(0);
    await screen(page, "managesub-pending", row);
    await page.goto("/dashboard");
    await hydrated(page);
    const card = page.getByTestId("dashboard-card").filter({ hasText: NAME });
    await card.getByText(`Your paid week starts when ${NAME} goes public`).waitFor();
    // The checklist has the ID step waiting; the week's line does not list the steps again.
    await card.getByTestId("setup-step-id").getByText("Sent. We review it within 48 hours.").waitFor();
    expect(await card.getByText("It still needs").count()).toBe(0);
    await screen(page, "dashboard-pending", card);

    // 5. An administrator approves the ID in the queue, on a phone too.
    const admin = await b.visitor({ viewport: MOBILE });
    await signInAdmin(admin.context, await makeAdministrator("Approver"));
    await admin.page.goto("/admin/verifications");
    await hydrated(admin.page);
    const approvedFrom = Date.now();
    const request = admin.page.getByTestId("verification-request").filter({ hasText: NAME });
    await request.getByRole("button", { name: `Approve ID verification for ${NAME}` }).click();
    await admin.page.getByText("Request approved.").waitFor();
    const approvedBy = Date.now();

    // 6. Public now, and the week runs seven days from the approval, not from the payment.
    await page.goto("/managesub");
    await hydrated(page);
    const started = await subscriptionOf(listingId);
    expect(started.starts_when_public).toBe(0);
    expect(started.period_start).toBeGreaterThanOrEqual(approvedFrom - 1000);
    expect(started.period_start).toBeLessThanOrEqual(approvedBy);
    expect(started.period_start).toBeGreaterThan(waiting.period_start);
    expect(started.period_end - started.period_start).toBe(WEEK);
    await row.getByText(`renews ${formatNzDate(started.period_end)}`).waitFor();
    await row.getByText(`${NAME} is public: visitors can find it.`).waitFor();
    await screen(page, "managesub-public", row);
    expect((page as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
  }, 120_000);

  it("an agency's plan picker says beside 'Pay for Coco' that Coco is not public yet and what it needs", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(page, agency, "/subscriptions?tier=standard&pick=1");
    const coco = page.getByTestId("pick-listing-item").filter({ hasText: "Pay for Coco" });
    await coco.getByText("Coco is not public yet.").waitFor();
    await coco.getByText("Your ID verified.").waitFor();
    await coco.getByRole("link", { name: "Get Verified" }).waitFor();
    await coco.getByText("If you pay now, the week starts only when Coco goes public").waitFor();
    // A public listing needs nothing said beside its 'Manage'.
    const sienna = page.getByTestId("pick-listing-item").filter({ hasText: "Sienna" });
    expect(await sienna.getByTestId("public-status").count()).toBe(0);
    await screen(page, "plan-picker-agency", page.getByTestId("pick-listing"));
  });
});
