// The grid's fair rotation as D1 computes it (docs/decisions/0024-counting-off-the-request-path.md, "Fair
// rotation"): the same order as the pure rule in app/features/insights/rotation.ts, for the whole country and
// for a region (whose grid merges touring listings), with the 'Available now' boost; the administrators' grid
// keeps the plain order.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseFilters } from "~/features/catalogue/filters";
import { ACTIVE_WINDOW_MS } from "~/features/listings/state";
import { rotatedOrder, rotationSlot, slotStart } from "~/features/insights/rotation";
import type { RotationEntry } from "~/features/insights/rotation";
import { loadGridPage } from "~/features/catalogue/grid.server";
import { insertListing } from "./fixtures";

const NOW = Date.UTC(2026, 10, 26, 2, 3);

async function listings(featured: number, standard: number, active?: { index: number; since: number }) {
  const entries: RotationEntry[] = [];
  // Newest first, as listed: listedAt falls with the index.
  for (let i = 0; i < featured + standard; i++) {
    const isActive = active?.index === i;
    const activeUntil = isActive ? active!.since + ACTIVE_WINDOW_MS : null;
    const id = await insertListing({
      featured: i < featured,
      listedAt: 1_000_000 - i,
      active: isActive,
      activeUntil,
    });
    entries.push({ id, featured: i < featured, active: isActive, activeUntil });
  }
  return entries;
}

const grid = async (now: number, region: "Auckland" | null = null, includeHidden = false) =>
  (
    await loadGridPage(env, {
      region,
      filters: parseFilters(new URLSearchParams()),
      page: 1,
      pages: 4,
      now,
      includeHidden,
    })
  ).cards.map((c) => c.modelId);

describe("the grid's rotation in D1", () => {
  it("matches the rule in every slot checked, Featured first, for the country and a region", async () => {
    const entries = await listings(4, 9);
    for (const slot of [rotationSlot(NOW), rotationSlot(NOW) + 1, rotationSlot(NOW) + 37, rotationSlot(NOW) + 100]) {
      const expected = rotatedOrder(entries, slot).map((e) => e.id);
      expect(await grid(slotStart(slot) + 5_000)).toEqual(expected);
      expect(await grid(slotStart(slot) + 5_000, "Auckland")).toEqual(expected);
    }
    // Over the day the first place passes to every Standard listing.
    const firsts = new Set<string>();
    for (let slot = rotationSlot(NOW); slot < rotationSlot(NOW) + 144; slot += 8)
      firsts.add((await grid(slotStart(slot)))[4]);
    expect(firsts.size).toBe(9);
  });

  it("one slot, one order: the same all through its 10 minutes", async () => {
    await listings(2, 6);
    const slot = rotationSlot(NOW);
    expect(await grid(slotStart(slot))).toEqual(await grid(slotStart(slot + 1) - 1));
  });

  it("lifts a listing just made 'Available now' within its tier, and the lift fades", async () => {
    const slot = rotationSlot(NOW);
    const entries = await listings(2, 10, { index: 11, since: slotStart(slot) - 60_000 });
    const order = await grid(slotStart(slot) + 1);
    expect(order).toEqual(rotatedOrder(entries, slot).map((e) => e.id));
    const plain = rotatedOrder(
      entries.map((e) => ({ ...e, active: false })),
      slot,
    ).map((e) => e.id);
    expect(order.indexOf(entries[11].id)).toBeLessThan(plain.indexOf(entries[11].id));
    expect(order.indexOf(entries[11].id)).toBeGreaterThanOrEqual(2);
    // Three hours on, no lift is left.
    const later = slot + 18;
    expect(await grid(slotStart(later))).toEqual(
      rotatedOrder(
        entries.map((e) => ({ ...e, active: false })),
        later,
      ).map((e) => e.id),
    );
  });

  it("leaves the administrators' grid in the plain order", async () => {
    const entries = await listings(2, 5);
    expect(await grid(NOW, null, true)).toEqual(entries.map((e) => e.id));
  });
});
