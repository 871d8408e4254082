// The insights page's region breakdown in Chromium at 390 px (docs/decisions/0032-region-breakdown.md): counts
// under 5 read 'fewer than 5', the table fits the phone and the page passes axe.
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { MOBILE, hydrated, useBrowser } from "./browser";
import { seriousViolations } from "./axe";
import { enterAs } from "./people";
import { useOwnProvider } from "./providers";
import { d1 } from "./store";
import { shot } from "./shots";

const b = useBrowser();
const independent = useOwnProvider("independent");

describe("insights by region", () => {
  it("shows views by region at 390 px, small counts masked, with axe and no sideways scroll", async () => {
    const listing = independent.listings[0].id;
    // The NZ day, as counts are kept.
    const today = countDay(Date.now());
    for (const [region, views] of [
      ["AUK", 37],
      ["MWT", 3],
      ["abroad", 6],
    ] as const) {
      await d1(
        "INSERT INTO listing_region_daily (listing_id, day, region, views) VALUES (?, ?, ?, ?)",
        listing,
        today,
        region,
        views,
      );
    }
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(page, independent, "/dashboard/insights?days=7");
    await hydrated(page);
    const section = page.getByTestId("insights-regions");
    await section.getByRole("heading", { name: "Where views come from" }).waitFor();
    const row = (name: string) => section.getByRole("row", { name: new RegExp(`^${name}`) });
    expect(await row("Auckland").locator("td").textContent()).toBe("37");
    // Under the site's own region names, as the listing's region is chosen.
    expect(await row("Central North Island").locator("td").textContent()).toBe("fewer than 5");
    expect(await row("Outside New Zealand").locator("td").textContent()).toBe("6");
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "insights-regions-390", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
