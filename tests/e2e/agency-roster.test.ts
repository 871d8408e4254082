// The agency's roster on a phone (docs/decisions/0060-agency-roster.md): the agency opens its roster at 390 px,
// gives one of its live listings a shift today that runs past midnight, saves, keeps the week as a template, and
// the listing's card on the grid says 'Working today 18:00–02:00' (under 'Available today', which she would not be
// in without the shift: she has no weekly hours). Then 'Off today' takes her off the filter with one tap.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { nzClock } from "../../app/platform/time/nz-time";
import { DESKTOP, hydrated, MOBILE, useBrowser } from "./browser";
import { gridPageShowing } from "./grid";
import { d1, d1Rows, enterAs } from "./people";
import { useOwnProvider } from "./providers";
import { shot } from "./shots";

const b = useBrowser();
const agency = useOwnProvider("agency");

/** Whether the page is wider than the phone (a horizontal scroll). */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe("the roster on a phone", () => {
  it("a shift set today shows on the listing's card on the grid, and 'Off today' takes her off 'Available today'", async () => {
    const [{ id }] = await d1Rows<{ id: string }>(
      `SELECT id FROM listings WHERE user_id = ? AND live = 1 ORDER BY created_at LIMIT 1`,
      agency.id,
    );
    // A name of her own (the demo agency's listings have the same ones), and no weekly hours: only the roster can
    // make her available today.
    const listing = { id, first_name: `Rosa${newId(4).replace(/[^a-z]/g, "x")}` };
    await d1(
      `UPDATE listings SET first_name = ?, schedule = '', available_days = 0 WHERE id = ?`,
      listing.first_name,
      listing.id,
    );
    const today = nzClock(Date.now()).date;

    const { context, page } = await b.visitor({ viewport: MOBILE, touch: true });
    await enterAs(page, agency, "/dashboard/roster");
    await page.getByTestId("roster-week").waitFor();
    expect(await overflows(page)).toBe(false);
    await shot(page, "roster-today");
    await shot(page, "roster-week", { fullPage: true });

    // Today's cell of her card: from 18:00 to 02:00 (past midnight).
    const row = page.getByTestId("roster-listing").filter({ hasText: listing.first_name });
    const cell = row.locator(`[data-testid="roster-day"][data-date="${today}"]`);
    await cell.getByLabel(/: from$/).fill("18:00");
    // Half a shift is refused beside the field, and what was typed stays.
    await page.getByRole("button", { name: "Save this week" }).tap();
    await cell.getByRole("alert").getByText("Enter both a start and an end time, or leave both empty.").waitFor();
    await expect(cell.getByLabel(/: from$/).inputValue()).resolves.toBe("18:00");
    await cell.scrollIntoViewIfNeeded();
    await shot(page, "roster-error");
    await cell.getByLabel(/: to$/).fill("02:00");
    await shot(page, "roster-editing");
    await page.getByRole("button", { name: "Save this week" }).tap();
    await page.getByTestId("roster-result").getByText("Roster saved.").waitFor();
    const todayRow = page.getByTestId("roster-today-row").filter({ hasText: listing.first_name });
    await todayRow.getByText("Working today 18:00–02:00").waitFor();

    // The week kept as a template.
    await page.getByLabel("Save this week as a template").fill("Late week");
    await page.getByRole("button", { name: "Save template" }).tap();
    await page.getByTestId("roster-result").getByText("Saved as the template 'Late week'.").waitFor();
    await page.getByTestId("apply-template").getByRole("option", { name: "Late week" }).waitFor({ state: "attached" });
    await page.getByTestId("apply-template").scrollIntoViewIfNeeded();
    await shot(page, "roster-templates");
    expect(await overflows(page)).toBe(false);

    // The grid's card, under 'Available today', on whichever page the rotation puts it.
    await gridPageShowing(page, "/?available=today", listing.first_name);
    const card = page
      .getByTestId("listing-card")
      .filter({ has: page.getByRole("heading", { name: new RegExp(`^${listing.first_name}\\b`) }) });
    await expect(card.getByTestId("card-shift").textContent()).resolves.toBe("Working today 18:00–02:00");
    await card.scrollIntoViewIfNeeded();
    await shot(page, "grid-card-working-today");

    // One tap: off today, and she leaves the filter.
    await page.goto("/dashboard/roster");
    await hydrated(page);
    await todayRow.getByRole("button", { name: "Off today" }).tap();
    await todayRow.getByText("Not working today").waitFor();
    await expect(gridPageShowing(page, "/?available=today", listing.first_name)).rejects.toThrow(/no card/);
    await context.close();

    // At a desk the week is a grid: a row per listing, a column per day, and still no horizontal scroll.
    const desk = await b.visitor({ viewport: DESKTOP });
    await enterAs(desk.page, agency, "/dashboard/roster");
    await desk.page.getByTestId("roster-week").waitFor();
    expect(await overflows(desk.page)).toBe(false);
    await desk.page.getByTestId("roster-week").scrollIntoViewIfNeeded();
    await shot(desk.page, "roster-desktop");
    await desk.context.close();
  });
});
