// The owner's own listing, found by id only when the signed-in user owns it: the one owner check of every
// owner-only read of a listing (the dashboard's toggles and relisting, billing, insights); the owner's
// listings by name; the budget of owner writes; and a hidden listing's inputs to the visibility rule, for the
// owner's (or an administrator's) view of its profile: what it waits for, said by owner-steps.ts.
import { and, asc, eq, sql } from "drizzle-orm";
import type { HiddenListingState } from "./owner-steps";
import type { ListingState } from "./state";
import { isId } from "~/platform/data/ids";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { overLimit } from "~/platform/http/rate-limit.server";

const l = schema.listings;

export type OwnListing = ListingState &
  Pick<typeof l.$inferSelect, "id" | "userId" | "firstName" | "location" | "paid">;

/**
 * The columns `fields` of listing `listingId` when `userId` owns it, else null (missing, malformed or someone
 * else's). Every owner-only read shares it, so none of them can forget the owner check.
 */
export async function selectOwnListing<T extends SelectedFields>(
  env: DbEnv,
  userId: string,
  listingId: string,
  fields: T,
): Promise<SelectResultFields<T> | null> {
  if (!isId(listingId)) return null;
  // A generic selection leaves drizzle's row type unresolved here; it is the one its callers' fields name.
  const rows = (await getDb(env)
    .select(fields)
    .from(l)
    .where(and(eq(l.id, listingId), eq(l.userId, userId)))
    .limit(1)) as unknown as SelectResultFields<T>[];
  return rows[0] ?? null;
}

/** The listing when `userId` owns it, else null (missing, malformed or someone else's: callers answer 403). */
export function findOwnListing(env: DbEnv, userId: string, listingId: string): Promise<OwnListing | null> {
  return selectOwnListing(env, userId, listingId, {
    id: l.id,
    userId: l.userId,
    firstName: l.firstName,
    location: l.location,
    live: l.live,
    verified: l.verified,
    active: l.active,
    activeUntil: l.activeUntil,
    paid: l.paid,
  });
}

/** The owner's listings as {listingId, firstName}, for the settings screen's delete buttons. */
export async function listOwnListingNames(
  env: DbEnv,
  userId: string,
): Promise<{ listingId: string; firstName: string }[]> {
  return getDb(env)
    .select({ listingId: l.id, firstName: l.firstName })
    .from(l)
    .where(eq(l.userId, userId))
    .orderBy(asc(l.createdAt), asc(l.id));
}

/**
 * Owner writes (toggles, deletes) per account: each toggle broadcasts to every open page, so a script
 * flipping a listing in a loop would flood every visitor. Keyed by user, not address, so providers
 * behind one NAT do not share a budget. A limiter outage lets the write through.
 */
export function ownerWriteLimited(env: Pick<Env, "WRITE_LIMITER">, userId: string): Promise<boolean> {
  return overLimit(env.WRITE_LIMITER, `owner:${userId}`, "open");
}

/** The state of listing `listingId`, or null when it is missing (or not `ownerId`'s, when one is given). */
export async function loadHiddenState(
  env: DbEnv,
  listingId: string,
  ownerId: string | null,
): Promise<HiddenListingState | null> {
  if (!isId(listingId)) return null;
  const [row] = await getDb(env)
    .select({
      verified: l.verified,
      paid: l.paid,
      subscriptionExpired: l.hiddenByExpiry,
      pausedAt: l.pausedAt,
      pausedUntil: l.pausedUntil,
      hiddenAsStale: l.hiddenAsStale,
      switchedOff: l.switchedOff,
      awaitingConsent: l.awaitingConsent,
      agencyHeld: l.agencyHeld,
      numberHeld: l.numberHeld,
      idPending:
        sql<boolean>`exists (select 1 from verification_requests vr where vr.listing_id = ${l.id} and vr.kind = 'id' and vr.status = 'pending')`.mapWith(
          Boolean,
        ),
    })
    .from(l)
    .where(and(eq(l.id, listingId), ownerId ? eq(l.userId, ownerId) : undefined))
    .limit(1);
  return row ?? null;
}
