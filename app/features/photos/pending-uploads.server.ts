// Photos sent from the editor one at a time (POST /api/uploads), kept private until their listing is
// saved. A Worker request cannot hold 20 photos of 10 MB within its 128 MB, so each file travels and is
// processed on its own; the save then names the uploads by id.
//
// Lifetime: processed at once, stored under "pending/" (no URL serves that prefix) with a D1 row. A save
// copies the object to "listing/", and deletes the row in the same D1 batch as the listing's rows and the
// pending object after it. Anything older than an hour is swept: on the owner's next upload or save, and
// by the cron every 30 minutes (which also removes objects whose row is gone). An upload the editor's draft
// names is kept until the draft expires instead (kept_until, draft-photos.server.ts and
// docs/decisions/0025-drafts-kept-with-their-photos.md).
import { and, eq, gte, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";

const pu = schema.pendingUploads;

export const PENDING_PREFIX = "pending/";
export const PENDING_TTL_MS = 60 * 60 * 1000;
/** A save only takes uploads younger than this, so a sweep can never remove one while it is being saved. */
export const CLAIM_WINDOW_MS = PENDING_TTL_MS - 5 * 60 * 1000;
/** The same margin for a kept upload: a save takes it only while it has this long still to live. */
export const CLAIM_MARGIN_MS = PENDING_TTL_MS - CLAIM_WINDOW_MS;
/** Unsaved photos one provider may have waiting at once. */
export const MAX_PENDING_PER_USER = 60;
const SWEEP_BATCH = 100;

export const UPLOAD_MSG = {
  tooManyPending: "Too many photos are waiting to be saved. Save your listing first, or try again in an hour.",
} as const;

export type PendingUpload = typeof pu.$inferSelect;

export function pendingKey(): string {
  return `${PENDING_PREFIX}${newId(24)}.webp`;
}

/** Whether a row is still usable at `now` (not about to be swept): young enough, or kept by a draft. */
export const claimable = (now: number) =>
  or(gte(pu.createdAt, now - CLAIM_WINDOW_MS), gte(pu.keptUntil, now + CLAIM_MARGIN_MS));

/** The uploads a save may use: the user's own, not about to be swept. Missing ids are simply absent. */
export async function findClaimableUploads(
  env: DbEnv,
  userId: string,
  ids: string[],
  now = Date.now(),
): Promise<PendingUpload[]> {
  if (ids.length === 0) return [];
  return getDb(env)
    .select()
    .from(pu)
    .where(and(eq(pu.userId, userId), claimable(now), inArray(pu.id, ids)));
}

/** The statement a save's batch runs to use up an upload (so it cannot be saved twice). */
export function claimStatement(db: Db, userId: string, uploadId: string) {
  return db.delete(pu).where(and(eq(pu.id, uploadId), eq(pu.userId, userId)));
}

/**
 * Removes stale uploads (rows and objects): older than the hour and kept by no draft, or kept past their
 * draft's end. One user's (after their upload or save) or everyone's (the cron). Answers how many rows went.
 */
export async function sweepPendingUploads(
  env: Pick<Env, "DB" | "PHOTOS">,
  opts: { now?: number; userId?: string; maxBatches?: number } = {},
): Promise<number> {
  const now = opts.now ?? Date.now();
  const cutoff = now - PENDING_TTL_MS;
  const expired = or(
    and(isNull(pu.keptUntil), lt(pu.createdAt, cutoff)),
    and(isNotNull(pu.keptUntil), lt(pu.keptUntil, now)),
  );
  let removed = 0;
  const db = getDb(env);
  for (let batch = 0; batch < (opts.maxBatches ?? 10); batch++) {
    const stale = db
      .select({ id: pu.id })
      .from(pu)
      .where(and(opts.userId ? eq(pu.userId, opts.userId) : undefined, expired))
      .limit(SWEEP_BATCH);
    const results = await db.delete(pu).where(inArray(pu.id, stale)).returning({ r2Key: pu.r2Key });
    if (results.length) await env.PHOTOS.delete(results.map((r) => r.r2Key));
    removed += results.length;
    if (results.length < SWEEP_BATCH) break;
  }
  return removed;
}

/**
 * Objects under "pending/" older than the hour, whatever D1 says (a row lost with its user's account, or
 * an object whose row was never written), except those a draft still keeps. Answers how many objects went.
 */
export async function sweepOrphanObjects(
  env: Pick<Env, "DB" | "PHOTOS">,
  now = Date.now(),
  maxPages = 10,
): Promise<number> {
  const cutoff = now - PENDING_TTL_MS;
  let cursor: string | undefined;
  let removed = 0;
  for (let page = 0; page < maxPages; page++) {
    const listing = await env.PHOTOS.list({ prefix: PENDING_PREFIX, cursor, limit: 1000 });
    const old = listing.objects.filter((o) => o.uploaded.getTime() < cutoff).map((o) => o.key);
    const kept = await keptKeys(env, old, now);
    const stale = old.filter((key) => !kept.has(key));
    if (stale.length) await env.PHOTOS.delete(stale);
    removed += stale.length;
    if (!listing.truncated) break;
    cursor = listing.cursor;
  }
  return removed;
}

/** Which of these object keys a draft still keeps (D1 binds at most 100 parameters a statement). */
async function keptKeys(env: DbEnv, keys: string[], now: number): Promise<Set<string>> {
  const kept = new Set<string>();
  const db = getDb(env);
  for (let i = 0; i < keys.length; i += 90) {
    const rows = await db
      .select({ r2Key: pu.r2Key })
      .from(pu)
      .where(and(inArray(pu.r2Key, keys.slice(i, i + 90)), gte(pu.keptUntil, now)));
    for (const row of rows) kept.add(row.r2Key);
  }
  return kept;
}

/** The Cron Trigger's work (wrangler.toml [triggers]). */
export async function scheduledSweep(
  env: Pick<Env, "DB" | "PHOTOS">,
  now = Date.now(),
): Promise<{ rows: number; objects: number }> {
  const rows = await sweepPendingUploads(env, { now });
  const objects = await sweepOrphanObjects(env, now);
  return { rows, objects };
}
