// Two journeys on a phone (390x844): a new provider signs in before confirming and is told to confirm, with
// a fresh link while the first still works (docs/decisions/0026-sign-in-before-confirming.md); an
// administrator signs in with a TOTP code and lands on the admin home, whose queues link to their screens.
// Axe on both new screens.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MSG } from "../../app/features/accounts/auth-schemas";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { d1Rows, enterCode, makeAdministrator, nextCode } from "./people";

const b = useBrowser();
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** The confirmation links mailed to `email`, oldest first, read from the development mailbox page. */
async function confirmationLinks(page: Page, email: string, atLeast: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await page.goto("/dev/outbox");
    const hrefs = await page
      .getByTestId("outbox-message")
      .filter({ hasText: email })
      .filter({ hasText: "Confirm your e-mail address" })
      .locator("a[href*='/confirm-email/']")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const unique = [...new Set(hrefs)];
    if (unique.length >= atLeast) return unique;
    if (Date.now() > deadline) throw new Error(`fewer than ${atLeast} confirmation mails to ${email}`);
    await page.waitForTimeout(200);
  }
}

describe("signing in before confirming, on a phone", () => {
  it("the right password is told to confirm, a fresh link comes, and the first link still confirms", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    const email = `early-${unique()}@example.nz`;
    const password = "my own long password";
    await page.goto("/login?action=signup");
    await hydrated(page);
    await page.getByLabel("First Name").fill("Hana");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password\s*\*?$/).fill(password);
    await page.getByLabel("Independent").check();
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText(MSG.signupCheckInbox).waitFor();
    const [first] = await confirmationLinks(page, email, 1);

    // Straight to the login form instead of the mailbox.
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password\s*\*?$/).fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    const told = page.getByText("Your e-mail address is not confirmed yet.");
    await told.waitFor();
    expect(await told.isVisible()).toBe(true);
    expect(await page.getByText(MSG.invalidLogin).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing counts as a failed sign-in.
    const failed = await d1Rows<{ n: number }>(
      "SELECT COUNT(*) AS n FROM security_events JOIN users ON users.id = security_events.user_id WHERE users.email = ? AND event = 'login_failed'",
      email,
    );
    expect(failed[0].n).toBe(0);

    // A fresh link came, and the first one (opened in the browser that signed up) still confirms in one press.
    const links = await confirmationLinks(page, email, 2);
    expect(links).toHaveLength(2);
    await page.goto(first);
    await hydrated(page);
    expect(await page.getByText("Someone signed up more than once").count()).toBe(0);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    // Two-factor is offered first (decision 0056); skipping it goes on to where sign-in was going.
    await page.waitForURL((url) => url.pathname === "/account/secure");
    await page.getByTestId("two-factor-skip").click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
  });
});

describe("the administrator's home, on a phone", () => {
  it("an administrator signs in with a code, lands on /admin, and the menu links there", async () => {
    const admin = await makeAdministrator("Aroha");
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel(/^Password\s*\*?$/).fill(admin.password);
    await page.getByRole("button", { name: "Login" }).click();
    await enterCode(page, await nextCode(admin.totpSecret, admin.email));
    await page.waitForURL((url) => url.pathname === "/admin");
    await hydrated(page);
    await page.getByRole("heading", { name: "Administration" }).waitFor();
    for (const name of [
      /Verifications waiting/,
      /Reports open/,
      /Payments left open/,
      /Payments that bought nothing/,
      /Failed renewals/,
    ])
      expect(await page.getByRole("link", { name }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

    // A queue opens its screen.
    await page.getByRole("link", { name: /Failed renewals/ }).click();
    await page.waitForURL((url) => url.pathname === "/admin/subscriptions");
    expect(new URL(page.url()).searchParams.get("status")).toBe("past_due");

    // The header menu leads back home.
    await page.goto("/");
    await hydrated(page);
    const menuLink = page.locator('a[href="/admin"]');
    expect(await menuLink.count()).toBeGreaterThan(0);
  });
});
