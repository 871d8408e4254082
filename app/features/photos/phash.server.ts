// Perceptual hashes in the Worker (docs/decisions/0057-stolen-photos-caught-at-upload.md): the Images binding
// makes a 128 × 128 PNG thumbnail of the photo as uploaded (before the watermark), fast-png decodes it, and
// phash-crops.ts hashes it. Lookups read D1 by the hash's bands: at 100,000 photos a few dozen rows
// (`npm run bench` measures it).
import { sqlStatement } from "~/platform/data/db.server";
import { bestDistance, hashBands, MATCH_THRESHOLD } from "./phash";
import { fingerprintOfPng, THUMB_SIDE } from "./phash-crops";

export type Fingerprint = { hash: string; lookups: string[] };

/**
 * The photo's hash and its lookup hashes; null when the binding cannot make the thumbnail. `bothWays` also
 * looks for copies cropped from this photo (the backfill of photos saved before hashing, decision 0066).
 */
export async function photoFingerprint(
  images: ImagesBinding,
  file: Blob,
  bothWays = false,
): Promise<Fingerprint | null> {
  try {
    const result = await images
      .input(file.stream())
      .transform({ width: THUMB_SIDE, height: THUMB_SIDE, fit: "squeeze" })
      .output({ format: "image/png" });
    const png = new Uint8Array(await result.response().arrayBuffer());
    return fingerprintOfPng(png, bothWays);
  } catch (error) {
    console.error("photo hash failed", error instanceof Error ? error.message : error);
    return null;
  }
}

/**
 * The WHERE of a band lookup: every band of every lookup hash, as integer literals (computed here, never
 * from input, and many more than D1's 100 bound parameters).
 */
export function bandCondition(lookups: readonly string[], alias: string): string {
  const bands: Set<number>[] = [new Set(), new Set(), new Set()];
  for (const hash of lookups) hashBands(hash).forEach((value, i) => bands[i].add(value));
  return bands.map((values, i) => `${alias}.b${i} IN (${[...values].join(",")})`).join(" OR ");
}

export type PhotoMatch = { imageId: string; listingId: string; distance: number };

type Candidate = { image_id: string; listing_id: string; hash: string };

/** The closest photo of ANOTHER account within the threshold, or null. */
export async function findPhotoMatch(
  env: Pick<Env, "DB">,
  userId: string,
  fingerprint: Fingerprint,
): Promise<PhotoMatch | null> {
  const { results } = await matchLookup(env, userId, fingerprint.lookups).all<Candidate>();
  return closest(results, fingerprint.lookups);
}

/** The candidates' read: other accounts' photos sharing a band with any lookup hash (the bench measures it). */
export function matchLookup(env: Pick<Env, "DB">, userId: string, lookups: readonly string[]) {
  return sqlStatement(
    env.DB,
    `SELECT h.image_id, h.listing_id, h.hash FROM photo_hashes h JOIN listings l ON l.id = h.listing_id
     WHERE (${bandCondition(lookups, "h")}) AND l.user_id <> ?1`,
    [userId],
  );
}

function closest(candidates: Candidate[], lookups: readonly string[]): PhotoMatch | null {
  let best: PhotoMatch | null = null;
  for (const c of candidates) {
    const distance = bestDistance(c.hash, lookups);
    if (distance <= MATCH_THRESHOLD && (!best || distance < best.distance))
      best = { imageId: c.image_id, listingId: c.listing_id, distance };
  }
  return best;
}

/** Whether the photo is one an administrator took down as impersonation. */
export async function isTakenDown(env: Pick<Env, "DB">, fingerprint: Fingerprint): Promise<boolean> {
  const { results } = await sqlStatement(
    env.DB,
    `SELECT t.hash FROM taken_down_hashes t WHERE ${bandCondition(fingerprint.lookups, "t")}`,
  ).all<{ hash: string }>();
  return results.some((r) => bestDistance(r.hash, fingerprint.lookups) <= MATCH_THRESHOLD);
}

export const MATCH_MSG = {
  takenDown:
    "This photo was taken down from another listing as impersonation, so it can’t be used. If it is yours, contact us.",
  hashFailed: "We couldn’t process this photo. Please try a different one.",
} as const;
