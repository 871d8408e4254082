// Which rotation slot a grid page is read in. The grid's order turns every 10 minutes (features/insights/
// rotation.ts) and its pages are offsets into that order, so the pages after the first carry the slot the
// first one was read in (`?slot=`, in /api/grid and in the 'More listings' links): a visitor who scrolls
// across a turn still sees every listing once, none twice. A slot is honoured only while it is recent, so a
// link cannot hold an order (and whoever was at its top) for longer than a visit's scroll.
// It imports nothing: the browser's grid code reads SLOT_PARAM from here.

/** Slots a grid may keep reading in after it started: 12 (two hours), far longer than a scroll takes. */
export const KEPT_SLOTS = 12;

export const SLOT_PARAM = "slot";

export const INVALID_SLOT = "slot must be a whole number (the slot the grid's first page was read in)";

/** The slot a `?slot=` value names, or "invalid" when it is not a whole number at all. */
export function parseSlotParam(raw: string | null): number | null | "invalid" {
  if (raw === null || raw === "") return null;
  return /^\d{1,12}$/.test(raw) ? Number(raw) : "invalid";
}

/**
 * The slot to read a grid in when `current` is the slot of the clock (rotationSlot): the one asked for while
 * it is one of the last KEPT_SLOTS (a grid being scrolled), else the current one (nothing asked, a slot too
 * old to keep, one still to come). A value that is not a slot at all is the caller's to refuse (the JSON
 * API) or to ignore (a page).
 */
export function gridSlot(asked: number | null, current: number): number {
  if (asked === null || asked > current || asked < current - KEPT_SLOTS) return current;
  return asked;
}
