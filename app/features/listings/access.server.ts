import { count, eq } from "drizzle-orm";
import { isId } from "~/platform/data/ids";
import type { SessionUser } from "~/features/accounts/auth.server";
import type { ListingRow } from "../../../drizzle/schema";
import { getDb, rowById, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

export type OwnedListing = Pick<
  ListingRow,
  "id" | "userId" | "live" | "verified" | "photoVerified" | "firstName" | "age" | "location" | "reviewedImageIds"
>;

/**
 * The listing if `user` may manage it (its owner, or an administrator), else null. Callers answer
 * null with 404 on pages (a stranger learns nothing about the id) and 403 on the owner JSON API.
 */
export async function findManageableListing(
  env: DbEnv,
  user: Pick<SessionUser, "id" | "isAdmin">,
  listingId: string,
): Promise<OwnedListing | null> {
  if (!isId(listingId)) return null;
  const l = schema.listings;
  const row = await rowById(
    env,
    l,
    {
      id: l.id,
      userId: l.userId,
      live: l.live,
      verified: l.verified,
      photoVerified: l.photoVerified,
      firstName: l.firstName,
      age: l.age,
      location: l.location,
      reviewedImageIds: l.reviewedImageIds,
    },
    listingId,
  );
  if (!row) return null;
  return row.userId === user.id || user.isAdmin ? row : null;
}

/** How many listings an account holds (the Independent rule, features/listings/rules.ts mayAddListing). */
export async function countListingsOf(env: DbEnv, userId: string): Promise<number> {
  const l = schema.listings;
  const [row] = await getDb(env).select({ n: count() }).from(l).where(eq(l.userId, userId));
  return row?.n ?? 0;
}
