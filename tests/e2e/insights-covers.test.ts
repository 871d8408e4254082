// Cover rotation on the insights page in Chromium at 390 px (docs/decisions/0033-cover-rotation.md): the owner
// ticks photos to rotate as the card's cover, cannot tick a fourth once 3 are ticked, saves 2, and sees
// each cover's views per impression with the best marked; the page fits the phone and passes axe.
import { describe, expect, it } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { MOBILE, hydrated, useBrowser } from "./browser";
import { seriousViolations } from "./axe";
import { enterAs } from "./people";
import { useOwnProvider } from "./providers";
import { copyPhotos, d1, d1Rows } from "./store";
import { newId } from "~/platform/data/ids";
import { PUBLIC_PHOTO_PREFIX } from "~/core/photo-keys";
import { shot } from "./shots";

const b = useBrowser();
const independent = useOwnProvider("independent");

describe("cover rotation", () => {
  it("chooses covers at 390 px, cannot tick a fourth, and shows which cover earns more views", async () => {
    const listing = independent.listings[0].id;
    // A fourth photo (the demo listing has three), so that ticking one too many is possible.
    const [first] = await d1Rows<{ r2_key: string }>(
      "SELECT r2_key FROM listing_images WHERE listing_id = ? ORDER BY position LIMIT 1",
      listing,
    );
    const extra = `${PUBLIC_PHOTO_PREFIX}${newId(24)}.webp`;
    await copyPhotos([[first.r2_key, extra]]);
    await d1(
      "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES (?, ?, ?, 99, 600, 800, ?)",
      newId(),
      listing,
      extra,
      Date.now(),
    );
    const { page } = await b.visitor({ viewport: MOBILE, bypassCSP: true });
    await enterAs(page, independent, `/dashboard/insights?listing=${listing}&days=7`);
    await hydrated(page);
    const section = page.getByTestId("cover-rotation");
    await section.getByRole("heading", { name: "Cover rotation" }).waitFor();
    const boxes = section.getByRole("checkbox");
    expect(await boxes.count()).toBeGreaterThanOrEqual(4);

    // Once three are ticked, a fourth cannot be (rather than being refused after Save), and the page says why;
    // untick one and another can be. (Without JavaScript the server refuses a fourth: the workerd tests.)
    for (let i = 0; i < 3; i++) await boxes.nth(i).check();
    expect(await boxes.nth(3).isDisabled()).toBe(true);
    await section
      .getByTestId("cover-choice-full")
      .getByText("3 ticked, the most: untick one to choose another.")
      .waitFor();
    await shot(page, "covers-three-ticked-390");
    await boxes.nth(0).uncheck();
    expect(await boxes.nth(3).isDisabled()).toBe(false);
    expect(await section.getByTestId("cover-choice-full").textContent()).toBe("");

    for (let i = 0; i < 4; i++) await boxes.nth(i).setChecked(i === 1 || i === 2);
    await section.getByRole("button", { name: "Save covers" }).click();
    await page.getByTestId("covers-notice").getByText("Saved: these 2 photos take turns").waitFor();
    const chosen = await d1Rows<{ r2_key: string }>(
      `SELECT i.r2_key FROM listing_covers c JOIN listing_images i ON i.id = c.image_id
        WHERE c.listing_id = ? ORDER BY c.position`,
      listing,
    );
    expect(chosen).toHaveLength(2);

    // A week of counts for the two covers: the second earns more views per impression.
    // The NZ day, as counts are kept.
    const today = countDay(Date.now());
    for (const [photo, shown, opens] of [
      [chosen[0].r2_key, 300, 12],
      [chosen[1].r2_key, 280, 21],
    ] as const)
      await d1(
        "INSERT INTO listing_photo_daily (listing_id, day, photo, shown, card_opens) VALUES (?, ?, ?, ?, ?)",
        listing,
        today,
        photo,
        shown,
        opens,
      );
    await page.reload();
    await hydrated(page);
    const results = page.getByTestId("cover-results");
    await results.waitFor();
    const best = results.getByRole("row").filter({ has: page.getByTestId("cover-best") });
    expect(await best.getByRole("rowheader").textContent()).toContain("Photo 3");
    expect(await best.locator("td").allTextContents()).toEqual(["280", "21", "7.5%Best"]);
    expect(
      await page.getByTestId("cover-choice").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked)),
    ).toEqual(expect.arrayContaining([true, true]));
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "covers-results-390");
    await shot(page, "insights-full-390", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await section.getByRole("button", { name: "Turn rotation off" }).click();
    await page.getByTestId("covers-notice").getByText("Rotation is off").waitFor();
    expect(await d1Rows("SELECT image_id FROM listing_covers WHERE listing_id = ?", listing)).toEqual([]);
  });
});
