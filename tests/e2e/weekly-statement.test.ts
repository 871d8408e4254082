// The weekly visibility statement in Chromium at 390 px: the provider reads last week's figures on the insights
// page and turns the weekly e-mail on (a plain form POST); a new listing's first statement (none for a week
// before it was public, then only its days public); an administrator reads /admin/exposure. Each passes axe
// and does not scroll sideways.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { dayWords, nextStatementDay, statementWeek } from "~/features/insights/statement/statement";
import { newId } from "~/platform/data/ids";
import { nzWallTime } from "~/platform/time/nz-time";
import { MOBILE, hydrated, useBrowser } from "./browser";
import { seriousViolations } from "./axe";
import { enterAs, insertAccount, makeAdministrator, signInAdmin } from "./people";
import { useOwnProvider } from "./providers";
import { d1, d1Rows } from "./store";
import { shot } from "./shots";

const b = useBrowser();
const independent = useOwnProvider("independent");

const made: string[] = [];
// Other files open the grid's cards: the listing made here leaves with the file.
afterAll(async () => {
  if (made.length) await d1(`DELETE FROM listings WHERE id IN (${made.map((id) => `'${id}'`).join(", ")})`);
});

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
    await shot(page, "insights-statement-390", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Back off, so other files see the provider as they left them.
    await page.getByRole("button", { name: "Stop the weekly e-mail" }).click();
    await page.getByRole("button", { name: "E-mail me every week" }).waitFor();
  });

  it("a new listing's first statement: none for a week before it was public, then only its days public", async () => {
    const account = await insertAccount({ firstName: "Huia" });
    const id = newId();
    made.push(id);
    const now = Date.now();
    // Saved and verified, with no plan yet: paying is the last thing it needs.
    await d1(
      `INSERT INTO listings (id, user_id, first_name, age, tag_line, location, suburb, verified, cover_key, cover_width,
        cover_height, image_count, listed_at, created_at, updated_at)
      SELECT ?, u.id, 'Huia', 30, 'Calm and kind', 'Tauranga', '', 1,
        (SELECT cover_key FROM listings WHERE cover_key IS NOT NULL LIMIT 1), 600, 800, 1, ?, ?, ? FROM users u WHERE u.id = ?`,
      id,
      now,
      now,
      now,
      account.id,
    );
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(page, account, "/subscriptions?tier=standard");
    await page.getByRole("button", { name: "Standard selected: continue" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/dev/gateway/checkout/"));
    await hydrated(page);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.getByText("Huia is public: visitors can find it.").waitFor();

    // Its insights the same day: no statement for last week, and when the first one comes.
    await page.goto(`/dashboard/insights?listing=${id}`);
    await hydrated(page);
    const none = page.getByTestId("statement-none");
    await none.getByText("Your listing was not public that week, so there is nothing to compare").waitFor();
    await none.getByText(`comes on ${dayWords(nextStatementDay(Date.now()))}`).waitFor();
    expect(await page.getByTestId("statement-comparison").count()).toBe(0);
    expect(await sideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "insights-first-statement-none-390", { fullPage: true });
    await shot(page.getByTestId("weekly-statement"), "insights-first-statement-none-part-390");

    // A week on (the clock cannot be waited for): as if it had gone public on the Thursday of the statement's
    // week at 12:00 NZ, and been seen on its days since (NZ days, docs/decisions/0075-statement-days-are-nz-days.md;
    // 3.5 days rounded, even when the clocks change on the Sunday).
    const week = statementWeek(Date.now());
    const wentPublic = nzWallTime(week.days[3], 12 * 60);
    await d1("UPDATE listing_public_spans SET started_at = ? WHERE listing_id = ?", wentPublic, id);
    for (const [day, n] of [
      [week.days[3], 4],
      [week.days[4], 9],
      [week.days[5], 12],
      [week.days[6], 10],
    ] as const)
      await d1("INSERT INTO listing_daily (listing_id, day, impressions) VALUES (?, ?, ?)", id, day, n);
    await page.reload();
    await hydrated(page);
    await page
      .getByTestId("statement-public")
      .getByText(
        "Your listing was public from Thursday to Sunday (3.5 days in all), as one of the Standard listings in Tauranga.",
      )
      .waitFor();
    expect(await page.getByTestId("statement-impressions").textContent()).toBe("35");
    expect(await page.getByTestId("statement-comparison").textContent()).toMatch(
      /You were \d+(st|nd|rd|th) of \d+ Standard listings in Tauranga by impressions a day while public\./,
    );
    expect(await sideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "insights-first-statement-390", { fullPage: true });
    await shot(page.getByTestId("weekly-statement"), "insights-first-statement-part-390");
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
    // The table scrolls in its own box, so no heading or cell breaks inside a word ('Listi / ngs').
    expect(await wordsBrokenIn(page, "exposure-table")).toEqual([]);
    await shot(page, "admin-exposure-390", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** The words of a table's headings and cells that the layout split over two lines. */
function wordsBrokenIn(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((table) => {
    const broken: string[] = [];
    for (const cell of table.querySelectorAll("th, td")) {
      const text = cell.firstChild;
      if (!(text instanceof Text)) continue;
      for (const match of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (range.getClientRects().length > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}
