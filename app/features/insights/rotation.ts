// Fair rotation of the grid (docs/decisions/0024-counting-off-the-request-path.md, "Fair rotation"): within each
// tier (Featured above Standard) the order turns every 10 minutes, so over any 24 hours each listing in a tier
// holds the top positions as often as any other. 'Active Now' lifts a listing within its tier, by a boost
// that fades to nothing over 2 hours. Nothing can be bought to move up.
import { ACTIVE_WINDOW_MS } from "~/features/listings/state";

/** The order changes every 10 minutes; the page cache keys on the slot. */
export const ROTATION_SLOT_MS = 10 * 60 * 1000;
/** Slots in a day: over any day each tier turns exactly once. */
export const SLOTS_PER_DAY = (24 * 60 * 60 * 1000) / ROTATION_SLOT_MS;
/** How long the 'Active Now' boost lasts, fading evenly. */
export const BOOST_FADE_MS = 2 * 60 * 60 * 1000;
/** Positions the boost lifts a listing at its start (a phone's first two rows); fewer as it fades. */
export const BOOST_POSITIONS = 4;

/** The 10-minute slot holding `now`. */
export function rotationSlot(now: number): number {
  return Math.floor(now / ROTATION_SLOT_MS);
}

/** When the slot starts: the order of a slot is computed for that moment, so one slot has one order. */
export function slotStart(slot: number): number {
  return slot * ROTATION_SLOT_MS;
}

/**
 * How far a tier of `n` listings has turned at `slot`: floor(slot × n / 144) mod n. Over any 144 consecutive
 * slots (a day) the turn passes every position once, spread evenly, so each listing starts the tier's first
 * row the same number of times, give or take one.
 */
export function rotationOffset(slot: number, n: number): number {
  if (n <= 0) return 0;
  return Math.floor((slot * n) / SLOTS_PER_DAY) % n;
}

/** Where a listing ranked `rank` (0-based, newest first) in a tier of `n` stands after the turn. */
export function rotatedPosition(rank: number, n: number, slot: number): number {
  return (((rank - rotationOffset(slot, n)) % n) + n) % n;
}

/**
 * The 'Active Now' boost in positions at `at`: BOOST_POSITIONS when just switched on, fading evenly to 0
 * after 2 hours. A listing switched on at `activeUntil - ACTIVE_WINDOW_MS` (listings/state.ts sets the window).
 */
export function availableBoost(active: boolean, activeUntil: number | null, at: number): number {
  if (!active || !activeUntil || activeUntil <= at) return 0;
  const since = activeUntil - ACTIVE_WINDOW_MS;
  const elapsed = Math.max(0, at - since);
  return elapsed >= BOOST_FADE_MS ? 0 : BOOST_POSITIONS * (1 - elapsed / BOOST_FADE_MS);
}

export type RotationEntry = { id: string; featured: boolean; active: boolean; activeUntil: number | null };

/**
 * The grid order of `entries` (given newest first, the order of listing) at `slot`: Featured first, then by
 * rotated position less the boost; the id settles ties. The SQL in rotation.server.ts computes the same.
 */
export function rotatedOrder(entries: RotationEntry[], slot: number): RotationEntry[] {
  const at = slotStart(slot);
  const keyed = [true, false].flatMap((featured) => {
    const tier = entries.filter((e) => e.featured === featured);
    return tier.map((e, rank) => ({
      e,
      key: rotatedPosition(rank, tier.length, slot) - availableBoost(e.active, e.activeUntil, at),
    }));
  });
  return keyed
    .sort(
      (a, b) =>
        Number(b.e.featured) - Number(a.e.featured) ||
        a.key - b.key ||
        (a.e.id < b.e.id ? 1 : a.e.id > b.e.id ? -1 : 0),
    )
    .map((k) => k.e);
}

/** The rule in plain words, for the plans page and the FAQ (one text, so the two never disagree). */
export const FAIR_ORDER_TEXT = [
  "Featured listings always come before Standard ones. Within each plan, the order turns every 10 minutes, so over a day every listing gets the top places as often as every other listing on the same plan.",
  "Switching on 'Active Now' moves your listing up a few places within its plan; the lift fades away over 2 hours. There is no way to pay to jump the queue, and nobody can buy a bump.",
  "Agency listings take their turns like everyone else's: each is one listing in its plan, whether an independent or an agency placed it, and an agency's own page adds no extra places to the grids.",
] as const;
