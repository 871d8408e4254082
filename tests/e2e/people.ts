// The ways an end-to-end test gets a signed-in person, and reaches the test server's own database.
import { execFileSync } from "node:child_process";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { MSG } from "../../app/lib/auth-schemas";
import { hydrated } from "./browser";

/** Runs SQL against the test server's own store (the one `wrangler dev` of this run reads). */
export function d1(sql: string) {
  execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", inject("persistDir"), "--command", sql],
    {
      env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
      stdio: "pipe",
    },
  );
}

/** Signs in through the login page, as a person would, and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password\s*\*?$/).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
}

/**
 * Signs up through the sign-up form, sees the check-your-inbox notice, then confirms the address through
 * the link in the development mailbox as a person would from their inbox, and waits for the dashboard.
 */
export async function signUp(page: Page, o: { firstName: string; email: string; password: string; agency?: boolean }) {
  await page.goto("/login?action=signup");
  await hydrated(page);
  await page.getByLabel("First Name").fill(o.firstName);
  await page.getByLabel("Email").fill(o.email);
  await page.getByLabel(/^Password\s*\*?$/).fill(o.password);
  await page.getByLabel(o.agency ? "Agency" : "Independent").check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.getByText(MSG.signupCheckInbox).waitFor();
  await followConfirmationLink(page, o.email);
  await page.waitForURL("**/dashboard");
}

/**
 * Opens /dev/outbox and follows the newest confirmation link mailed to `email`; answers the link. The mail
 * goes out after the sign-up's answer, so the outbox is read again until it is there.
 */
export async function followConfirmationLink(page: Page, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await page.goto("/dev/outbox");
    const link = page
      .getByTestId("outbox-message")
      .filter({ hasText: email })
      .filter({ hasText: "Confirm your e-mail address" })
      .first()
      .locator("a[href*='/confirm-email/']");
    if ((await link.count()) > 0) {
      const href = (await link.first().getAttribute("href"))!;
      await page.goto(href);
      return href;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email} in the outbox`);
    await page.waitForTimeout(200);
  }
}
