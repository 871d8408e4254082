// The dashboard's Active Now and Live toggles on the owner's listing (the page and the JSON API share them).
import type { WaitUntil } from "~/platform/request-context";
import { and, eq, not } from "drizzle-orm";
import { activeChange, liveChange, TOGGLE_ERRORS } from "~/features/listings/state";
import type { ListingState } from "~/features/listings/state";
import { visibilitySet } from "~/features/listings/visibility.server";
import { getDb, schema } from "~/platform/data/db.server";
import { writeProfileSnapshot } from "~/features/profile/profile.server";
import { publicState, publishProfileUpdate } from "~/platform/realtime/publish.server";
import { findOwnListing } from "~/features/listings/own-listing.server";
import { isTakenDown, TAKEN_DOWN_MSG, takenDown } from "~/features/takedowns/standing.server";

const l = schema.listings;

/** What a toggle answers: the listing's flags after the change. */
export type ToggleState = {
  modelId: string;
  live: boolean;
  verified: boolean;
  active: boolean;
  active_until: number | null;
  activeUntil: number | null;
};

export type ToggleResult = { ok: true; state: ToggleState } | { ok: false; status: 403 | 409; error: string };

export const NOT_YOUR_LISTING = "You do not have access to this listing";

type Toggle = "active" | "live";

/**
 * Sets (or, with `desired` undefined, flips) Active Now or Live on the owner's listing. The rules of
 * app/features/listings/state.ts decide the change; the UPDATE repeats the rule in its WHERE clause (live = 1 to go
 * active, verified = 1 to go live), so a request racing an administrator's change cannot break it. Then
 * updated_at moves on (readers stop trusting an older KV snapshot), the snapshot is rewritten or dropped,
 * and open pages are told.
 */
export async function setListingFlag(
  env: Pick<Env, "DB" | "PROFILES" | "ListingsRoom">,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  toggle: Toggle,
  desired: boolean | undefined,
  now = Date.now(),
): Promise<ToggleResult> {
  const listing = await findOwnListing(env, userId, listingId);
  if (!listing) return { ok: false, status: 403, error: NOT_YOUR_LISTING };
  const change = toggle === "active" ? activeChange(listing, desired, now) : liveChange(listing, desired, now);
  if (!change.ok) return { ok: false, status: 409, error: change.error };
  // Public only while paid for; the UPDATE below repeats it, and a trigger backs both.
  if (toggle === "live" && desired !== false && !listing.live && !listing.paid) {
    return { ok: false, status: 409, error: TOGGLE_ERRORS.notPaid };
  }
  // Taken down after a takedown case: not the owner's switch to undo (docs/decisions/0063-takedown-cases.md).
  if (toggle === "live" && desired !== false && !listing.live && (await isTakenDown(env, listingId))) {
    return { ok: false, status: 409, error: TAKEN_DOWN_MSG };
  }

  const next = { ...listing, ...change.next };
  // A toggle that changes nothing writes and tells nobody.
  if (next.live === listing.live && next.active === listing.active && next.activeUntil === listing.activeUntil) {
    return { ok: true, state: toggleState(listingId, next) };
  }
  const guard =
    next.live && toggle === "live"
      ? and(eq(l.verified, true), eq(l.paid, true), not(takenDown(l.id)))
      : next.active
        ? eq(l.live, true)
        : undefined;
  const db = getDb(env);
  const [updated] = await db
    .update(l)
    .set({
      ...(toggle === "live" ? liveSwitch(next.live, now) : { active: next.active, activeUntil: next.activeUntil }),
      updatedAt: now,
    })
    .where(and(eq(l.id, listingId), eq(l.userId, userId), guard))
    .returning({ id: l.id, live: l.live, active: l.active, activeUntil: l.activeUntil });
  if (!updated) {
    // The listing changed between the read and the write (hidden, unverified or deleted meanwhile).
    const fresh = await findOwnListing(env, userId, listingId);
    if (!fresh) return { ok: false, status: 403, error: NOT_YOUR_LISTING };
    const again = toggle === "active" ? activeChange(fresh, desired, now) : liveChange(fresh, desired, now);
    return {
      ok: false,
      status: 409,
      error: again.ok ? "The listing changed meanwhile. Please try again." : again.error,
    };
  }
  await refreshSnapshot(env, listingId);
  publishProfileUpdate(env, ctx, listingId, publicState(listing), now);
  return { ok: true, state: toggleState(listingId, { ...next, ...updated }) };
}

/**
 * The owner's Live switch is their choice to show or hide the listing; whether it is public follows from
 * the visibility rule. Switching it on is also the owner's way back from a break and from the stale-listing
 * check (it says they are still there).
 */
function liveSwitch(on: boolean, now: number) {
  return on
    ? {
        ...visibilitySet({ switchedOff: false, pausedAt: null, hiddenAsStale: false }, now),
        pausedUntil: null,
        confirmedAt: now,
        staleTokenHash: null,
      }
    : visibilitySet({ switchedOff: true }, now);
}

function toggleState(listingId: string, next: ListingState): ToggleState {
  return {
    modelId: listingId,
    live: next.live,
    verified: next.verified,
    active: next.active,
    active_until: next.activeUntil,
    activeUntil: next.activeUntil,
  };
}

/**
 * KV only speeds up public reads, and readers check updated_at against D1 before using a snapshot, so a
 * failed rewrite costs speed, never correctness: log it and let the toggle stand.
 */
async function refreshSnapshot(env: Pick<Env, "DB" | "PROFILES">, listingId: string) {
  try {
    await writeProfileSnapshot(env, listingId);
  } catch (error) {
    console.error("dashboard: snapshot rewrite failed", listingId, error);
  }
}
