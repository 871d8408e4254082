// Which of a provider's listings may be put forward for verification, and the facts those checks read.
import { and, asc, eq, sql } from "drizzle-orm";
import { photoUrl } from "~/core/photo-keys";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import type { ListingRow } from "../../../drizzle/schema";
import { canRequestId } from "./verification";

const l = schema.listings;
const vr = schema.verificationRequests;

export type VerificationChoice = {
  listingId: string;
  firstName: string;
  location: string;
  coverUrl: string | null;
  imageCount: number;
  /** A request of this kind is already waiting for review. */
  pending: boolean;
};

export type ListingFacts = Pick<
  ListingRow,
  "id" | "userId" | "firstName" | "location" | "verified" | "photoVerified" | "coverKey"
> & { imageCount: number };

// Spelled out in full: drizzle leaves the table name off columns of a one-table select, and a bare "id"
// inside this subquery would mean listing_images.id.
const imageCountSql =
  sql<number>`(SELECT COUNT(*) FROM listing_images WHERE listing_images.listing_id = listings.id)`.mapWith(Number);

export function factsQuery(db: Db) {
  return db
    .select({
      id: l.id,
      userId: l.userId,
      firstName: l.firstName,
      location: l.location,
      verified: l.verified,
      photoVerified: l.photoVerified,
      coverKey: l.coverKey,
      imageCount: imageCountSql,
    })
    .from(l);
}

/**
 * The user's listings that may be put forward for an ID check: the unverified ones, oldest first, as on the
 * dashboard. (Photo checks choose photos: photo-choices.server.ts.)
 */
export async function loadVerificationChoices(env: DbEnv, userId: string): Promise<VerificationChoice[]> {
  const kind = "id";
  const db = getDb(env);
  const [rows, pending] = await db.batch([
    factsQuery(db).where(eq(l.userId, userId)).orderBy(asc(l.createdAt), asc(l.id)),
    db
      .select({ listingId: vr.listingId })
      .from(vr)
      .where(and(eq(vr.userId, userId), eq(vr.kind, kind), eq(vr.status, "pending"))),
  ]);
  const waiting = new Set(pending.map((p) => p.listingId));
  return rows
    .filter((r) => canRequestId(r))
    .map((r) => ({
      listingId: r.id,
      firstName: r.firstName,
      location: r.location,
      coverUrl: r.coverKey ? photoUrl(r.coverKey) : null,
      imageCount: r.imageCount,
      pending: waiting.has(r.id),
    }));
}
