// Finding a card on the grid whatever the time of day. The grid's order turns every 10 minutes within a tier
// (fair rotation, app/features/insights/rotation.ts), so a listing a test has just changed is on the first page
// at some times and on a later one at others. Pages are offsets into one turn's order: like a visitor following
// the grid's own 'More listings' links, every page after the first is read in the slot the first one was
// (`?slot=`, grid-slot.ts), so a turn of the clock half-way through cannot move a card onto a page already
// looked at.
import type { Page } from "playwright-core";
import type { RotationEntry } from "../../app/features/insights/rotation";
import { hydrated } from "./browser";
import { d1Rows } from "./store";

/** The rotation slot the grid on `page` was read in, as its 'More listings' link carries it (null: one page). */
export async function slotOnPage(page: Page): Promise<string | null> {
  const more = page.getByTestId("more-link").first();
  if ((await more.count()) === 0) return null;
  return new URL((await more.getAttribute("href"))!, "http://grid.invalid").searchParams.get("slot");
}

/** `path` at grid page `n`, in rotation slot `slot` when one is known. */
export function gridPagePath(path: string, n: number, slot: string | null): string {
  const url = new URL(path, "http://grid.invalid");
  url.searchParams.set("page", String(n));
  if (slot !== null) url.searchParams.set("slot", slot);
  return `${url.pathname}${url.search}`;
}

/** Opens `path` (a grid: `/`, a region, with filters) and its next pages until a card names `firstName`. */
export async function gridPageShowing(page: Page, path: string, firstName: string, maxPages = 30): Promise<number> {
  const found = await walkPages(page, path, firstName, maxPages);
  if (typeof found === "number") return found;
  throw new Error(`no card for ${firstName} on ${path}, on any of its pages (read: ${found})`);
}

/** The pages in one rotation slot: the page she is on, or what was read without her. */
async function walkPages(page: Page, path: string, firstName: string, maxPages: number): Promise<number | string> {
  let slot: string | null = null;
  let cards = 0;
  for (let n = 1; n <= maxPages; n++) {
    await page.goto(gridPagePath(path, n, slot));
    await hydrated(page);
    // With JavaScript, endless scroll adds the next page by itself when this one does not fill the window: look
    // once it has, or the card may arrive after the look and the 'More listings' link be gone by then.
    await page.waitForLoadState("networkidle");
    slot ??= await slotOnPage(page);
    const grid = page.getByTestId("listing-grid");
    if ((await grid.getByRole("heading", { name: new RegExp(`^${firstName}\\b`) }).count()) > 0) return n;
    cards += await grid.getByTestId("listing-card").count();
    if ((await page.getByTestId("more-link").count()) === 0) return `${n} pages, ${cards} cards, slot ${slot}`;
  }
  return `${maxPages} pages, ${cards} cards, slot ${slot}`;
}

type Row = { id: string; featured: number; active: number; active_until: number | null; cover_key: string | null };

/** The live listings as the grid ranks them (newest listed first), and those it shows (with a photo). */
export async function liveListings() {
  const rows = await d1Rows<Row>(
    "SELECT id, featured, active, active_until, cover_key FROM listings WHERE live = 1 ORDER BY listed_at DESC, id DESC",
  );
  const entries: RotationEntry[] = rows.map((r) => ({
    id: r.id,
    featured: r.featured === 1,
    active: r.active === 1,
    activeUntil: r.active_until,
  }));
  return { entries, shown: new Set(rows.filter((r) => r.cover_key).map((r) => r.id)) };
}
