// The ways an end-to-end test gets a signed-in person, and reaches the test server's own database.
import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "playwright-core";
import { inject } from "vitest";
import { MSG } from "../../app/lib/auth-schemas";
import { TOTP_DRIFT_STEPS, totpCodeAt, totpStep } from "~/lib/two-factor";
import { demoAccount, DEMO_ADMIN_TOTP_SECRET } from "../../drizzle/seed/demo-accounts";
import { newId } from "../../app/lib/ids";
import { hashPassword } from "../../app/server/password.server";
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

/** Runs a query against the test server's store and answers its rows. */
export function d1Rows<T>(sql: string): T[] {
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", inject("persistDir"), "--json", "--command", sql],
    { env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" }, stdio: "pipe", encoding: "utf8" },
  );
  const parsed = JSON.parse(out) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}

/**
 * A code for `secret` the server will take now: each step's code works once per account (the replay guard
 * keeps the last step used), so it picks the first step after the last used one that is within the allowed
 * drift, waiting for the clock when the account has used them all (several sign-ins in one half-minute).
 */
export async function nextCode(secret: string, userEmail: string): Promise<string> {
  for (;;) {
    const [row] = d1Rows<{ last_step: number }>(
      `SELECT last_step FROM totp_factors JOIN users ON users.id = totp_factors.user_id WHERE users.email = '${userEmail.replace(/'/g, "''")}'`,
    );
    const last = row?.last_step ?? 0;
    const now = Date.now();
    const current = totpStep(now);
    // Not the step before: it may be over by the time the request arrives.
    const step = Math.max(current, last + 1);
    if (step <= current + TOTP_DRIFT_STEPS) return totpCodeAt(secret, now + (step - current) * 30_000);
    await new Promise((r) => setTimeout(r, (current + 1) * 30_000 - now + 200));
  }
}

/** The demo administrator's next usable code (DEMO_ADMIN_TOTP_SECRET, documented in the README). */
export function demoAdminCode(): Promise<string> {
  return nextCode(DEMO_ADMIN_TOTP_SECRET, demoAccount("admin").email);
}

/** Enters a code on the login page's code step and waits to leave it. */
export async function enterCode(page: Page, code: string) {
  await page.getByText("Enter the 6-digit code from your authenticator app.").first().waitFor();
  await hydrated(page);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/**
 * Signs the demo administrator in through the login page, password then code, and waits for `redirectTo`
 * (the dashboard when not given).
 */
export async function logInAdmin(page: Page, redirectTo = "/dashboard") {
  const admin = demoAccount("admin");
  await page.goto(`/login?${new URLSearchParams({ redirectTo })}`);
  await hydrated(page);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel(/^Password\s*\*?$/).fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  // The store read by nextCode may lag the server's last write by a moment: a code refused as used is
  // retried with the next step's (the wrong tries stay well inside the sign-in budget).
  for (let attempt = 0; ; attempt++) {
    await page.getByText("Enter the 6-digit code from your authenticator app.").first().waitFor();
    await hydrated(page);
    await page.getByLabel("6-digit code").fill(await demoAdminCode());
    await page.getByRole("button", { name: "Verify" }).click();
    const refused = page.getByText(/already been used|not right or has expired/);
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname !== "/login").then(() => "in" as const),
      refused.waitFor().then(() => "refused" as const),
    ]);
    if (outcome === "in") break;
    if (attempt >= 2) throw new Error(`the demo administrator's code was refused: ${await refused.textContent()}`);
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
  }
  const path = redirectTo.split("?")[0];
  await page.waitForURL((url) => url.pathname === path);
}

/** The same through the JSON API, for tests that only call it: password, then the code. */
export async function logInAdminApi(api: APIRequestContext) {
  const admin = demoAccount("admin");
  const first = await api.post("/api/auth/login", { data: { email: admin.email, password: admin.password } });
  if (first.status() !== 200 || !(await first.json()).twoFactorRequired)
    throw new Error(`admin login answered ${first.status()}`);
  const second = await api.post("/api/auth/login/second-factor", { data: { code: await demoAdminCode() } });
  if (second.status() !== 200) throw new Error(`admin code answered ${second.status()}: ${await second.text()}`);
}

/**
 * An account made straight in the store, address already confirmed, for tests about what a signed-in person
 * does rather than about signing up. Answers its id and e-mail address.
 */
export async function insertAccount(o: {
  firstName: string;
  password: string;
  emailPrefix?: string;
  accountType?: string;
}): Promise<{ id: string; email: string }> {
  const id = newId();
  const email = `${o.emailPrefix ?? o.firstName.toLowerCase()}-${id}@example.nz`;
  const now = Date.now();
  d1(`INSERT INTO users (id, email, first_name, password_hash, account_type, agency, created_at, updated_at,
      email_confirmed_at) VALUES ('${id}', '${email}', '${o.firstName}', '${await hashPassword(o.password)}',
      '${o.accountType ?? "unpaid"}', 0, ${now}, ${now}, ${now})`);
  return { id, email };
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

/**
 * A visitor picks Featured on /subscriptions while signed out, signs up as an Independent from the login
 * page it is sent to, and opens the confirmation link: the plan page comes back with the tier still chosen.
 */
export async function chooseFeaturedThenSignUp(page: Page, o: { firstName: string; email: string }) {
  await page.goto("/subscriptions");
  await hydrated(page);
  await page.getByRole("button", { name: "Choose Featured" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Need an account? Sign Up" }).click();
  await page.getByRole("heading", { name: "Create an Account" }).waitFor();
  await page.getByLabel("First Name").fill(o.firstName);
  await page.getByLabel("Email").fill(o.email);
  await page.getByLabel("Password", { exact: true }).fill("a-long-password");
  await page.getByLabel("Independent").check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.getByText(MSG.signupCheckInbox).waitFor();
  await followConfirmationLink(page, o.email);
  await page.waitForURL((url) => url.pathname === "/subscriptions" && url.searchParams.get("tier") === "featured");
}
