// The weekly visibility statement in Chromium at 390 px: the provider reads last week's figures on the insights
// page and turns the weekly e-mail on (a plain form POST); an administrator reads /admin/exposure. Both pass axe
// and do not scroll sideways.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { statementWeek } from "~/features/insights/statement";
import { MOBILE, hydrated, useBrowser } from "./browser";
import { seriousViolations } from "./axe";
import { enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { d1, d1Rows } from "./store";

const b = useBrowser();
const independent = useOwnProvider("independent");

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe("the weekly visibility statement", () => {
  it("shows last week's figures and takes the e-mail opt-in, at 390 px", async () => {
    const listing = independent.listings[0].id;
    const week = statementWeek(Date.now());
    await d1(
      `INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, 41)
        ON CONFLICT (listing_id, day) DO UPDATE SET impressions = 41`,
      listing,
      week.days[2],
    );
    const [{ n }] = await d1Rows<{ n: number }>(
      "SELECT sum(impressions) AS n FROM listing_daily WHERE listing_id = ? AND day BETWEEN ? AND ?",
      listing,
      week.from,
      week.to,
    );
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(page, independent, `/dashboard/insights?listing=${listing}`);
    await page.getByRole("heading", { name: "Last week's statement" }).waitFor();
    expect(await page.getByTestId("statement-impressions").textContent()).toBe(String(n));
    expect(await page.getByTestId("statement-comparison").textContent()).toMatch(/median (Featured|Standard) listing/);

    await page.getByRole("button", { name: "E-mail me every week" }).click();
    await page.getByTestId("statement-email-notice").waitFor();
    expect(await page.getByTestId("statement-email-notice").textContent()).toContain("every Monday");
    await page.getByRole("button", { name: "Stop the weekly e-mail" }).waitFor();
    expect(await d1Rows("SELECT user_id FROM statement_emails WHERE user_id = ?", independent.id)).toHaveLength(1);

    expect(await sideways(page)).toBe(false);
    await page
      .screenshot({ path: "/work/wt/shots/statement/insights-statement-390.png", fullPage: true })
      .catch(() => {});
    expect(await seriousViolations(page)).toEqual([]);

    // Back off, so other files see the provider as they left them.
    await page.getByRole("button", { name: "Stop the weekly e-mail" }).click();
    await page.getByRole("button", { name: "E-mail me every week" }).waitFor();
  });

  it("shows the administrators how evenly exposure spread, at 390 px", async () => {
    const admin = await makeAdministrator("Exposure");
    const { context, page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await signInAdmin(context, admin);
    await page.goto("/admin/exposure");
    await hydrated(page);
    await page.getByRole("heading", { name: "How evenly it spread" }).waitFor();
    await page.getByRole("heading", { name: "Featured listings below the Standard median" }).waitFor();
    expect(await sideways(page)).toBe(false);
    await page.screenshot({ path: "/work/wt/shots/statement/admin-exposure-390.png", fullPage: true }).catch(() => {});
    expect(await seriousViolations(page)).toEqual([]);
  });
});
