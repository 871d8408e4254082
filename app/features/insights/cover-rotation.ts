// Cover rotation (docs/decisions/0033-cover-rotation.md): the owner picks up to 3 of the listing's photos and
// the grid shows them as the card's cover in turn, one per 10-minute rotation slot (rotation.ts), so a cached
// page and the photo it shows never disagree. No choice: the first photo is the cover, as always. Pure: the
// SQL in cover-rotation.server.ts computes the same pick, and the insights page shows which cover did best.
import { rate } from "./insights";

export const MAX_COVERS = 3;
/** The form field holding each chosen photo's id, in the order chosen. */
export const COVER_FIELD = "cover";

export const COVER_MSG = {
  tooMany: `Choose at most ${MAX_COVERS} photos to rotate.`,
  unknown: "Choose among this listing's own photos.",
  hidden: "That photo is not shown to visitors on the listing's plan, so it cannot be a cover.",
  listing: "Choose one of your own listings.",
} as const;

/** Which of `n` covers a slot shows: one after another, so each gets every third (or second) slot. */
export function coverIndex(slot: number, n: number): number {
  if (n <= 0) return 0;
  return ((slot % n) + n) % n;
}

/** The cover for `slot` among `choices` (in the owner's order), or null with no choice (the first photo then). */
export function coverForSlot<T>(choices: readonly T[], slot: number): T | null {
  return choices.length ? choices[coverIndex(slot, choices.length)] : null;
}

export type CoverCandidate = { imageId: string; public: boolean };

/**
 * The owner's choice checked against the listing's photos: at most 3 distinct ids of its own photos that
 * visitors can see (a Standard listing hides some: features/photos/plan-photos.ts). None is fine: rotation off.
 */
export function checkCoverChoice(
  chosen: readonly unknown[],
  photos: readonly CoverCandidate[],
): { ok: true; ids: string[] } | { ok: false; error: string } {
  const byId = new Map(photos.map((p) => [p.imageId, p]));
  const ids = [...new Set(chosen.filter((v): v is string => typeof v === "string" && v !== ""))];
  if (ids.length !== chosen.filter((v) => v !== "").length || ids.some((id) => !byId.has(id)))
    return { ok: false, error: COVER_MSG.unknown };
  if (ids.length > MAX_COVERS) return { ok: false, error: COVER_MSG.tooMany };
  if (ids.some((id) => !byId.get(id)!.public)) return { ok: false, error: COVER_MSG.hidden };
  return { ok: true, ids };
}

export type CoverCounts = { photo: string; impressions: number; opens: number };
export type CoverResult = CoverCounts & { rate: number | null; best: boolean };

/**
 * Each chosen cover's views per impression, and the best: the highest rate, only when at least two covers
 * have impressions and one is strictly ahead (a tie names none).
 */
export function coverResults(rows: readonly CoverCounts[]): CoverResult[] {
  const rated = rows.map((r) => ({ ...r, rate: rate(r.opens, r.impressions), best: false }));
  const withRate = rated.filter((r) => r.rate !== null);
  if (withRate.length >= 2) {
    const top = Math.max(...withRate.map((r) => r.rate!));
    const leaders = withRate.filter((r) => r.rate === top);
    if (leaders.length === 1) leaders[0].best = true;
  }
  return rated;
}
