// Fair rotation's target: over 24 simulated hours, no two listings in one tier differ by more than 10% in
// their share of first-row positions (app/features/insights/rotation.ts). Measured on the grid's own SQL
// (gridQuery, the order visitors get) over the bench's store, one query per 10-minute slot of a day.
import { withPlatformProxy } from "../platform-proxy.mjs";
import { parseFilters } from "../../app/features/catalogue/filters";
import { gridQuery } from "../../app/features/catalogue/grid.server";
import { rotationSlot, slotStart, SLOTS_PER_DAY } from "../../app/features/insights/rotation";
import { getDb } from "../../app/platform/data/db.server";

type Row = Record<string, string | number>;

/** The widest grid's first row, a phone's first two (FIRST_ROW in app/features/catalogue/ListingCard.tsx). */
const FIRST_ROW = 4;
/** More than the bench's store holds: every live listing of the country, in order. */
const ALL = 10_000;

export type Fairness = { rows: Row[]; spread: number };

/**
 * Every slot of 24 hours from now: the whole grid of all New Zealand in the slot's order, and within each
 * tier (Featured, Standard) which listings hold its first FIRST_ROW places. A listing's share is the
 * first-row places it held; the spread is (most − fewest) ÷ most, per tier.
 */
export async function fairness(persistDir: string): Promise<Fairness> {
  return withPlatformProxy("bench: fair rotation over 24 simulated hours", persistDir, async (env: Env) => {
    const db = getDb(env);
    const filters = parseFilters(new URLSearchParams());
    const held = new Map<string, { featured: boolean; count: number }>();
    const first = rotationSlot(Date.now());
    for (let slot = first; slot < first + SLOTS_PER_DAY; slot++) {
      const grid = await gridQuery(db, { region: null, filters, page: 1, now: slotStart(slot), limit: ALL });
      for (const featured of [true, false]) {
        const tier = grid.filter((c) => Boolean(c.featured) === featured);
        for (const [i, card] of tier.entries()) {
          const entry = held.get(card.id) ?? { featured, count: 0 };
          if (i < FIRST_ROW) entry.count++;
          held.set(card.id, entry);
        }
      }
    }
    const rows: Row[] = [];
    let spread = 0;
    for (const featured of [true, false]) {
      const counts = [...held.values()].filter((h) => h.featured === featured).map((h) => h.count);
      if (counts.length === 0) continue;
      const most = Math.max(...counts);
      const fewest = Math.min(...counts);
      const tierSpread = most > 0 ? (most - fewest) / most : 0;
      spread = Math.max(spread, tierSpread);
      rows.push({
        tier: featured ? "Featured" : "Standard",
        listings: counts.length,
        "slots (10 min)": SLOTS_PER_DAY,
        "first-row places, fewest": fewest,
        "first-row places, most": most,
        "spread %": (tierSpread * 100).toFixed(1),
      });
    }
    return { rows, spread };
  });
}
