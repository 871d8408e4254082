// Finding a card on the grid whatever the time of day. The grid's order turns every 10 minutes within a tier
// (fair rotation, app/features/insights/rotation.ts), so a listing a test has just changed is on the first page
// at some times and on a later one at others: the grid's own page links are followed until it shows.
import type { Page } from "playwright-core";
import { hydrated } from "./browser";

/** Opens `path` (a grid: `/`, a region, with filters) and its next pages until a card names `firstName`. */
export async function gridPageShowing(page: Page, path: string, firstName: string, maxPages = 30): Promise<number> {
  for (let n = 1; n <= maxPages; n++) {
    const url = new URL(path, "http://grid.invalid");
    url.searchParams.set("page", String(n));
    await page.goto(`${url.pathname}${url.search}`);
    await hydrated(page);
    const grid = page.getByTestId("listing-grid");
    if ((await grid.getByRole("heading", { name: new RegExp(`^${firstName}\\b`) }).count()) > 0) return n;
    if ((await page.getByTestId("more-link").count()) === 0) break;
  }
  throw new Error(`no card for ${firstName} on ${path}, on any of its pages`);
}
