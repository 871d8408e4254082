// The administrators' queue of verification requests (spec public-and-admin, the verification queue).
import { asc, eq } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { PendingRequest } from "./pending-request";
import type { DbEnv } from "~/platform/data/db.server";
import { parseKeyList } from "~/core/photo-keys";

const l = schema.listings;
const vr = schema.verificationRequests;

export const QUEUE_LIMIT = 100;

/** Pending requests, oldest first (first come, first served). */
export async function loadPendingRequests(env: DbEnv): Promise<PendingRequest[]> {
  const rows = await getDb(env)
    .select({
      id: vr.id,
      kind: vr.kind,
      listingId: vr.listingId,
      listingName: l.firstName,
      location: l.location,
      listingVerified: l.verified,
      listingPhotoVerified: l.photoVerified,
      accountName: schema.users.firstName,
      createdAt: vr.createdAt,
      r2Keys: vr.r2Keys,
      rereview: vr.rereview,
      changes: vr.changes,
      documentType: vr.documentType,
    })
    .from(vr)
    .innerJoin(l, eq(l.id, vr.listingId))
    .innerJoin(schema.users, eq(schema.users.id, vr.userId))
    .where(eq(vr.status, "pending"))
    .orderBy(asc(vr.createdAt), asc(vr.id))
    .limit(QUEUE_LIMIT);
  return rows.map(({ r2Keys, ...r }) => ({ ...r, fileCount: parseKeyList(r2Keys).length }));
}
