// The ways an end-to-end test gets a signed-in person, and reaches the test server's own database.
import { execFileSync } from "node:child_process";
import type { Page } from "playwright-core";
import { inject } from "vitest";
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

/** Signs up through the sign-up form and waits for the dashboard. */
export async function signUp(page: Page, o: { firstName: string; email: string; password: string; agency?: boolean }) {
  await page.goto("/login?action=signup");
  await hydrated(page);
  await page.getByLabel("First Name").fill(o.firstName);
  await page.getByLabel("Email").fill(o.email);
  await page.getByLabel(/^Password\s*\*?$/).fill(o.password);
  await page.getByLabel(o.agency ? "Agency" : "Independent").check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL("**/dashboard");
}
