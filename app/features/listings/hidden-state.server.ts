// A hidden listing's inputs to the visibility rule, for the owner's (or an administrator's) view of its
// profile: what it waits for, said by owner-steps.ts.
import { and, eq, sql } from "drizzle-orm";
import { isId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import type { HiddenListingState } from "./owner-steps";

const l = schema.listings;

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
