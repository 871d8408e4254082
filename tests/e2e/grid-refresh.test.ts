// A realtime refresh of a grid the visitor has scrolled down (useGridPages.ts): every page shown is read again,
// in the rotation slot the visitor is reading (grid-slot.ts), and a page scrolled in while the refresh was on
// its way is not taken away by its answer. The server's clock is moved through the tests' store door.
import type { Page, Route } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { rotatedOrder, rotationSlot, slotStart } from "../../app/features/insights/rotation";
import { PAGE_SIZE } from "../../app/features/catalogue/filters";
import { hydrated, listening, MOBILE, useBrowser } from "./browser";
import { makeAdministrator, signInAdmin } from "./people";
import { liveListings } from "./grid";
import { setServerClock } from "./store";

const b = useBrowser();

afterAll(() => setServerClock(null));

const cardIds = (page: Page) =>
  page
    .getByTestId("listing-grid")
    .locator("a.card-link")
    .evaluateAll((els) => els.map((e) => e.getAttribute("href")!.slice("/view/".length)));

async function scrollTo(page: Page, cards: number) {
  while ((await cardIds(page)).length < cards) {
    const before = (await cardIds(page)).length;
    await page.getByTestId("grid-end").scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="listing-grid"] [data-testid="listing-card"]').length > n,
      before,
    );
  }
}

/** An administrator's hide of a listing, undone by the returned function. */
async function hide(listingId: string) {
  const admin = await b.visitor();
  await signInAdmin(admin.context, await makeAdministrator());
  const toggle = (live: boolean) =>
    admin.context.request.put(`/api/admin/profiles/${listingId}/toggle-live`, { data: { live } });
  expect((await toggle(false)).status()).toBe(200);
  return async () => {
    expect((await toggle(true)).status()).toBe(200);
    await admin.context.close();
  };
}

describe("a realtime refresh of a scrolled grid", () => {
  it("does not take away a page scrolled in while it was on its way", async () => {
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await page.goto("/");
    await hydrated(page);
    await listening(page);
    await scrollTo(page, 2 * PAGE_SIZE);
    // The refresh's answers (every page shown, `?pages=`) are held until the third page is on the screen.
    const held: Route[] = [];
    const isRefresh = (url: URL) => url.pathname === "/api/grid" && url.searchParams.has("pages");
    await page.route(isRefresh, (route) => void held.push(route));
    const third: string[] = [];
    page.on("response", async (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/grid" && url.searchParams.get("page") === "3" && !url.searchParams.has("pages"))
        third.push(...((await r.json()) as { cards: { modelId: string }[] }).cards.map((c) => c.modelId));
    });
    const hidden = (await cardIds(page))[1]!;
    const show = await hide(hidden);
    try {
      await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await scrollTo(page, 3 * PAGE_SIZE);
      await expect.poll(() => third.length).toBe(PAGE_SIZE);
      await page.unroute(isRefresh);
      // A refresh the page gave up for a newer one (another event) is already done with.
      for (const route of held) await route.continue().catch(() => {});
      await page.waitForFunction(
        (id) => !document.querySelector(`[data-testid="listing-grid"] a.card-link[href="/view/${id}"]`),
        hidden,
        { timeout: 10_000 },
      );
      await page.waitForLoadState("networkidle");
      // The third page's cards are still shown (give or take two that other files' listings may have moved).
      const after = new Set(await cardIds(page));
      expect(
        third.filter((id) => after.has(id)).length,
        JSON.stringify({ third, after: [...after] }),
      ).toBeGreaterThanOrEqual(PAGE_SIZE - 2);
    } finally {
      await show();
    }
    await context.close();
  });
  it("keeps the order the visitor is reading when the rotation has turned since", async () => {
    // The grid ranks every live listing and shows those with a photo.
    const { entries, shown } = await liveListings();
    // The first two pages in a slot, less one card, when `hidden` is not live: one listing fewer turns the
    // others' places too (rotation.ts), so the order after the hide is the model's, not the cards before less one.
    const firstPages = (s: number, hidden: string) =>
      rotatedOrder(
        entries.filter((e) => e.id !== hidden),
        s,
      )
        .filter((e) => shown.has(e.id))
        .slice(0, 2 * PAGE_SIZE - 1)
        .map((e) => e.id);
    // A slot whose turn changes them (else the reader's order and the turned one could not be told apart).
    const third = (s: number) => firstPages(s, "")[2]!;
    let slot = rotationSlot(Date.now()) + 1;
    while (JSON.stringify(firstPages(slot + 1, third(slot))) === JSON.stringify(firstPages(slot, third(slot)))) slot++;
    await setServerClock(slotStart(slot) + 1_000);
    const { context, page } = await b.visitor({ viewport: MOBILE });
    await page.goto("/");
    await hydrated(page);
    await listening(page);
    await scrollTo(page, 2 * PAGE_SIZE);
    const before = await cardIds(page);
    // Ten minutes later by the server's clock, a listing on screen is hidden.
    await setServerClock(slotStart(slot + 1) + 1_000);
    const hidden = before[2]!;
    expect(hidden).toBe(third(slot));
    const show = await hide(hidden);
    try {
      await page.waitForFunction(
        (id) => !document.querySelector(`[data-testid="listing-grid"] a.card-link[href="/view/${id}"]`),
        hidden,
        { timeout: 10_000 },
      );
      // The pages read again in the visitor's slot, not the turned one.
      const after = await cardIds(page);
      expect(after.slice(0, 2 * PAGE_SIZE - 1)).toEqual(firstPages(slot, hidden));
    } finally {
      await show();
      await setServerClock(null);
    }
    await context.close();
  });
});
