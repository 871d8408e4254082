// A failed renewal put right on a phone (docs/decisions/0027-putting-a-failed-renewal-right.md): the owner of a
// past-due listing sees the deadline on the dashboard card, presses 'Pay now' on /managesub, is told the card
// on file was declined with 'Use another card' in view, pays on the local test gateway and is paid up, the
// listing still public. And the toast (app/ui/Toast.tsx) announces an upgrade. 390x844, axe on each
// changed screen.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { d1, d1Rows, enterAs, insertAccount } from "./people";

const b = useBrowser();
const WEEK = 7 * 24 * 60 * 60 * 1000;
const HOUR = 3600_000;

const made: string[] = [];
afterAll(async () => {
  if (made.length) await d1(`UPDATE listings SET live = 0 WHERE id IN (${made.map((id) => `'${id}'`).join(", ")})`);
});

/** A verified, live listing whose Standard renewal failed an hour ago: past due, public until its grace ends. */
async function pastDueListing(email: string, name: string, methodRef: string): Promise<string> {
  const id = newId();
  made.push(id);
  const now = Date.now();
  const failedAt = now - HOUR;
  await d1(`INSERT INTO listings (id, user_id, first_name, age, tag_line, location, suburb, verified, paid, live,
        cover_key, cover_width, cover_height, image_count, listed_at, created_at, updated_at)
      SELECT '${id}', u.id, '${name}', 27, 'Warm and kind', 'Auckland', 'Ponsonby', 1, 1, 1,
        (SELECT cover_key FROM listings WHERE cover_key IS NOT NULL LIMIT 1), 600, 800, 1, ${now}, ${now}, ${now}
      FROM users u WHERE u.email = '${email}';
    INSERT INTO subscriptions (listing_id, user_id, plan, status, period_start, period_end, grace_until, method_ref,
        created_at, updated_at) SELECT '${id}', id, 'standard', 'past_due', ${failedAt - WEEK}, ${failedAt},
        ${failedAt + 24 * HOUR}, '${methodRef}', ${now}, ${now} FROM users WHERE email = '${email}'`);
  return id;
}

async function noSeriousViolations(page: Page, screen: string) {
  expect(await seriousViolations(page), screen).toEqual([]);
}

async function inViewport(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
}

describe("a failed renewal, put right on a phone", () => {
  it("past due, then 'Pay now' (declined), then another card, then paid up and still live", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    const account = await insertAccount({ firstName: "Ana", password: "a-long-password" });
    const name = `Ana${newId(4)}`;
    const listingId = await pastDueListing(account.email, name, "tgm_fail_e2e");

    // The dashboard card says by when, and how.
    await enterAs(page, account, "/dashboard");
    const deadline = page.getByTestId("payment-deadline");
    await deadline.waitFor();
    expect(await deadline.textContent()).toMatch(/Payment failed\. Pay by .+ to keep this listing public\./);
    await noSeriousViolations(page, "dashboard");
    await page.getByRole("link", { name: `Pay now for ${name}` }).click();
    await page.waitForURL((url) => url.pathname === "/managesub");
    await hydrated(page);

    // /managesub: the deadline beside the listing, and the ways to pay.
    await page.getByTestId("payment-deadline").waitFor();
    expect(await page.getByTestId("plan-summary").textContent()).toContain("Past due: payment failed, pay by");
    await noSeriousViolations(page, "managesub, past due");

    // The card on file is declined: the next step is named, with its button, where the owner is looking.
    await page.getByTestId("pay-now").click();
    await page.getByText("Your card was declined. Use another card.").waitFor();
    expect(await inViewport(page, "declined-next-step")).toBe(true);
    expect(await inViewport(page, "declined-use-another-card")).toBe(true);
    await noSeriousViolations(page, "managesub, declined");
    const [still] = await d1Rows<{ status: string }>(
      `SELECT status FROM subscriptions WHERE listing_id = '${listingId}'`,
    );
    expect(still.status).toBe("past_due");

    // Another card, on the gateway's page.
    await page.getByTestId("declined-use-another-card").click();
    await page.waitForURL((url) => url.pathname.startsWith("/dev/gateway/checkout/"));
    await hydrated(page);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/subscriptions/return/"));
    await page.getByText("Payment received: $35.00 for the Standard plan.").waitFor();
    await noSeriousViolations(page, "payment result");

    // Paid up: active, the new card on file, no deadline, and the listing public.
    const [sub] = await d1Rows<{ status: string; method_ref: string }>(
      `SELECT status, method_ref FROM subscriptions WHERE listing_id = '${listingId}'`,
    );
    expect(sub.status).toBe("active");
    expect(sub.method_ref).not.toBe("tgm_fail_e2e");
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByTestId("listing-badge").filter({ hasText: "LIVE" }).waitFor();
    expect(await page.getByTestId("payment-deadline").count()).toBe(0);
    expect((await page.request.get(`/api/model/${listingId}`)).status()).toBe(200);
    await context.close();
  }, 90_000);
});

describe("the toast", () => {
  it("announces an upgrade in the page's live region, on a phone", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    const account = await insertAccount({ firstName: "Rua", password: "a-long-password" });
    const id = await pastDueListing(account.email, "Rua", "tgm_ok_e2e");
    const now = Date.now();
    await d1(`UPDATE subscriptions SET status = 'active', grace_until = NULL, period_start = ${now - WEEK / 2},
        period_end = ${now + WEEK / 2} WHERE listing_id = '${id}'`);
    await enterAs(page, account, "/managesub");
    // The region is in the page before anything is said, so a screen reader hears what is put in it.
    const region = page
      .getByRole("status")
      .filter({ has: page.getByTestId("toast") })
      .or(page.getByTestId("toast-region"));
    expect(await page.getByTestId("toast-region").getAttribute("aria-live")).toBe("polite");
    await page.getByRole("button", { name: "Upgrade to Featured" }).click();
    const amount = await page.getByTestId("upgrade-amount").textContent();
    await page.getByRole("button", { name: `Pay ${amount} and upgrade` }).click();
    await page.getByTestId("toast").getByText("Upgraded to Featured.").waitFor();
    expect(await region.first().textContent()).toContain("Upgraded to Featured.");
    await noSeriousViolations(page, "managesub with a toast");
    await context.close();
  }, 60_000);
});
