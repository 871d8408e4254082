// What a break and the stale-listing check share (issue 16): both switch a listing off with a reason of
// their own, bring it back only where it may be public, and tell readers once it has changed.
import { sql } from "drizzle-orm";
import { schema } from "./db.server";
import { findOwnListing } from "./dashboard.server";
import { writeProfileSnapshot } from "./profile.server";
import { publishProfileUpdate } from "./realtime.server";

type Ctx = { waitUntil(promise: Promise<unknown>): void };
export type RelistEnv = Pick<Env, "DB" | "PROFILES" | "ListingsRoom">;

const l = schema.listings;

/**
 * `live` for a listing coming back: on only while verified and paid (the trigger listings_live_needs_plan
 * refuses live on an unpaid listing, so the condition rides inside the write).
 */
export const liveIfAllowed = sql`CASE WHEN ${l.verified} = 1 AND ${l.paid} = 1 THEN 1 ELSE 0 END`;

/** After a listing was switched off or back on: the KV snapshot and open pages follow. */
export async function announceChange(
  env: RelistEnv,
  ctx: Ctx,
  modelId: string,
  before: { live: boolean; location: string },
  now: number,
): Promise<void> {
  try {
    await writeProfileSnapshot(env, modelId);
  } catch (error) {
    // Readers compare updated_at with D1 before trusting a snapshot: a failed rewrite costs speed only.
    console.error("relist: snapshot rewrite failed", modelId, error);
  }
  publishProfileUpdate(env, ctx, modelId, { public: before.live, region: before.location }, now);
}

/** Why a conditional write on the owner's listing changed nothing: not theirs (403), or not in that state (409). */
export async function refusal(
  env: Pick<Env, "DB">,
  userId: string,
  modelId: string,
  notThatState: string,
  notYours: string,
): Promise<{ ok: false; status: 403 | 409; error: string }> {
  return (await findOwnListing(env, userId, modelId))
    ? { ok: false, status: 409, error: notThatState }
    : { ok: false, status: 403, error: notYours };
}
