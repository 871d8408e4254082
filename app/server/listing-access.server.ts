import { eq } from "drizzle-orm";
import { isId } from "~/lib/ids";
import type { SessionUser } from "./auth.server";
import { getDb, schema } from "./db.server";

export type OwnedListing = {
  id: string;
  userId: string;
  live: boolean;
  verified: boolean;
  photoVerified: boolean;
  firstName: string;
  age: number | null;
  location: string;
  reviewedImageIds: string;
};

/**
 * The listing if `user` may manage it (its owner, or an administrator), else null. Callers answer
 * null with 404 on pages (a stranger learns nothing about the id) and 403 on the owner JSON API.
 */
export async function findManageableListing(
  env: Pick<Env, "DB">,
  user: Pick<SessionUser, "id" | "isAdmin">,
  modelId: string,
): Promise<OwnedListing | null> {
  if (!isId(modelId)) return null;
  const l = schema.listings;
  const [row] = await getDb(env)
    .select({
      id: l.id,
      userId: l.userId,
      live: l.live,
      verified: l.verified,
      photoVerified: l.photoVerified,
      firstName: l.firstName,
      age: l.age,
      location: l.location,
      reviewedImageIds: l.reviewedImageIds,
    })
    .from(l)
    .where(eq(l.id, modelId))
    .limit(1);
  if (!row) return null;
  return row.userId === user.id || user.isAdmin ? row : null;
}
