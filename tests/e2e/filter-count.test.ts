// Filtering on a phone (390x844, touch): a tapped chip brings the results into view with their count by the
// chips ('N listings · Clear filters'), with or without JavaScript, and a region's heading block leaves the
// first cards on the first screen.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { seriousViolations } from "./axe";
import { d1Rows } from "./store";
import { shot } from "./shots";

const b = useBrowser();

/** Live listings in `region` (or everywhere) with a cover photo, aged 28 to 35: what the age chip matches. */
async function liveAged28to35(region?: string): Promise<number> {
  const [row] = await d1Rows<{ n: number }>(
    `SELECT count(*) AS n FROM listings WHERE live = 1 AND cover_key IS NOT NULL AND age BETWEEN 28 AND 35
      ${region ? "AND location = ?" : ""}`,
    ...(region ? [region] : []),
  );
  return row.n;
}

/** The box of `selector`'s first match in the viewport's coordinates. */
async function box(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    });
}

describe("filters on a phone", () => {
  it("shows the count by the chips and brings the results into view, and Clear filters clears them", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await page.goto("/");
    await hydrated(page);
    await page.getByText("All Filters").tap();
    await page.getByRole("link", { name: "28-35", exact: true }).tap();
    await page.waitForURL((url) => url.searchParams.get("age") === "28-35");
    const count = page.getByTestId("filter-count");
    await count.waitFor();
    const expected = await liveAged28to35();
    await expect(count.textContent()).resolves.toBe(`${expected} listings · Clear filters`);
    // In view: the count, and the first card of the results right under it.
    await page.waitForFunction(() => {
      const line = document.querySelector('[data-testid="filter-count"]')!.getBoundingClientRect();
      return line.top >= 0 && line.bottom <= innerHeight;
    });
    const line = await box(page, '[data-testid="filter-count"]');
    const firstCard = await box(page, '[data-testid="listing-grid"] [data-testid="listing-card"]');
    expect(firstCard.top).toBeGreaterThan(line.bottom);
    expect(firstCard.top).toBeLessThan(MOBILE.height / 2);
    await shot(page, "filter-count-390");
    // axe from the top: scrolled down, the hidden header (moved up out of view) lies over the chips just above
    // the screen, which axe takes for targets covered by it.
    await page.evaluate(() => scrollTo(0, 0));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Clear filters" }).tap();
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    // The URL changes as the new page renders: the count goes with that render.
    await page.getByTestId("filter-count").waitFor({ state: "detached" });
  });

  it("works without JavaScript: the filtered page opens at its count", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, javaScript: false });
    await page.goto("/locations/Auckland");
    await page.getByText("All Filters").tap();
    await page.getByRole("link", { name: "28-35", exact: true }).tap();
    await page.waitForURL((url) => url.searchParams.get("age") === "28-35" && url.hash === "#results");
    const expected = await liveAged28to35("Auckland");
    const count = page.getByTestId("filter-count");
    // Touring listings join a region's grid too: at least the ones based here.
    expect(Number((await count.textContent())!.split(" ")[0])).toBeGreaterThanOrEqual(expected);
    const line = await box(page, '[data-testid="filter-count"]');
    expect(line.top).toBeGreaterThanOrEqual(0);
    expect(line.bottom).toBeLessThanOrEqual(MOBILE.height);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
  });

  it("puts a region's first cards on the first screen of a phone, its intro a tap away", async () => {
    const { page } = await b.visitor({ viewport: MOBILE, touch: true, bypassCSP: true });
    await page.goto("/locations/Wellington");
    await hydrated(page);
    // The card's photo and name on the first screen (below the chips and the note on touring counts): its name
    // ends above the screen's bottom.
    const firstName = await box(page, '[data-testid="listing-grid"] [data-testid="listing-card"] .card-title');
    expect(firstName.bottom).toBeLessThanOrEqual(MOBILE.height);
    // The intro is two lines until asked for, then whole.
    const intro = page.getByTestId("region-intro");
    const text = intro.locator("summary > span").first();
    const lineHeight = await text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await text.boundingBox())!.height).toBeLessThanOrEqual(2 * lineHeight + 1);
    await intro.getByText("More").tap();
    await expect.poll(async () => (await text.boundingBox())!.height).toBeGreaterThan(2 * lineHeight + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, "region-390");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
