// Endless scroll across a turn of the grid's fair rotation (app/features/insights/rotation.ts): the order turns
// every 10 minutes and pages are offsets into it, so the pages after the first are asked for in the first
// page's slot (app/features/catalogue/grid-slot.ts). The server's clock is moved across the turn through the
// tests' store door (store-door.worker.ts), never by waiting.
import type { Response } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { rotatedOrder, rotationSlot, slotStart } from "../../app/features/insights/rotation";
import type { RotationEntry } from "../../app/features/insights/rotation";
import { PAGE_SIZE } from "../../app/features/catalogue/filters";
import { hydrated, MOBILE, useBrowser } from "./browser";
import { liveListings } from "./grid";
import { setServerClock } from "./store";

const b = useBrowser();

afterAll(() => setServerClock(null));

/**
 * A slot whose turn would make the bug show: the first two pages read in it and the rest in the next slot
 * leave someone out. Pages are offsets into every live listing's order; those without a photo are left out after.
 */
function slotWhoseTurnSkips(entries: RotationEntry[], shown: Set<string>): number {
  const ids = (slot: number) => rotatedOrder(entries, slot).map((e) => e.id);
  for (let slot = rotationSlot(Date.now()) + 1; slot < rotationSlot(Date.now()) + 300; slot++) {
    const read = [...ids(slot).slice(0, 2 * PAGE_SIZE), ...ids(slot + 1).slice(2 * PAGE_SIZE)];
    if (new Set(read.filter((id) => shown.has(id))).size < shown.size) return slot;
  }
  throw new Error("no slot in the next two days turns this grid's order");
}

describe("endless scroll across a turn of the rotation", () => {
  it("shows every listing exactly once when the order turns between two pages", async () => {
    const { entries, shown } = await liveListings();
    const slot = slotWhoseTurnSkips(entries, shown);
    await setServerClock(slotStart(slot) + 1_000);
    try {
      const { context, page } = await b.visitor({ viewport: MOBILE });
      // No realtime for this page: a change another file on this server published reaches open pages up to 3 s
      // later (the room's per-listing window), and the grid it reaches reads every page shown again, with a
      // listing more or fewer, which is not the walk across one turn this test checks (the likely cause of its
      // two failures, once in eleven runs and once in twelve; docs/testing.md).
      await page.routeWebSocket(/\/parties\//, () => {});
      await page.goto("/");
      await hydrated(page);
      const cards = page.getByTestId("listing-grid").getByTestId("listing-card");
      const cardIds = () =>
        page
          .getByTestId("listing-grid")
          .locator("a[href^='/view/']")
          .evaluateAll((els) => els.map((e) => e.getAttribute("href")!.slice("/view/".length)));
      await expect(cards.count()).resolves.toBe(PAGE_SIZE);
      // Every page the grid asks for after the first, whether a scroll asked or the grid itself: whenever its end is
      // still in the window after a page lands, the grid asks for the next at once, so a count of cards taken
      // after one answer can be passed before the test looks.
      const answers: Response[] = [];
      page.on("response", (r) => {
        if (new URL(r.url()).pathname === "/api/grid") answers.push(r);
      });
      await page.getByTestId("grid-end").scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="listing-grid"] [data-testid="listing-card"]').length >= n,
        2 * PAGE_SIZE,
      );
      // Ten minutes later, by the server's clock: its order has turned. The scroll goes on to the end.
      await setServerClock(slotStart(slot + 1) + 1_000);
      while (await page.getByTestId("more-link").count()) {
        const before = answers.length;
        await page.getByTestId("grid-end").scrollIntoViewIfNeeded();
        await expect.poll(() => answers.length).toBeGreaterThan(before);
        // Nothing on its way, and the answers' cards on the page, before looking again.
        await page.waitForLoadState("networkidle");
        const shownIds = (
          await Promise.all(answers.map((a) => a.json() as Promise<{ cards: { modelId: string }[] }>))
        ).flatMap((body) => body.cards.map((c) => c.modelId));
        await page.waitForFunction(
          (wanted) =>
            wanted.every((id) => document.querySelector(`[data-testid="listing-grid"] a[href="/view/${id}"]`)),
          shownIds,
        );
      }
      const askedIn = answers.map((a) => new URL(a.url()).searchParams.get("slot"));
      const ids = await cardIds();
      expect(ids).toHaveLength(new Set(ids).size);
      expect(new Set(ids)).toEqual(shown);
      // Every page after the first was asked for in the first page's slot.
      expect(new Set(askedIn)).toEqual(new Set([String(slot)]));
      await expect(page.getByTestId("more-link").count()).resolves.toBe(0);
      await context.close();
    } finally {
      await setServerClock(null);
    }
  });
});
