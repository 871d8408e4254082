// The insights page on a phone (390x844, touch): inside the dashboard's frame, with the way back to the
// dashboard; its days are NZ days (the chart's dates, the CSV's rows), as every other page's are.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { addDays, shortDate } from "~/platform/time/nz-time";
import { countDay } from "~/platform/http/client-address";
import { seriousViolations } from "./axe";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { enterAs } from "./people";
import { useOwnProvider } from "./providers";
import { d1 } from "./store";
import { shot } from "./shots";

const b = useBrowser();
const independent = useOwnProvider("independent");

describe("the insights page", () => {
  it("has the dashboard's frame, dates under its chart, and NZ days in its CSV", async () => {
    const listing = independent.listings[0].id;
    const today = countDay(Date.now());
    for (let ago = 0; ago < 7; ago++)
      await d1(
        "INSERT INTO listing_daily (listing_id, day, impressions, views, contacts) VALUES (?, ?, ?, ?, ?)",
        listing,
        addDays(today, -ago),
        100 + ago,
        10 + ago,
        ago % 2,
      );
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await enterAs(page, independent, "/dashboard/insights?days=7");
    await hydrated(page);
    await page.getByRole("heading", { name: "Insights", level: 1 }).waitFor();

    // The chart is dated: the week's first and last days (today in New Zealand) and two between.
    const dates = page.getByTestId("insights-chart-dates").locator("span");
    await expect(dates.count()).resolves.toBe(4);
    await expect(dates.nth(1).textContent()).resolves.toBe(shortDate(addDays(today, -4)));
    await expect(dates.last().textContent()).resolves.toBe(shortDate(today));
    await expect(dates.first().textContent()).resolves.toBe(shortDate(addDays(today, -6)));
    // Legible: no two dates touch, and none leaves the chart.
    const boxes = await dates.evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().toJSON()));
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].left).toBeGreaterThan(boxes[i - 1].right + 4);
    expect(boxes[0].left).toBeGreaterThanOrEqual(0);
    expect(boxes.at(-1).right).toBeLessThanOrEqual(MOBILE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, "insights-390");
    expect(await seriousViolations(page)).toEqual([]);

    // The CSV's days are the same NZ days.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("insights-csv").tap()]);
    const lines = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\n");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    expect(lines.at(-1)).toBe(`${today},100,10,0.1000,0,0.0000,0,0,0`);

    // The way back: the dashboard's menu, as on every page under /dashboard.
    await page.getByTestId("drawer-open").tap();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Dashboard" }).tap();
    await page.waitForURL((url) => url.pathname === "/dashboard");
  });
});
