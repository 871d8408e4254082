// What a break and the stale-listing check share: both switch a listing off with a reason of their own,
// bring it back only where the visibility rule allows (app/features/listings/visibility.ts), and tell
// readers once it has changed.
import { writeProfileSnapshot } from "~/features/profile/profile.server";
import { publishProfileUpdate } from "~/platform/realtime/publish.server";
import type { WaitUntil } from "~/platform/request-context";
import type { DbEnv } from "~/platform/data/db.server";
import { findOwnListing } from "./own-listing.server";

export type RelistEnv = Pick<Env, "DB" | "PROFILES" | "ListingsRoom">;

/** After a listing was switched off or back on: the KV snapshot and open pages follow. */
export async function announceChange(
  env: RelistEnv,
  ctx: WaitUntil,
  listingId: string,
  before: { live: boolean; location: string },
  now: number,
): Promise<void> {
  try {
    await writeProfileSnapshot(env, listingId);
  } catch (error) {
    // Readers compare updated_at with D1 before trusting a snapshot: a failed rewrite costs speed only.
    console.error("relist: snapshot rewrite failed", listingId, error);
  }
  publishProfileUpdate(env, ctx, listingId, { public: before.live, region: before.location }, now);
}

/** Why a conditional write on the owner's listing changed nothing: not theirs (403), or not in that state (409). */
export async function refusal(
  env: DbEnv,
  userId: string,
  listingId: string,
  notThatState: string,
  notYours: string,
): Promise<{ ok: false; status: 403 | 409; error: string }> {
  return (await findOwnListing(env, userId, listingId))
    ? { ok: false, status: 409, error: notThatState }
    : { ok: false, status: 403, error: notYours };
}
