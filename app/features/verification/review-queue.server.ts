// The administrators' queue of verification requests (spec public-and-admin, the verification queue). A photo
// request comes with what its photos are compared with (docs/decisions/0055-each-photo-verified.md): the
// listing's verified photos and its last ID review.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";
import type { PendingRequest, QueuePhoto } from "./pending-request";
import type { Db } from "~/platform/data/db.server";
import { parseKeyList, photoUrl } from "~/core/photo-keys";
import { parseIdList } from "~/features/listings/reverification.server";
import { photoChecksQuery } from "./photo-request.server";

const l = schema.listings;
const vr = schema.verificationRequests;

export const QUEUE_LIMIT = 100;

/** Pending requests, oldest first (first come, first served): the query, for a batch of the page's own. */
export function pendingRequestsQuery(db: Db) {
  return (
    db
      .select({
        id: vr.id,
        kind: vr.kind,
        listingId: vr.listingId,
        listingName: l.firstName,
        location: l.location,
        listingVerified: l.verified,
        listingPhotoVerified: l.photoVerified,
        reviewedImageIds: l.reviewedImageIds,
        // Named apart from the listing's first_name: a batch's rows come back as objects keyed by column name.
        accountName: sql<string>`${schema.users.firstName}`.as("account_name"),
        createdAt: vr.createdAt,
        r2Keys: vr.r2Keys,
        rereview: vr.rereview,
        changes: vr.changes,
        documentType: vr.documentType,
        imageIds: vr.imageIds,
        fastTrack: vr.fastTrack,
      })
      .from(vr)
      .innerJoin(l, eq(l.id, vr.listingId))
      .innerJoin(schema.users, eq(schema.users.id, vr.userId))
      .where(eq(vr.status, "pending"))
      // New documents after an upheld appeal go first (docs/decisions/0068-upheld-appeal-reopens-the-request.md).
      .orderBy(desc(vr.fastTrack), asc(vr.createdAt), asc(vr.id))
      .limit(QUEUE_LIMIT)
  );
}

/** The queue's rows as the page shows them, each photo request with what its photos are compared with. */
export async function toPendingRequests(
  db: Db,
  rows: Awaited<ReturnType<typeof pendingRequestsQuery>>,
): Promise<PendingRequest[]> {
  const photoListings = [...new Set(rows.filter((r) => r.kind === "photo").map((r) => r.listingId))];
  const { photos, reviews } = await comparisons(db, photoListings);
  return rows.map(({ r2Keys, imageIds, reviewedImageIds, ...r }) => {
    if (r.kind !== "photo") return { ...r, fileCount: parseKeyList(r2Keys).length, ...NO_PHOTOS };
    const own = photos.filter((p) => p.listingId === r.listingId);
    const named = parseIdList(imageIds);
    // A request from before photos were named asked about the photos the listing had when it was sent.
    const asked = (p: (typeof own)[number]) => (named.length ? named.includes(p.imageId) : p.createdAt <= r.createdAt);
    const review = reviews.find((x) => x.listingId === r.listingId);
    const seen = parseIdList(reviewedImageIds);
    return {
      ...r,
      fileCount: parseKeyList(r2Keys).length,
      photosToCheck: own.filter(asked).map(queuePhoto),
      verifiedPhotos: own
        .filter((p) => !asked(p) && p.verifiedAt != null)
        .sort((a, b) => (b.verifiedAt ?? 0) - (a.verifiedAt ?? 0))
        .map(queuePhoto),
      idReview: review
        ? {
            decidedAt: review.decidedAt ?? 0,
            documentType: review.documentType,
            photosSeen: own.filter((p) => seen.includes(p.imageId)).map(queuePhoto),
          }
        : null,
    };
  });
}

const NO_PHOTOS: Pick<PendingRequest, "photosToCheck" | "verifiedPhotos" | "idReview"> = {
  photosToCheck: [],
  verifiedPhotos: [],
  idReview: null,
};

function queuePhoto(p: { imageId: string; r2Key: string; verifiedAt: number | null }): QueuePhoto {
  return { imageId: p.imageId, url: photoUrl(p.r2Key), verifiedAt: p.verifiedAt };
}

/** The photos of these listings and each one's last approved ID review (at most QUEUE_LIMIT listings). */
async function comparisons(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return { photos: [], reviews: [] };
  const [photos, reviews] = await db.batch([
    photoChecksQuery(db, listingIds),
    db
      .select({ listingId: vr.listingId, decidedAt: vr.decidedAt, documentType: vr.documentType })
      .from(vr)
      .where(and(inArray(vr.listingId, listingIds), eq(vr.kind, "id"), eq(vr.status, "approved")))
      .orderBy(desc(vr.decidedAt)),
  ]);
  return { photos, reviews };
}
