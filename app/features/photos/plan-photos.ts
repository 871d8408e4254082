// Photos per plan (docs/decisions/0017-plan-photos-and-featured-grants.md): a Featured listing shows
// up to 20 photos, a Standard one 10. When Featured ends, the owner's choice of 10 stays public (or, with no
// choice, the first 10 by position) and the rest are kept, hidden, until Featured comes back. Pure: the
// server (app/features/photos/plan-photos.server.ts) stores what these decide.
import { PLANS } from "~/core/plans";

/** The editor's label on a photo kept but not shown, as the listing is on the Standard plan. */
export const HIDDEN_PHOTO_LABEL = "Not shown on Standard";

export const KEEP_FIELD = "keep";

export const PLAN_PHOTO_MSG = {
  count: (limit: number, chosen: number) =>
    `Choose exactly ${limit} photos to keep public on the Standard plan (you chose ${chosen}).`,
  unknown: "Choose among this listing's own photos.",
} as const;

export type ChoosablePhoto = { imageId: string; position: number; keptOnStandard: boolean };

/** More photos than Standard shows: scheduling the change to Standard asks which ones stay public. */
export function needsPhotoChoice(photoCount: number): boolean {
  return photoCount > PLANS.standard.maxPhotos;
}

/**
 * The boxes ticked when the question is first shown: the owner's earlier choice when it is a whole one,
 * else the first 10 by position (what applies when nobody chooses).
 */
export function preselectedPhotos(photos: readonly ChoosablePhoto[]): Set<string> {
  const limit = PLANS.standard.maxPhotos;
  const earlier = photos.filter((p) => p.keptOnStandard);
  const pick = earlier.length === limit ? earlier : [...photos].sort((a, b) => a.position - b.position).slice(0, limit);
  return new Set(pick.map((p) => p.imageId));
}

/** The owner's choice, checked against the listing's photos: exactly 10 distinct ids of its own. */
export function checkPhotoChoice(
  chosen: readonly unknown[],
  photoIds: readonly string[],
): { ok: true; ids: string[] } | { ok: false; error: string } {
  const limit = PLANS.standard.maxPhotos;
  const own = new Set(photoIds);
  const ids = [...new Set(chosen.filter((v): v is string => typeof v === "string"))];
  if (ids.length !== chosen.length || ids.some((id) => !own.has(id)))
    return { ok: false, error: PLAN_PHOTO_MSG.unknown };
  if (ids.length !== limit) return { ok: false, error: PLAN_PHOTO_MSG.count(limit, ids.length) };
  return { ok: true, ids };
}

/** Photos a save may leave public: Featured's 20 while the listing is featured, else Standard's 10. */
export function publicPhotoLimit(featured: boolean): number {
  return featured ? PLANS.featured.maxPhotos : PLANS.standard.maxPhotos;
}
