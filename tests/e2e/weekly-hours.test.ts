// In Chromium: a provider sets weekly hours on the editor's page 3, sees 'Available today' in the
// live preview, saves, and finds it on the public profile and under the grid's 'Available today' filter.
import { describe, expect, it } from "vitest";
import { nzClock } from "../../app/platform/time/nz-time";
import { DESKTOP, hydrated, useBrowser } from "./browser";
import { gridPageShowing } from "./grid";
import { d1, d1Rows, enterAs } from "./people";
import { useOwnProvider } from "./providers";

const b = useBrowser();
const agency = useOwnProvider("agency");

describe("weekly hours", () => {
  it("are set on page 3, previewed, saved, shown on the profile and found by 'Available today'", async () => {
    const [listing] = await d1Rows<{ id: string; first_name: string }>(
      `SELECT l.id, l.first_name FROM listings l JOIN users u ON u.id = l.user_id
       WHERE u.email = '${agency.email}' AND l.live = 1 AND l.verified = 1 ORDER BY l.created_at LIMIT 1`,
    );
    // No hours yet, so the filter leaves it out.
    await d1(`UPDATE listings SET schedule = '', available_days = 0 WHERE id = '${listing.id}'`);
    const { page, context } = await b.visitor({ viewport: DESKTOP });
    await enterAs(page, agency);
    await page.goto(`/profile/edit/${listing.id}`);
    await hydrated(page);
    await page.getByTestId("editor-edit").click();
    await page.getByTestId("editor-next").click();
    await page.getByTestId("editor-next").click();

    const today = nzClock(Date.now()).weekday;
    await page.getByTestId(`schedule-add-${today}`).click();
    await page.locator(`#field-schedule-${today}-0-start`).fill("00:00");
    await page.locator(`#field-schedule-${today}-0-end`).fill("23:59");
    const preview = page.getByTestId("editor-preview");
    await preview.getByText("Available today 00:00–23:59").waitFor();

    await page.getByTestId("editor-save").click();
    await page.getByTestId("editor-edit").waitFor({ timeout: 30_000 });

    await page.goto(`/view/${listing.id}`);
    await page.getByTestId("availability-line").waitFor();
    await expect(page.getByTestId("availability-line").textContent()).resolves.toBe("Available today 00:00–23:59");
    await expect(page.getByTestId("weekly-hours").locator("tr").count()).resolves.toBe(7);

    // On whichever of the filter's pages the rotation puts it now.
    await gridPageShowing(page, "/?available=today", listing.first_name);
    await context.close();
  });
});
