// The administrators' home with a Safety Net report and a correction request waiting, at 390x844 in Chromium
// (docs/decisions/0023-safety-net.md): a verified provider reports an incident and a person asks for a
// correction, each through their own form; the home's cards count them with how long the oldest has waited,
// mark the ones past the 48-hour promise, and open the Safety Net screen. Axe, nothing wider than the phone,
// and a screenshot of each state.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { d1, d1Rows, enterAs, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const reporter = useOwnProvider("independent"); // Ruby's copy: verified, Auckland
const nzToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());
const stamp = Date.now();
const DESCRIPTION = `Grabbed my arm and would not let me leave ${stamp}`;
const MESSAGE = `The alert about my number is not about me ${stamp}`;

// What this file made leaves with it, so no other file finds a queue it did not fill.
afterAll(async () => {
  await d1("DELETE FROM safety_reports WHERE user_id = ?", reporter.id);
  await d1("DELETE FROM safety_corrections WHERE message = ?", MESSAGE);
});

async function screen(page: Page, name: string) {
  expect(await seriousViolations(page), name).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} is wider than the phone`).toBeLessThanOrEqual(MOBILE.width);
  await shot(page, `${name}-390`, { fullPage: true });
  await shot(page.getByTestId("admin-queues"), `${name}-part-390`);
}

const countOf = async (page: Page, key: string) =>
  Number(await page.getByTestId(`queue-${key}`).getAttribute("data-count"));

describe("the administrators' home shows the Safety Net", () => {
  it("a report and a correction request waiting, their oldest waiting time, and the ones past 48 hours", async () => {
    const admin = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await signInAdmin(admin.context, await makeAdministrator("Kaitiaki"));
    await admin.page.goto("/admin");
    await hydrated(admin.page);
    const reportsBefore = await countOf(admin.page, "safety-reports");
    const correctionsBefore = await countOf(admin.page, "safety-corrections");

    // A verified provider reports an incident.
    const mine = await b.visitor({ viewport: MOBILE });
    await enterAs(mine.page, reporter, "/dashboard/safety-net/report");
    await mine.page.getByLabel("Date it happened").fill(nzToday());
    await mine.page.getByLabel("Region").selectOption("Auckland");
    await mine.page.getByLabel("What happened", { exact: true }).selectOption({ label: "Violence" });
    await mine.page.getByLabel("Tell us what happened").fill(DESCRIPTION);
    await mine.page.getByLabel("Phone numbers").fill("027 555 0142");
    await mine.page.getByRole("button", { name: "Send the report" }).click();
    await mine.page.getByTestId("report-sent").waitFor();

    // Someone who thinks an alert is about them asks for a correction.
    const visitor = await b.visitor({ viewport: MOBILE });
    await visitor.page.goto("/contact/safety-net-correction");
    await hydrated(visitor.page);
    await visitor.page.getByLabel("Your e-mail address or phone number").fill("someone@person.test");
    await visitor.page.getByLabel("What is wrong").fill(MESSAGE);
    await visitor.page.getByRole("button", { name: "Send the request" }).click();
    await visitor.page.getByTestId("correction-sent").waitFor();

    // The home counts both, and says how long the oldest has waited.
    await admin.page.reload();
    await hydrated(admin.page);
    expect(await countOf(admin.page, "safety-reports")).toBe(reportsBefore + 1);
    expect(await countOf(admin.page, "safety-corrections")).toBe(correctionsBefore + 1);
    const reports = admin.page.getByRole("link", { name: /Safety Net reports waiting/ });
    await reports.getByText(/^Oldest waiting /).waitFor();
    await admin.page
      .getByRole("link", { name: /Correction requests/ })
      .getByText(/^Oldest waiting /)
      .waitFor();
    await screen(admin.page, "admin-home-safety-net");

    // Two days on (the clock cannot be waited for): both are past the promise, and the cards say so.
    const twoDaysAgo = Date.now() - 50 * 3_600_000;
    await d1(
      "UPDATE safety_reports SET created_at = ? WHERE user_id = ? AND status = 'pending'",
      twoDaysAgo,
      reporter.id,
    );
    await d1("UPDATE safety_corrections SET created_at = ? WHERE message = ?", twoDaysAgo, MESSAGE);
    await admin.page.reload();
    await hydrated(admin.page);
    await admin.page
      .getByTestId("queue-safety-reports-overdue")
      .getByText(/^Overdue: \d+ past 48 hours$/)
      .waitFor();
    await admin.page
      .getByTestId("queue-safety-corrections-overdue")
      .getByText(/^Overdue: \d+ past 48 hours$/)
      .waitFor();
    await reports.getByText(/^Oldest waiting (2 days 2 hours|[3-9] days|\d{2,} days)/).waitFor();
    await screen(admin.page, "admin-home-safety-net-overdue");

    // The card opens the queue, where the report waits, marked too.
    await reports.click();
    await admin.page.waitForURL((url) => url.pathname === "/admin/safety-net");
    await hydrated(admin.page);
    await admin.page.getByTestId("safety-queue-item").filter({ hasText: DESCRIPTION }).waitFor();
    const [{ n }] = await d1Rows<{ n: number }>(
      "SELECT count(*) AS n FROM safety_reports WHERE status IN ('pending', 'question')",
    );
    expect(n).toBe(reportsBefore + 1);
    for (const p of [admin.page, mine.page, visitor.page])
      expect((p as Page & { jsErrors: string[] }).jsErrors).toEqual([]);
  });
});
