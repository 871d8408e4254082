// What the photo verification page offers (docs/decisions/0055-each-photo-verified.md): each of the provider's
// listings with its photos, each photo's check, and whether asking needs new photos of the person.
import { asc, eq } from "drizzle-orm";
import { photoUrl } from "~/core/photo-keys";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { canAskCheck, checkablePhotos, needsSelfies } from "./photo-checks";
import type { PhotoCheckChoice } from "./photo-checks";
import { canRequestPhoto } from "./verification";
import { photoChecksQuery } from "./photo-request.server";

const l = schema.listings;

/** The user's listings with at least one photo, oldest first, as on the dashboard. */
export async function loadPhotoCheckChoices(env: DbEnv, userId: string, now = Date.now()): Promise<PhotoCheckChoice[]> {
  const db = getDb(env);
  const listings = await db
    .select({ id: l.id, firstName: l.firstName, location: l.location, coverKey: l.coverKey })
    .from(l)
    .where(eq(l.userId, userId))
    .orderBy(asc(l.createdAt), asc(l.id));
  if (listings.length === 0) return [];
  const photos = await photoChecksQuery(
    db,
    listings.map((x) => x.id),
  );
  return listings
    .map((x) => {
      const own = photos.filter((p) => p.listingId === x.id);
      return {
        listingId: x.id,
        firstName: x.firstName,
        location: x.location,
        coverUrl: x.coverKey ? photoUrl(x.coverKey) : null,
        imageCount: own.length,
        pending: !canRequestPhoto({ checkable: checkablePhotos(own, now).length }),
        photos: own.map((p) => ({
          imageId: p.imageId,
          url: photoUrl(p.r2Key),
          verifiedAt: p.verifiedAt,
          pending: p.pending,
          askable: canAskCheck(p, now),
          refusal: p.refusal,
        })),
        needsSelfies: needsSelfies(own, now),
      };
    })
    .filter((c) => c.imageCount > 0);
}
