// In Chromium: a provider adds a tour stop on the editor's page 3, sees it in the live preview, saves,
// and the tour region's grid then shows the card with its 'Touring · …' badge.
import { describe, expect, it } from "vitest";
import { addDays, nzDate, shortDate } from "../../app/platform/time/nz-time";
import { DESKTOP, MOBILE, hydrated, useBrowser } from "./browser";
import { gridPageShowing } from "./grid";
import { d1, d1Rows, enterAs } from "./people";
import { useOwnProvider } from "./providers";

const b = useBrowser();
const agency = useOwnProvider("agency");

describe("touring", () => {
  it("is added on page 3, previewed, saved, and listed with its badge in the tour region", async () => {
    // A featured Auckland listing: first in any grid it is listed in.
    const [listing] = await d1Rows<{ id: string; first_name: string }>(
      `SELECT l.id, l.first_name FROM listings l JOIN users u ON u.id = l.user_id
       WHERE u.email = '${agency.email}' AND l.live = 1 AND l.location = 'Auckland'
       ORDER BY l.featured DESC, l.created_at LIMIT 1`,
    );
    await d1(`DELETE FROM tour_stops WHERE listing_id = '${listing.id}'`);
    const today = nzDate(Date.now());
    const end = addDays(today, 2);
    const { page, context } = await b.visitor({ viewport: DESKTOP });
    try {
      await enterAs(page, agency);
      await page.goto(`/profile/edit/${listing.id}`);
      await hydrated(page);
      await page.getByTestId("editor-edit").click();
      await page.getByTestId("editor-next").click();
      await page.getByTestId("editor-next").click();

      await page.getByTestId("tour-add").click();
      await page.locator("#field-tours-0-region").selectOption("Wellington");
      await page.locator("#field-tours-0-start").fill(today);
      await page.locator("#field-tours-0-end").fill(end);
      const preview = page.getByTestId("editor-preview");
      await preview.getByText(`On tour in Wellington until ${shortDate(end)}`).waitFor();
      await preview
        .getByTestId("tour-stops")
        .getByText(/Touring · Wellington/)
        .waitFor();

      await page.getByTestId("editor-save").click();
      await page.getByTestId("editor-edit").waitFor({ timeout: 30_000 });
      expect(
        await d1Rows<{ region: string; start_date: string; end_date: string }>(
          `SELECT region, start_date, end_date FROM tour_stops WHERE listing_id = '${listing.id}'`,
        ),
      ).toEqual([{ region: "Wellington", start_date: today, end_date: end }]);

      // Featured comes first, but other files' featured listings may fill the first page: the grid's own pages
      // are followed, in one rotation slot, until her card is on one.
      await gridPageShowing(page, "/locations/Wellington?show=touring", listing.first_name);
      const card = page.getByTestId("listing-card").filter({ hasText: listing.first_name });
      await card.getByTestId("touring-badge").waitFor();
      await expect(card.getByTestId("touring-badge").textContent()).resolves.toMatch(/^Touring · Wellington /);
      await gridPageShowing(page, "/locations/Wellington", listing.first_name);
      await page
        .getByTestId("listing-card")
        .filter({ hasText: listing.first_name })
        .getByTestId("touring-badge")
        .waitFor();

      // In its home region on a phone, the card says where it is away, whole: 'On tour in Wellington until …'.
      await page.setViewportSize(MOBILE);
      await gridPageShowing(page, "/locations/Auckland", listing.first_name);
      const away = page.getByTestId("listing-card").filter({ hasText: listing.first_name }).getByTestId("on-tour");
      await expect(away.textContent()).resolves.toBe(`On tour in Wellington until ${shortDate(end)}`);
      expect(await away.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    } finally {
      await context.close();
      // Other journeys count the demo regions as seeded.
      await d1(`DELETE FROM tour_stops WHERE listing_id = '${listing.id}'`);
    }
  });
});
