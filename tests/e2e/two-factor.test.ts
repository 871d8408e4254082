// Two-factor sign-in in a real browser (docs/accounts.md): a provider signs up, confirms the address through the
// development outbox, turns two-factor on from account settings (the test reads the key off the page and
// computes codes with otpauth, as an authenticator app would), signs out, signs in with a code, then with a
// recovery code; an administrator's first sign-in is taken through set-up before any admin page opens. The
// administrator's account is made directly in the test server's database.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, hydrated, useBrowser } from "./browser";
import { enterAs, enterCode, insertAccount, nextCode, signUp } from "./people";

const b = useBrowser();
const PASSWORD = "two-factor-e2e-2025";

async function newAccount(accountType = "unpaid"): Promise<string> {
  return (await insertAccount({ firstName: "Tui", emailPrefix: "tf", password: PASSWORD, accountType })).email;
}

/** On /account/two-factor: starts set-up, reads the key, confirms with a code and the password; answers key and codes. */
async function setUp(page: Page, email: string): Promise<{ secret: string; codes: string[] }> {
  await hydrated(page);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secretBox = page.getByTestId("totp-secret");
  await secretBox.waitFor();
  await expect(page.getByTestId("totp-qr").count()).resolves.toBe(1);
  const secret = (await secretBox.textContent())!.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("6-digit code").fill(await nextCode(secret, email));
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByTestId("recovery-codes").waitFor();
  const codes = await page.getByTestId("recovery-code").allTextContents();
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

async function passwordStep(page: Page, email: string, redirectTo = "/dashboard") {
  await page.goto(`/login?${new URLSearchParams({ redirectTo })}`);
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
}

describe("two-factor sign-in", () => {
  it("a provider signs up, confirms through the outbox, sets it up, then signs in with a code, and with a recovery code", async () => {
    const email = `tf-signup-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.nz`;
    const { page, context } = await b.visitor({ viewport: DESKTOP });
    try {
      // Signed in by the confirmation link, on the dashboard.
      await signUp(page, { firstName: "Tui", email, password: PASSWORD });
      await page.goto("/managesub");
      await hydrated(page);
      await page.getByTestId("two-factor-summary").getByRole("link", { name: "Set up two-factor sign-in" }).click();
      await page.waitForURL((url) => url.pathname === "/account/two-factor");
      const { secret, codes } = await setUp(page, email);
      await page.getByTestId("two-factor-status").getByText("On").waitFor();

      // Signed out, the password alone no longer lets anyone in: the code step follows.
      await page.goto("/dashboard");
      await hydrated(page);
      await page.getByRole("button", { name: "Sign Out" }).first().click();
      await page.waitForURL("**/login");
      await passwordStep(page, email);
      await page.getByText("Enter the 6-digit code from your authenticator app.").first().waitFor();
      // A wrong code is said beside the field, and nothing starts.
      await hydrated(page);
      await page.getByLabel("6-digit code").fill("000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByText(/not right or has expired|already been used/).waitFor();
      await enterCode(page, await nextCode(secret, email));
      await page.waitForURL((url) => url.pathname === "/dashboard");

      // With a recovery code instead of the app: the password again, in the same form.
      await page.getByRole("button", { name: "Sign Out" }).first().click();
      await page.waitForURL("**/login");
      await passwordStep(page, email);
      await page.getByRole("link", { name: "Use a recovery code instead" }).click();
      await page.getByRole("heading", { name: "Use a recovery code" }).waitFor();
      await hydrated(page);
      await page.getByRole("textbox", { name: "Recovery code" }).fill(codes[0]);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      await page.goto("/account/two-factor");
      await page.getByTestId("recovery-codes-left").getByText("Recovery codes left: 9 of 10.").waitFor();
    } finally {
      await context.close();
    }
  });

  it("on a phone: the key can be tapped into an app or copied, and the recovery codes come into view, focused", async () => {
    const person = await insertAccount({
      firstName: "Tui",
      emailPrefix: "tf",
      password: PASSWORD,
      accountType: "unpaid",
    });
    const email = person.email;
    const { page, context } = await b.visitor({ viewport: { width: 390, height: 844 } });
    try {
      await enterAs(page, person, "/account/two-factor");
      await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      // The QR code cannot be scanned by the phone showing it: a link hands the key to the app instead.
      const add = page.getByTestId("totp-add-link");
      await add.waitFor();
      expect(await add.getAttribute("href")).toMatch(/^otpauth:\/\/totp\/.+[?&]secret=[A-Z2-7]{32}/);
      const grouped = (await page.getByTestId("totp-secret").textContent())!;
      expect(grouped).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      await expect(page.getByRole("button", { name: "Copy the key" }).count()).resolves.toBe(1);
      await page.getByLabel("6-digit code").fill(await nextCode(grouped.replace(/ /g, ""), email));
      await page.getByLabel("Current password").fill(PASSWORD);
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByTestId("recovery-codes").waitFor();
      expect(await page.getByTestId("recovery-code").count()).toBe(10);
      // The form was low on the page; the codes, shown once, are brought into view and take the focus.
      const panel = page.getByTestId("recovery-codes");
      await page.waitForFunction(() => {
        const el = document.querySelector('[data-testid="recovery-codes"]');
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.top < window.innerHeight / 2 && document.activeElement === el;
      });
      await expect(panel.getByRole("link", { name: "Download" }).isVisible()).resolves.toBe(true);
      await expect(panel.getByRole("button", { name: "Copy" }).isVisible()).resolves.toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect((page as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an administrator's first sign-in goes through set-up, then reaches the admin page", async () => {
    const email = await newAccount("admin");
    const { page, context } = await b.visitor({ viewport: DESKTOP });
    try {
      await passwordStep(page, email, "/admin/reports");
      await page.waitForURL((url) => url.pathname === "/account/two-factor");
      const url = new URL(page.url());
      expect(url.searchParams.get("required")).toBe("admin");
      expect(url.searchParams.get("redirectTo")).toBe("/admin/reports");
      await page.getByTestId("admin-required").waitFor();
      // Nothing admin opens meanwhile.
      await page.goto("/admin/reports");
      await page.waitForURL((u) => u.pathname === "/account/two-factor");

      await setUp(page, email);
      await page.getByRole("link", { name: "I have saved them: continue" }).click();
      await page.waitForURL((u) => u.pathname === "/admin/reports");
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/admin/reports");
    } finally {
      await context.close();
    }
  });
});
