// Responsive photos in a real browser (decision 0013): a phone gets a small size of each card's photo,
// the first row of cards is fetched first, and the profile's gallery and lightbox choose from the sizes too.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { d1Rows } from "./people";

const b = useBrowser();

const ORIGINAL = /\/photos\/listing\/[0-9a-z]{24}\.webp$/;
const SIZE = /\/photos\/listing\/[0-9a-z]{24}\.w(360|480|720|960|1600)\.webp$/;

/** The URL the browser chose for an image, once it has loaded. */
async function chosen(img: Locator): Promise<string> {
  await img.scrollIntoViewIfNeeded();
  await img.evaluate((el: HTMLImageElement) =>
    el.complete && el.naturalWidth > 0
      ? undefined
      : new Promise<void>((resolve, reject) => {
          el.addEventListener("load", () => resolve(), { once: true });
          el.addEventListener("error", () => reject(new Error(`image failed: ${el.currentSrc}`)), { once: true });
        }),
  );
  return img.evaluate((el: HTMLImageElement) => el.currentSrc);
}

async function cards(page: Page) {
  await page.goto("/");
  await hydrated(page);
  return page.getByTestId("listing-grid").getByTestId("listing-card").locator("img");
}

describe("photo sizes in the browser", () => {
  it("a 390 px phone (3 device pixels a CSS pixel) loads the 360 px size for a card, never the stored photo", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, deviceScaleFactor: 3 });
    const imgs = await cards(page);
    const first = imgs.first();
    const src = await chosen(first);
    // The card is 177 px wide, drawn at 2 device pixels a CSS pixel at most (CARD_SIZES): 354 px.
    expect(src).toMatch(/\.w360\.webp$/);
    expect(src).not.toMatch(ORIGINAL);
    expect(await first.getAttribute("srcset")).toMatch(/\.w360\.webp 360w, .*\.w480\.webp 480w/);
    expect(await first.getAttribute("sizes")).toContain("calc((100vw - 36px) / 2)");
    // The frame is reserved before the photo arrives.
    expect(Number(await first.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(await first.getAttribute("height"))).toBeGreaterThan(0);
    // A card further down, once scrolled to, picks a size as well.
    expect(await chosen(imgs.nth(6))).toMatch(SIZE);
    await context.close();
  });

  it("fetches the first row of cards first and the rest lazily", async () => {
    const { context, page } = await b.visitor();
    const imgs = await cards(page);
    expect(await imgs.count()).toBeGreaterThan(4);
    for (let i = 0; i < 4; i++) {
      expect(await imgs.nth(i).getAttribute("fetchpriority"), `card ${i}`).toBe("high");
      expect(await imgs.nth(i).getAttribute("loading"), `card ${i}`).toBe("eager");
    }
    for (let i = 4; i < (await imgs.count()); i++) {
      expect(await imgs.nth(i).getAttribute("fetchpriority"), `card ${i}`).toBeNull();
      expect(await imgs.nth(i).getAttribute("loading"), `card ${i}`).toBe("lazy");
    }
    await context.close();
  });

  it("the profile gallery and the lightbox choose from the sizes", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE, deviceScaleFactor: 2 });
    // A live listing with photos of its own: other files add listings whose rows borrow a seeded cover but
    // have no photo rows, and one of them may come first in the grid.
    const [{ id }] = await d1Rows<{ id: string }>(
      `SELECT l.id FROM listings l WHERE l.live = 1 AND (SELECT count(*) FROM listing_images i WHERE i.listing_id = l.id) >= 3
       ORDER BY l.created_at LIMIT 1`,
    );
    await page.goto(`/view/${id}`);
    await hydrated(page);
    const main = page.getByTestId("gallery-main").locator("img");
    expect(await main.getAttribute("srcset")).toMatch(/\.w480\.webp 480w/);
    expect(await chosen(main)).toMatch(SIZE);
    const side = page.getByTestId("gallery-side").first().locator("img");
    expect(await side.getAttribute("srcset")).toMatch(/\.w360\.webp 360w/);
    expect(await chosen(side)).toMatch(/\.w360\.webp$/);

    await page.getByTestId("gallery-main").click();
    const big = page.getByTestId("lightbox-image");
    await big.waitFor();
    expect(await big.getAttribute("srcset")).toMatch(/\.w480\.webp 480w/);
    expect(await big.getAttribute("sizes")).toMatch(/92vw$/);
    expect(await chosen(big)).toMatch(SIZE);
    await context.close();
  });
});
