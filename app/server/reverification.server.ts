// The writes behind lib/reverification.ts: clearing the photo tick, and opening (or adding to) the listing's
// pending re-review, as statements for the caller's own batch so the change and its effect on the badges
// are one atomic write.
import { newId } from "~/lib/ids";
import type { BadgeEffects } from "~/lib/reverification";

export function parseIdList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/**
 * `baseline`: for a verified listing with no recorded review baseline (verified before baselines existed),
 * the photos before this change become it, so a series of small additions cannot slip past 'most photos'.
 */
export function badgeStatements(
  env: Pick<Env, "DB">,
  listingId: string,
  ownerId: string,
  effects: BadgeEffects,
  now: number,
  baseline?: readonly string[],
): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  if (baseline?.length) {
    out.push(
      env.DB.prepare("UPDATE listings SET reviewed_image_ids = ? WHERE id = ? AND reviewed_image_ids = '[]'").bind(
        JSON.stringify(baseline),
        listingId,
      ),
    );
  }
  if (effects.clearsPhotoTick)
    out.push(env.DB.prepare("UPDATE listings SET photo_verified = 0 WHERE id = ?").bind(listingId));
  if (effects.reReview.length) {
    const changes = effects.reReview.join("; ");
    // One pending re-review per listing (the pending-request index): a later change adds its reasons.
    out.push(
      env.DB.prepare(
        `INSERT INTO verification_requests (id, kind, listing_id, user_id, status, rereview, changes, created_at)
         VALUES (?1, 'id', ?2, ?3, 'pending', 1, ?4, ?5)
         ON CONFLICT (listing_id, kind) WHERE status = 'pending'
         DO UPDATE SET changes = substr(changes || '; ' || excluded.changes, 1, 1000) WHERE rereview = 1`,
      ).bind(newId(), listingId, ownerId, changes, now),
    );
  }
  return out;
}
