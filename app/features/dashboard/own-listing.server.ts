// The owner's own listing, found by id only when the signed-in user owns it (toggles, relisting).
import { and, eq } from "drizzle-orm";
import { type ListingState } from "~/features/listings/state";
import { isId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";

const l = schema.listings;

export type OwnListing = ListingState &
  Pick<typeof l.$inferSelect, "id" | "userId" | "firstName" | "location" | "paid">;

/** The listing when `userId` owns it, else null (missing, malformed or someone else's: callers answer 403). */
export async function findOwnListing(
  env: Pick<Env, "DB">,
  userId: string,
  modelId: string,
): Promise<OwnListing | null> {
  if (!isId(modelId)) return null;
  const [row] = await getDb(env)
    .select({
      id: l.id,
      userId: l.userId,
      firstName: l.firstName,
      location: l.location,
      live: l.live,
      verified: l.verified,
      active: l.active,
      activeUntil: l.activeUntil,
      paid: l.paid,
    })
    .from(l)
    .where(and(eq(l.id, modelId), eq(l.userId, userId)))
    .limit(1);
  return row ?? null;
}
