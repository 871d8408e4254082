// Insights in Chromium at 390 px: a visitor's grid reports a card seen for a second, which reaches the day's
// row through the count queue; the provider's insights page passes axe, fits the phone and downloads its CSV.
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { MOBILE, hydrated, useBrowser } from "./browser";
import { seriousViolations } from "./axe";
import { enterAs } from "./people";
import { useOwnProvider } from "./providers";
import { d1, d1Rows } from "./store";
import { shot } from "./shots";

const b = useBrowser();
const independent = useOwnProvider("independent");
// Playwright's headless Chromium names itself HeadlessChrome, which is a crawler to the app (isbot).
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function eventually<T>(read: () => Promise<T | null | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("not counted in time");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("insights", () => {
  it("counts a card on a phone's screen for a second as an impression, through the beacon", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await context.setExtraHTTPHeaders({
      "CF-Connecting-IP": `10.211.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
      "User-Agent": PHONE_UA,
    });
    const beacon = page.waitForRequest((r) => r.url().endsWith("/api/insights/events"), { timeout: 20_000 });
    await page.goto("/");
    await hydrated(page);
    const firstHref = await page.locator("[data-testid='listing-card'] a.card-link").first().getAttribute("href");
    const listing = firstHref!.split("/").pop()!;
    const sent = JSON.parse((await beacon).postData() ?? "{}") as { events: { kind: string; listing: string }[] };
    expect(sent.events).toContainEqual(expect.objectContaining({ kind: "impression", listing }));
    const [row] = await eventually(async () => {
      const rows = await d1Rows<{ impressions: number }>(
        "SELECT impressions FROM listing_daily WHERE listing_id = ? AND impressions > 0",
        listing,
      );
      return rows.length ? rows : null;
    });
    expect(row.impressions).toBeGreaterThanOrEqual(1);
  });

  it("shows the provider's insights at 390 px, passes axe and downloads the CSV", async () => {
    // A week of counts for the first listing, so the chart and the tiles have something to show.
    for (let ago = 0; ago < 7; ago++)
      await d1(
        "INSERT INTO listing_daily (listing_id, day, impressions, views, contacts) VALUES (?, ?, ?, ?, ?)",
        independent.listings[0].id,
        countDay(Date.now() - ago * 86_400_000),
        120 + ago * 15,
        12 + ago,
        ago % 3,
      );
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(page, independent, "/dashboard/insights?days=7");
    await hydrated(page);
    await page.getByRole("heading", { name: "Insights" }).waitFor();
    await page.getByTestId("insights-chart").waitFor();
    expect(await page.getByTestId("insights-impressions").textContent()).not.toBe("0");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "insights-390", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("insights-csv").click()]);
    expect(download.suggestedFilename()).toBe("insights-7-days.csv");
  });
});
