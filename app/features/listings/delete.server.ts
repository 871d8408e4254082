// Deleting a listing or a whole account: the one place that knows everything a listing leaves behind.
// Providers' privacy depends on it being complete, so every table of drizzle/migrations is accounted for
// here (see the list below), and the owner dashboard, the JSON API and the administrator screens all
// call these two functions.
//
// Order, and why:
//  1. D1 first, in ONE batch (atomic on D1): the listing vanishes from every reader at once, and a failed
//     batch leaves everything as it was, photos included. Child rows are deleted explicitly rather than
//     left to ON DELETE CASCADE, so nothing depends on foreign-key enforcement being on. The photo rows
//     are deleted with RETURNING r2_key, so the keys removed from R2 are exactly the rows deleted in the
//     same atomic step, even if an upload attached a photo a moment before.
//  2. R2 photos, by those keys. Photo URLs are public and never expire from R2 by themselves, so a
//     failure is retried and then logged with the keys for an operator to purge.
//  3. The KV snapshot profile:{id}, so no copy of the profile outlives the listing.
//  4. A profileUpdate broadcast, so open pages drop the listing.
//
// Tables (0001-0005): users, listings, listing_images, listing_rates, listing_special_rates, likes,
// listing_stats (per listing); sessions, password_resets, plan_requests, pending_uploads (photos uploaded
// in the editor but not saved yet, under R2's private "pending/" prefix), dev_outbox (per user, the last
// by e-mail address); facet_ranges (fixed data) and listing_facets (aggregate counts kept by the
// listings triggers, which fire on these deletes). pending_uploads belong to the user, not to a listing,
// so deleting one listing leaves them to the editor that made them (and to its hourly sweep).
// 0006: verification_requests (per listing and user; their ID documents live under R2's private
// "private/verification/" prefix and are deleted with them, RETURNING their keys like the photos) and
// reports (per listing: a reporter's contact details must not outlive the listing). admin_audit is kept:
// the administrators' record of who did what outlives listings and accounts by design, and holds no
// provider's account data (listing id, a short note, the administrator's id).
// 0036: tour_stops (per listing; the foreign key cascades too).
import { eq, inArray } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { auditForListing } from "~/features/audit/audit.server";
import type { AuditEntry } from "~/features/audit/audit.server";
import { isId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { deleteProfileSnapshot } from "~/features/profile/profile.server";
import { scheduleR2Deletes } from "~/features/photos/r2-deletes.server";
import { publicState, publishProfileUpdate } from "~/platform/realtime/publish.server";
import type { SecurityEvent } from "~/features/accounts/security-log";
import { securityEventForRowStatement } from "~/features/accounts/security-log.server";
import type { RequestMeta } from "~/features/accounts/security-log.server";
import type { WaitUntil } from "~/platform/request-context";
import { parseKeyList } from "~/core/photo-keys";

type DeleteEnv = Pick<Env, "DB" | "PHOTOS" | "PROFILES" | "ListingsRoom" | "R2_DELETES">;

export type DeleteOutcome = {
  /** False when there was nothing to delete (unknown or malformed id). */
  deleted: boolean;
  /** Listings removed (one for deleteListing, all of the account's for deleteAccount). */
  listingIds: string[];
  /** R2 objects removed. */
  photosDeleted: number;
};

const l = schema.listings;
const img = schema.listingImages;

const vr = schema.verificationRequests;

/**
 * Deletes one listing and everything that belongs to it. Callers check who may do this first. An
 * administrator's delete passes `audit`: its record is written in the same batch, and only if the
 * listing still existed at that moment.
 */
export async function deleteListing(
  env: DeleteEnv,
  ctx: WaitUntil,
  listingId: string,
  opts: { audit?: AuditEntry; now?: number; meta?: RequestMeta } = {},
): Promise<DeleteOutcome> {
  if (!isId(listingId)) return { deleted: false, listingIds: [], photosDeleted: 0 };
  const db = getDb(env);
  // The owner's security log records the deletion. Place and device only when the owner did it: an
  // administrator's (or the cron's) whereabouts are not the owner's business.
  const meta = opts.meta && !opts.audit ? opts.meta : { place: "", device: "" };
  // Who removed it, so the entry says so: an administrator (with an audit record), the owner (with the
  // request's place), or the retention sweep.
  const event: SecurityEvent = opts.audit
    ? "listing_removed_by_admin"
    : opts.meta
      ? "listing_deleted"
      : "listing_lapsed_deleted";
  const logged = securityEventForRowStatement(
    db,
    l,
    l.userId,
    eq(l.id, listingId),
    event,
    meta,
    opts.now ?? Date.now(),
  );
  // The administrator's record comes right before the listing's DELETE: it copies from the listing's row,
  // so it is written only if this batch finds the listing to remove.
  const audit = opts.audit ? [auditForListing(db, opts.audit, listingId, opts.now ?? Date.now())] : [];
  const results = await db.batch([
    ...listingRowDeletes(db, (column) => eq(column, listingId), eq(vr.listingId, listingId)),
    ...audit,
    logged,
    db.delete(l).where(eq(l.id, listingId)).returning({ id: l.id, live: l.live, location: l.location }),
  ]);
  const [, , , , , photos, documents, , , held] = results;
  const removed = results[results.length - 1] as Removed[];
  const listingIds = removed.map((r) => r.id);
  // The rows are gone: the objects go on the delete queue, which retries until R2 has them all.
  const photosDeleted = await scheduleR2Deletes(
    env,
    [...photos.map((p) => p.key), ...held.map((p) => p.key), ...documents.flatMap((d) => parseKeyList(d.keys))],
    "listing deleted",
  );
  await afterListingsDeleted(env, ctx, removed);
  return { deleted: listingIds.length > 0, listingIds, photosDeleted };
}

/**
 * Deletes an account: every listing of it (as deleteListing does), its unsaved uploads, its sessions (so
 * every device is signed out), reset links, pending e-mail changes, plan requests, the development mailbox's copies of its
 * e-mails, and the user.
 */
export async function deleteAccount(env: DeleteEnv, ctx: WaitUntil, userId: string): Promise<DeleteOutcome> {
  if (!isId(userId)) return { deleted: false, listingIds: [], photosDeleted: 0 };
  const db = getDb(env);
  const [user] = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .limit(1);
  if (!user) return { deleted: false, listingIds: [], photosDeleted: 0 };
  // A subquery rather than a list of ids: an agency may hold more listings than D1 takes parameters.
  const owned = db.select({ id: l.id }).from(l).where(eq(l.userId, userId));
  const [, , , , , photos, documents, , , held, removed, pending] = await db.batch([
    // Requests by user as well as by listing: a request always belongs to both.
    ...listingRowDeletes(db, (listingId) => inArray(listingId, owned), eq(vr.userId, userId)),
    db.delete(l).where(eq(l.userId, userId)).returning({ id: l.id, live: l.live, location: l.location }),
    db
      .delete(schema.pendingUploads)
      .where(eq(schema.pendingUploads.userId, userId))
      .returning({ key: schema.pendingUploads.r2Key }),
    db.delete(schema.sessions).where(eq(schema.sessions.userId, userId)),
    db.delete(schema.passwordResets).where(eq(schema.passwordResets.userId, userId)),
    db.delete(schema.emailChanges).where(eq(schema.emailChanges.userId, userId)),
    db.delete(schema.planRequests).where(eq(schema.planRequests.userId, userId)),
    // Only written in local development, but it holds the address and reset links: it goes too.
    db.delete(schema.devOutbox).where(eq(schema.devOutbox.toAddress, user.email)),
    db.delete(schema.users).where(eq(schema.users.id, userId)),
  ]);
  const listingIds = removed.map((r) => r.id);
  const photosDeleted = await scheduleR2Deletes(
    env,
    [...[...photos, ...held, ...pending].map((p) => p.key), ...documents.flatMap((d) => parseKeyList(d.keys))],
    "account deleted",
  );
  await afterListingsDeleted(env, ctx, removed);
  return { deleted: true, listingIds, photosDeleted };
}

/**
 * Everything that hangs off listings, in the order both deletes batch it: deleting one listing and deleting
 * an account must clear the same tables, so they are listed once. `of` matches the listings' rows by
 * their listing id column; `requests` matches the verification requests. The photo and document rows
 * come back with their R2 keys (results 5 and 6).
 */
function listingRowDeletes(db: Db, of: (listingId: SQLiteColumn) => SQL, requests: SQL) {
  return [
    db.delete(schema.likes).where(of(schema.likes.listingId)),
    db.delete(schema.listingStats).where(of(schema.listingStats.listingId)),
    db.delete(schema.listingRates).where(of(schema.listingRates.listingId)),
    db.delete(schema.listingSpecialRates).where(of(schema.listingSpecialRates.listingId)),
    db.delete(schema.tourStops).where(of(schema.tourStops.listingId)),
    db.delete(img).where(of(img.listingId)).returning({ key: img.r2Key }),
    db.delete(vr).where(requests).returning({ keys: vr.r2Keys }),
    db.delete(schema.reports).where(of(schema.reports.listingId)),
    // The audit log keeps who did what and when, but not the deleted listing's name.
    db.update(schema.adminAudit).set({ detail: "" }).where(of(schema.adminAudit.listingId)),
    // Photos held for review (decision 0057): their bytes go with the listing's (result 9).
    db.delete(schema.heldPhotos).where(of(schema.heldPhotos.listingId)).returning({ key: schema.heldPhotos.r2Key }),
  ] as const;
}

/** A deleted listing as it was: visitors are told only about the ones they could see. */
type Removed = Pick<typeof l.$inferSelect, "id" | "live" | "location">;

async function afterListingsDeleted(env: DeleteEnv, ctx: WaitUntil, removed: Removed[]) {
  for (const { id, ...was } of removed) {
    try {
      await deleteProfileSnapshot(env, id);
    } catch (error) {
      // Readers gate every snapshot on a D1 row that no longer exists, so a leftover copy is never served;
      // its 30-day TTL removes it.
      console.error("delete: KV snapshot delete failed", id, error);
    }
    publishProfileUpdate(env, ctx, id, publicState(was));
  }
}
