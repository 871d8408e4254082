// A grid's later pages are read in the rotation slot of its first (app/features/catalogue/grid-slot.ts): the
// fair rotation turns the order every 10 minutes, and pages are offsets into it, so a visitor who scrolls
// across a turn would otherwise get the next page of another order (someone shown twice, someone never).
// The clock is the Worker's own Date.now, which these tests share with it (one isolate) and move.
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEPT_SLOTS } from "~/features/catalogue/grid-slot";
import { rotationOffset, rotationSlot, slotStart } from "~/features/insights/rotation";
import { client } from "./client";
import { insertListing } from "./fixtures";

const visitor = client();
const LISTINGS = 30;

type GridAnswer = { cards: { modelId: string }[]; page: number; hasMore: boolean; slot: number | null };

async function gridJson(qs: string): Promise<GridAnswer> {
  const res = await visitor.get(`/api/grid?${qs}`);
  expect(res.status).toBe(200);
  return (await res.json()) as GridAnswer;
}

/** A slot after which the tier of `n` listings turns (its order at the next slot is another). */
function slotBeforeATurn(n: number): number {
  let slot = rotationSlot(Date.now());
  while (rotationOffset(slot + 1, n) === rotationOffset(slot, n)) slot++;
  return slot;
}

const clock = (at: number) => vi.spyOn(Date, "now").mockReturnValue(at);

afterEach(() => vi.restoreAllMocks());

async function listings(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let i = 0; i < LISTINGS; i++) ids.add(await insertListing({ listedAt: 1_000_000 - i }));
  return ids;
}

/** Ids of the cards in the page's grid, in order. */
function gridIds(html: string): string[] {
  const grid = html.split('data-testid="listing-grid"')[1]?.split('data-testid="grid-end"')[0] ?? "";
  return [...grid.matchAll(/href="\/view\/([A-Za-z0-9_-]+)"/g)].map((m) => m[1]);
}

function moreLink(html: string): string | null {
  const tag = /<a[^>]*data-testid="more-link"[^>]*>/.exec(html)?.[0];
  return tag ? (/href="([^"]+)"/.exec(tag)?.[1].replaceAll("&amp;", "&") ?? null) : null;
}

describe("paging a grid across a turn of the rotation", () => {
  it("endless scroll: every listing once, in the first page's slot, though the order turned in between", async () => {
    const all = await listings();
    const slot = slotBeforeATurn(LISTINGS);
    clock(slotStart(slot) + 9 * 60_000);
    const first = await gridJson("page=1");
    expect(first.slot).toBe(slot);
    const second = await gridJson(`page=2&slot=${slot}`);
    // Ten minutes on the order has turned: the next page of the new order would skip someone.
    clock(slotStart(slot + 1) + 60_000);
    const turned = await gridJson("page=3");
    expect(turned.slot).toBe(slot + 1);
    const rest = [await gridJson(`page=3&slot=${slot}`), await gridJson(`page=4&slot=${slot}`)];
    expect(rest.map((p) => p.slot)).toEqual([slot, slot]);
    expect(rest[1].hasMore).toBe(false);
    const seen = [first, second, ...rest].flatMap((p) => p.cards.map((c) => c.modelId));
    expect(seen).toHaveLength(LISTINGS);
    expect(new Set(seen)).toEqual(all);
    // What the bug did: the turned order's third page leaves one of them out.
    const skipping = [first, second, turned, await gridJson("page=4")].flatMap((p) => p.cards.map((c) => c.modelId));
    expect(new Set(skipping).size).toBeLessThan(LISTINGS);
  });

  it("without JavaScript: 'More listings' carries the slot, and the pages after the turn follow it", async () => {
    const all = await listings();
    const slot = slotBeforeATurn(LISTINGS);
    clock(slotStart(slot) + 9 * 60_000);
    let html = await (await visitor.get("/")).text();
    const seen = gridIds(html);
    for (let page = 2; ; page++) {
      const link = moreLink(html);
      if (!link) break;
      expect(link).toBe(`/?page=${page}&slot=${slot}`);
      // The turn comes between the first and the second page.
      clock(slotStart(slot + 1) + page * 60_000);
      html = await (await visitor.get(link)).text();
      seen.push(...gridIds(html));
    }
    expect(seen).toHaveLength(LISTINGS);
    expect(new Set(seen)).toEqual(all);
  });

  it("refuses a slot that is not a number, and reads one too old or still to come in the current slot", async () => {
    await insertListing();
    const now = Date.now();
    const current = rotationSlot(now);
    clock(now);
    for (const bad of ["abc", "-3", "1.5", "9".repeat(13)]) {
      const res = await visitor.get(`/api/grid?page=2&slot=${bad}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: expect.stringContaining("slot") });
      // A page ignores it, as it ignores a bad page number.
      expect((await visitor.get(`/?page=1&slot=${bad}`)).status).toBe(200);
    }
    // A slot kept no longer, or one still to come, cannot hold an order: the current one is used.
    expect((await gridJson(`slot=${current - KEPT_SLOTS}`)).slot).toBe(current - KEPT_SLOTS);
    expect((await gridJson(`slot=${current - KEPT_SLOTS - 1}`)).slot).toBe(current);
    expect((await gridJson(`slot=${current + 1}`)).slot).toBe(current);
    expect((await gridJson("slot=0")).slot).toBe(current);
    const page = await (await visitor.get(`/?slot=${current + 50}`)).text();
    expect(page).toContain('data-testid="listing-grid"');
  });
});
