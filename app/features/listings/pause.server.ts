// 'Take a break' (decision 0018). Pausing switches live off with the break's dates in the
// same statement, so everything that follows a hide (region counts, the page cache's versions, realtime,
// the KV snapshot) follows a pause too, and visitors see no badge: the listing is simply not listed. The
// break ends by itself on the cron (every 30 minutes), or when the owner resumes; either way live comes
// back on only where the visibility rule allows (app/features/listings/visibility.ts).
import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { PAUSE_UNTIL_FIELD, pauseEnd } from "./upkeep";
import { nzDate } from "~/platform/time/nz-time";
import { getDb, schema } from "~/platform/data/db.server";
import { visibilitySet } from "./visibility.server";
import { announceChange, refusal } from "./relist.server";
import type { RelistEnv } from "./relist.server";
import type { WaitUntil } from "~/platform/request-context";

const l = schema.listings;

export const PAUSE_ERRORS = {
  notYours: "That listing is not yours.",
  notListed: "Only a listing that is live can take a break.",
  notPaused: "This listing is not on a break.",
} as const;

export type PauseResult = { ok: true } | { ok: false; status: number; error: string; field?: string };

/**
 * Pauses the owner's live listing until the NZ date typed (the break ends at that date's midnight), or
 * until resumed when the date is empty. A bad date is refused beside the field and changes nothing.
 */
export async function pauseListing(
  env: RelistEnv,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  untilInput: string,
  now = Date.now(),
): Promise<PauseResult> {
  const end = pauseEnd(untilInput, nzDate(now));
  if (!end.ok) return { ok: false, status: 400, error: end.error, field: PAUSE_UNTIL_FIELD };
  return switchBreak(env, ctx, userId, listingId, now, {
    set: { ...visibilitySet({ pausedAt: now }, now), pausedUntil: end.until, updatedAt: now },
    when: eq(l.live, true),
    refused: PAUSE_ERRORS.notListed,
    wasLive: true,
  });
}

/** Ends the owner's break now. */
export async function resumeListing(
  env: RelistEnv,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  now = Date.now(),
): Promise<PauseResult> {
  return switchBreak(env, ctx, userId, listingId, now, {
    set: breakOver(now),
    when: isNotNull(l.pausedAt),
    refused: PAUSE_ERRORS.notPaused,
    wasLive: false,
  });
}

/** The cron's part: every break whose end has come is over. Answers how many listings it resumed. */
export async function resumeDuePauses(env: RelistEnv, ctx: WaitUntil, now = Date.now()): Promise<number> {
  const resumed = await getDb(env)
    .update(l)
    .set(breakOver(now))
    .where(and(isNotNull(l.pausedAt), isNotNull(l.pausedUntil), lte(l.pausedUntil, now)))
    .returning({ id: l.id, location: l.location });
  for (const r of resumed) await announceChange(env, ctx, r.id, { live: false, location: r.location }, now);
  return resumed.length;
}

/** The columns a break's end sets, whether the owner resumes or the cron does. */
function breakOver(now: number) {
  return { ...visibilitySet({ pausedAt: null }, now), pausedUntil: null, updatedAt: now };
}

/**
 * Starts or ends the owner's break in one guarded update: only the owner's listing, and only when `when`
 * holds (live to pause, paused to resume). A refusal says which of the two failed; a change is announced
 * like any other change of visibility.
 */
async function switchBreak(
  env: RelistEnv,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  now: number,
  change: { set: SQLiteUpdateSetSource<typeof l>; when: SQL; refused: string; wasLive: boolean },
): Promise<PauseResult> {
  const [updated] = await getDb(env)
    .update(l)
    .set(change.set)
    .where(and(eq(l.id, listingId), eq(l.userId, userId), change.when))
    .returning({ location: l.location });
  if (!updated) return refusal(env, userId, listingId, change.refused, PAUSE_ERRORS.notYours);
  await announceChange(env, ctx, listingId, { live: change.wasLive, location: updated.location }, now);
  return { ok: true };
}
