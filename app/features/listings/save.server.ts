// Saving a listing from the editor (POST /api/profiles, PUT /api/profile) and deleting one of its saved
// photos (DELETE /api/profile/images/{id}).
//
// A save checks everything first (owner, country, the Independent rule, every field, every photo), then
// writes photo bytes to R2, then writes all of the listing's D1 rows in ONE batch, which D1 runs as a
// transaction: the listing row, its images, rates, special rates and tour stops, the uploads it used up, and
// the cover columns. A failed batch leaves D1 as it was and its new R2 objects are removed again, so there is
// never a half-written listing. Afterwards the KV snapshot is rewritten and open pages are told.
import { and, asc, eq, exists, ne, notExists, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isId, newId } from "~/platform/data/ids";
import type { ListingBody } from "./body";
import { flatRates, LISTING_RULE_MSG, mayAddListing, mayCreateListingFrom, orderImages } from "./rules";
import { validateListing, type FieldErrors, type ParsedListing } from "./schema";
import { PUBLIC_PHOTO_PREFIX } from "~/features/photos/keys";
import { MAX_BATCH, MAX_PHOTOS, PHOTO_MSG } from "~/features/photos/rules";
import { PLANS } from "~/features/billing/plans";
import { publicPhotoLimit } from "~/features/photos/plan-photos";
import type { Profile } from "~/features/profile/profile";
import { auditForListing, auditInsert, CHANGED } from "~/features/moderation/audit.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { getDb, insertWhere, schema, type Db, type RowOf } from "~/platform/data/db.server";
import { countListingsOf, findManageableListing } from "./access.server";
import { processPhoto, type ProcessedPhoto } from "~/features/photos/pipeline.server";
import { coverStatement } from "~/features/photos/plan-photos.server";
import { buildProfileFromD1, storedTourStops, writeProfileSnapshot } from "~/features/profile/profile.server";
import { nzDate } from "~/platform/time/nz-time";
import type { TourStop } from "./tour-stops";
import { badgeEffects, type BadgeBaseline } from "~/features/verification/reverification";
import { scheduleR2Deletes } from "~/features/photos/r2-deletes.server";
import { badgeStatements, parseIdList } from "~/features/verification/reverification.server";
import { publicState, publishProfileUpdate } from "~/platform/realtime/publish.server";
import type { PublicState } from "~/platform/realtime/protocol";
import {
  claimStatement,
  findClaimableUploads,
  sweepPendingUploads,
  type PendingUpload,
} from "~/features/photos/pending-uploads.server";
import type { WaitUntil } from "~/platform/request-context";

/** The whole multipart body of a save, files included (photos normally come through /api/uploads). */
export const MAX_SAVE_BYTES = 40 * 1024 * 1024;

export type SaveRequest = {
  env: Env;
  ctx: WaitUntil;
  user: Pick<SessionUser, "id" | "agency" | "isAdmin">;
  /** request.cf.country, when Cloudflare supplied one. */
  country: string | null | undefined;
  body: ListingBody;
  now?: number;
};

export type SaveFailure = {
  ok: false;
  status: number;
  body: { error: string; fieldErrors?: FieldErrors; page?: number };
};
export type SaveSuccess = {
  ok: true;
  status: 200 | 201;
  profile: Profile;
  /** D1 statements run before the answer (reads, the write batch, the answer's profile read). */
  statements: number;
  /** Statements in the atomic write batch. */
  batchStatements: number;
};
export type SaveOutcome = SaveSuccess | SaveFailure;

const failure = (
  status: number,
  error: string,
  extra: { fieldErrors?: FieldErrors; page?: number } = {},
): SaveFailure => ({
  ok: false,
  status,
  body: { error, ...extra },
});
const photoFailure = (status: number, message: string) =>
  failure(status, message, { fieldErrors: { images: message }, page: 1 });

const l = schema.listings;
const img = schema.listingImages;

type ExistingImage = Pick<typeof img.$inferSelect, "id" | "r2Key" | "position" | "width" | "height" | "public">;
type Planned =
  | { kind: "saved"; image: ExistingImage; requested: number | null; previous: number }
  | { kind: "upload"; upload: PendingUpload; requested: number | null; previous: number }
  | { kind: "file"; index: number; requested: number | null; previous: number };

/** Counts every D1 statement a save runs before answering (reported by the bench, never needed to work). */
class StatementCount {
  n = 0;
  add(k = 1) {
    this.n += k;
  }
}

export async function saveListing(req: SaveRequest, mode: "create" | "update"): Promise<SaveOutcome> {
  const { env, user, body } = req;
  const now = req.now ?? Date.now();
  const count = new StatementCount();
  const db = getDb(env);

  // 1. Who and where.
  let listingId: string;
  let ownerId: string;
  let existing: ExistingImage[] = [];
  // What visitors could see before this save (a new listing: nothing), for the realtime event; and what the
  // badges were given for, to tell what this save does to them.
  let before: PublicState | null = null;
  let badges: BadgeBaseline | null = null;
  // The stops saved before: one already under way may keep its start date in the past.
  let savedTours: TourStop[] = [];
  if (mode === "create") {
    if (!mayCreateListingFrom(req.country, env.APP_ENV)) return failure(403, LISTING_RULE_MSG.outsideNz);
    count.add();
    if (!mayAddListing(user.agency, await countListingsOf(env, user.id)))
      return failure(409, LISTING_RULE_MSG.independentLimit);
    listingId = newId();
    ownerId = user.id;
  } else {
    if (!body.modelId) return failure(400, "modelId is required");
    count.add();
    const listing = await findManageableListing(env, { id: user.id, isAdmin: user.isAdmin }, body.modelId);
    // The same 403 whether the listing is someone else's or does not exist: ids cannot be probed.
    if (!listing) return failure(403, LISTING_RULE_MSG.notOwner);
    listingId = listing.id;
    ownerId = listing.userId;
    before = publicState(listing);
    count.add(2);
    const [images, tours] = await db.batch([
      db
        .select({
          id: img.id,
          r2Key: img.r2Key,
          position: img.position,
          width: img.width,
          height: img.height,
          public: img.public,
        })
        .from(img)
        .where(eq(img.listingId, listingId))
        .orderBy(asc(img.position), asc(img.createdAt)),
      db.select().from(schema.tourStops).where(eq(schema.tourStops.listingId, listingId)),
    ]);
    existing = images;
    savedTours = storedTourStops(tours);
    badges = {
      verified: listing.verified,
      photoVerified: listing.photoVerified,
      firstName: listing.firstName,
      age: listing.age,
      imageIds: existing.map((i) => i.id),
      reviewedImageIds: parseIdList(listing.reviewedImageIds),
    };
  }

  // 2. The photo plan: saved photos kept, uploads named by id, files in the body.
  if (body.files.length > MAX_BATCH) return photoFailure(400, PHOTO_MSG.batchTooLarge);
  if (body.newImagePositions.length && body.newImagePositions.length !== body.files.length) {
    return photoFailure(400, LISTING_RULE_MSG.positionsMismatch);
  }
  const requestedSaved = new Map<string, number>();
  for (const p of body.imagePositions) if (!requestedSaved.has(p.imageId)) requestedSaved.set(p.imageId, p.position);
  const existingIds = new Set(existing.map((i) => i.id));
  if ([...requestedSaved.keys()].some((id) => !existingIds.has(id)))
    return photoFailure(400, LISTING_RULE_MSG.imagesUnknown);
  const requestedUploads = new Map<string, number>();
  for (const u of body.uploadIds) if (!requestedUploads.has(u.uploadId)) requestedUploads.set(u.uploadId, u.position);
  if (requestedUploads.size > MAX_PHOTOS) return photoFailure(400, PHOTO_MSG.tooMany);
  let uploads: PendingUpload[] = [];
  if (requestedUploads.size) {
    count.add();
    uploads = await findClaimableUploads(env, user.id, [...requestedUploads.keys()], now);
    if (uploads.length !== requestedUploads.size) return photoFailure(400, LISTING_RULE_MSG.uploadsMissing);
  }
  const added = uploads.length + body.files.length;
  const photoCount = existing.length + added;
  // The plan's photo limit (docs/billing.md): 20 public photos while featured, else Standard's 10. New photos are
  // public; those kept but not shown after a change to Standard (decision 0017) do not count, and only a save
  // that adds photos is held to it, so a listing over the limit after a change of plan can still be edited.
  const publicCount = existing.filter((i) => i.public).length + added;
  if (added > 0 && publicCount > PLANS.standard.maxPhotos) {
    count.add();
    const limit = await photoLimitOf(env, mode === "create" ? null : listingId);
    if (publicCount > limit) return photoFailure(400, planPhotoLimitText(limit));
  }

  // 3. Every field, with the page to show. Tour stops against today's NZ date by the request's clock.
  const checked = validateListing(body.values, photoCount, { today: nzDate(now), saved: savedTours });
  if (!checked.ok) return failure(400, checked.error, { fieldErrors: checked.fieldErrors, page: checked.page });
  const data = checked.data;

  // 4. Photos in the body go through the same processing as uploads.
  const processed: ProcessedPhoto[] = [];
  for (const file of body.files) {
    const result = await processPhoto(env.IMAGES, file);
    if (!result.ok) return photoFailure(result.problem === "size" ? 413 : 400, result.message);
    processed.push(result.photo);
  }

  const planned: Planned[] = [
    ...existing.map((image): Planned => ({
      kind: "saved",
      image,
      requested: requestedSaved.get(image.id) ?? null,
      previous: image.position,
    })),
    ...uploads.map((upload, i): Planned => ({
      kind: "upload",
      upload,
      requested: requestedUploads.get(upload.id) ?? null,
      previous: 10_000 + i,
    })),
    ...body.files.map((_, index): Planned => ({
      kind: "file",
      index,
      requested: body.newImagePositions[index] ?? null,
      previous: 20_000 + index,
    })),
  ];
  const ordered = orderImages(planned);

  // 5. Bytes first: new objects under random public keys. Nothing points at them until the batch commits.
  const newKeys: string[] = [];
  const pendingKeys: string[] = [];
  type Row = { id: string; r2Key: string; width: number; height: number; position: number; isNew: boolean };
  const rows: Row[] = [];
  try {
    for (const item of ordered) {
      if (item.kind === "saved") {
        const { public: _shown, ...image } = item.image;
        rows.push({ ...image, position: item.position, isNew: false });
        continue;
      }
      const key = `${PUBLIC_PHOTO_PREFIX}${newId(24)}.webp`;
      if (item.kind === "upload") {
        const object = await env.PHOTOS.get(item.upload.r2Key);
        if (!object) {
          await removeObjects(env, newKeys);
          return photoFailure(400, LISTING_RULE_MSG.uploadsMissing);
        }
        await env.PHOTOS.put(key, await object.arrayBuffer(), { httpMetadata: { contentType: "image/webp" } });
        pendingKeys.push(item.upload.r2Key);
        newKeys.push(key);
        rows.push({
          id: newId(),
          r2Key: key,
          width: item.upload.width,
          height: item.upload.height,
          position: item.position,
          isNew: true,
        });
      } else {
        const photo = processed[item.index];
        await env.PHOTOS.put(key, photo.bytes, { httpMetadata: { contentType: "image/webp" } });
        newKeys.push(key);
        rows.push({
          id: newId(),
          r2Key: key,
          width: photo.width,
          height: photo.height,
          position: item.position,
          isNew: true,
        });
      }
    }
  } catch (error) {
    await removeObjects(env, newKeys);
    throw error;
  }

  // 6. One atomic batch. The listing's own write comes first: the update's row count tells a listing
  // deleted meanwhile.
  const listingWrite =
    mode === "create"
      ? insertListing(db, listingId, ownerId, data, now)
      : updateListing(db, listingId, ownerId, data, now);
  const statements: BatchItem<"sqlite">[] = [];
  for (const row of rows) {
    statements.push(
      row.isNew
        ? db.insert(img).values({
            id: row.id,
            listingId,
            r2Key: row.r2Key,
            position: row.position,
            width: row.width,
            height: row.height,
            createdAt: now,
          })
        : db
            .update(img)
            .set({ position: row.position })
            .where(and(eq(img.id, row.id), eq(img.listingId, listingId))),
    );
  }
  if (mode === "update") {
    statements.push(db.delete(schema.listingRates).where(eq(schema.listingRates.listingId, listingId)));
    statements.push(db.delete(schema.listingSpecialRates).where(eq(schema.listingSpecialRates.listingId, listingId)));
    statements.push(db.delete(schema.tourStops).where(eq(schema.tourStops.listingId, listingId)));
  }
  data.tours.forEach((stop, i) => {
    statements.push(
      db.insert(schema.tourStops).values({
        listingId,
        position: i + 1,
        region: stop.region,
        suburb: stop.suburb,
        startDate: stop.start,
        endDate: stop.end,
      }),
    );
  });
  for (const rate of data.rates) {
    statements.push(
      db.insert(schema.listingRates).values({
        id: newId(),
        listingId,
        callType: rate.callType,
        duration: rate.duration,
        price: rate.priceCents,
        description: rate.description,
      }),
    );
  }
  data.specialRates.forEach((s, i) => {
    statements.push(
      db.insert(schema.listingSpecialRates).values({
        id: newId(),
        listingId,
        serviceName: s.serviceName,
        duration: s.duration,
        rate: s.rateCents,
        description: s.description,
        position: i + 1,
      }),
    );
  });
  for (const upload of uploads) statements.push(claimStatement(db, user.id, upload.id));
  statements.push(coverStatement(db, listingId));
  // Verification means what it says: changed photos lose the tick; a new name, age or most photos on an
  // ID-verified listing go back to the administrators (decision 0007). In the same batch as the save.
  if (badges) {
    const effects = badgeEffects(badges, {
      firstName: data.firstName,
      age: data.age ?? null,
      imageIds: rows.map((r) => r.id),
    });
    const baseline = badges.verified && !badges.reviewedImageIds.length ? badges.imageIds : undefined;
    statements.push(...badgeStatements(db, listingId, ownerId, effects, now, baseline));
  }
  // An administrator's save of someone else's listing is on the audit log, in the same batch as the save,
  // and written only while the listing exists, so a save that finds it gone records nothing.
  if (mode === "update" && ownerId !== user.id) {
    const removed = existing.filter((i) => !requestedSaved.has(i.id)).length;
    const added = uploads.length + body.files.length;
    const detail = `Photos: ${removed} removed, ${added} added`;
    statements.push(auditForListing(db, { adminId: user.id, action: "edit_listing", detail }, listingId, now));
  }

  const batchStatements = 1 + statements.length;
  try {
    count.add(batchStatements);
    const [written] = await db.batch([listingWrite, ...statements]);
    // An update that matched no row (the listing was deleted meanwhile) wrote nothing that matters: undo.
    if (mode === "update" && written.meta.changes === 0) throw new ListingGoneError();
  } catch (error) {
    await removeObjects(env, newKeys);
    if (error instanceof ListingGoneError) return failure(404, LISTING_RULE_MSG.notFound);
    if (mode === "create") {
      // The batch's first statement only inserts when the Independent rule allows it; the image rows then
      // fail their foreign key and the whole batch rolls back. Tell that case apart from a real fault.
      if (!mayAddListing(user.agency, await countListingsOf(env, user.id)))
        return failure(409, LISTING_RULE_MSG.independentLimit);
    }
    console.error("listing save failed", listingId, error instanceof Error ? error.message : error);
    return failure(500, LISTING_RULE_MSG.saveFailed);
  }

  // 7. After the commit: the answer, then housekeeping that must not delay it.
  const { ctx } = req;
  if (pendingKeys.length) ctx.waitUntil(removeObjects(env, pendingKeys));
  ctx.waitUntil(
    writeProfileSnapshot(env, listingId).catch((error: unknown) =>
      console.error("profile snapshot after save failed", listingId, error),
    ),
  );
  publishProfileUpdate(env, ctx, listingId, before, now);
  ctx.waitUntil(
    sweepPendingUploads(env, { now, userId: user.id }).catch((error: unknown) =>
      console.error("pending sweep failed", error),
    ),
  );

  count.add(4);
  // The owner's (or an administrator's) own answer: with the photos kept but not shown, marked.
  const profile = await buildProfileFromD1(env, listingId, { withHidden: true });
  if (!profile) return failure(404, LISTING_RULE_MSG.notFound);
  return { ok: true, status: mode === "create" ? 201 : 200, profile, statements: count.n, batchStatements };
}

class ListingGoneError extends Error {}

async function removeObjects(env: Pick<Env, "PHOTOS">, keys: string[]) {
  if (!keys.length) return;
  try {
    await env.PHOTOS.delete(keys);
  } catch (error) {
    console.error("photo cleanup failed", keys.length, error);
  }
}

/** The listing's content columns, as stored (money in cents). */
function contentColumns(data: ParsedListing) {
  return {
    firstName: data.firstName,
    lastName: "",
    age: data.age,
    tagLine: data.tagLine,
    description: data.description,
    location: data.location,
    suburb: data.suburb,
    calls: data.calls,
    nationality: data.nationality,
    height: data.height,
    weight: data.weight,
    eyeColour: data.eyeColour,
    bust: data.bust,
    dressSize: data.dressSize,
    hairColour: data.hairColour,
    bodyType: data.bodyType,
    services: data.services,
    interests: data.interests,
    favorites: data.favorites,
    availability: data.availability,
    schedule: data.schedule,
    availableDays: data.availableDays,
    instagram: data.instagram,
    twitter: data.twitter,
    onlyFans: data.onlyFans,
    website: data.website,
    contactPhone: data.contactPhone,
    ...flatRates(data.rates),
  } satisfies RowOf<typeof l>;
}

/**
 * A new listing: unverified, hidden, listed_at = created_at. Inserted only while the owner is an Agency
 * or holds no listing yet, checked inside the batch so two saves at once cannot both pass.
 */
function insertListing(db: Db, id: string, userId: string, data: ParsedListing, now: number) {
  const u = schema.users;
  const mayHoldAnother = or(
    exists(
      db
        .select({ one: sql`1` })
        .from(u)
        .where(and(eq(u.id, userId), eq(u.agency, true))),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(l)
        .where(eq(l.userId, userId)),
    ),
  )!;
  return insertWhere(
    db,
    l,
    {
      id,
      userId,
      ...contentColumns(data),
      verified: false,
      live: false,
      active: false,
      imageCount: 0,
      listedAt: now,
      createdAt: now,
      updatedAt: now,
      confirmedAt: now,
    },
    mayHoldAnother,
  );
}

/**
 * An edit: content, updated_at and confirmed_at (a save says the listing is current, for the stale-listing
 * check). verified, live and active stay (a live listing stays live).
 */
function updateListing(db: Db, id: string, ownerId: string, data: ParsedListing, now: number) {
  return db
    .update(l)
    .set({ ...contentColumns(data), updatedAt: now, confirmedAt: now })
    .where(and(eq(l.id, id), eq(l.userId, ownerId)));
}

// ---------------------------------------------------------------------------------------------------
// Deleting one saved photo

export type DeleteImageOutcome =
  | { ok: true; listingId: string; images: { imageId: string; position: number }[] }
  | { ok: false; status: number; error: string };

/**
 * Removes a saved photo: its row (the others renumbered 1..n) and the listing's cover and count in one
 * batch, then the R2 object. Owner (or administrator) only.
 */
export async function deleteListingImage(
  env: Env,
  ctx: WaitUntil,
  user: Pick<SessionUser, "id" | "isAdmin">,
  imageId: string,
  now = Date.now(),
): Promise<DeleteImageOutcome> {
  if (!isId(imageId)) return { ok: false, status: 404, error: LISTING_RULE_MSG.imageNotFound };
  const db = getDb(env);
  const [found] = await db
    .select({ listingId: img.listingId, r2Key: img.r2Key, userId: l.userId })
    .from(img)
    .innerJoin(l, eq(l.id, img.listingId))
    .where(eq(img.id, imageId))
    .limit(1);
  if (!found) return { ok: false, status: 404, error: LISTING_RULE_MSG.imageNotFound };
  if (found.userId !== user.id && !user.isAdmin)
    return { ok: false, status: 403, error: LISTING_RULE_MSG.imageNotOwner };

  // An administrator removing someone else's photo is audited, only if the DELETE just before removed it.
  const audit =
    found.userId === user.id
      ? []
      : [auditInsert(db, { adminId: user.id, action: "delete_photo", listingId: found.listingId }, now, CHANGED)];
  // The remaining photos numbered 1..n in their order.
  const numbered = db
    .select({
      id: img.id,
      rn: sql<number>`ROW_NUMBER() OVER (ORDER BY ${img.position}, ${img.createdAt}, ${img.id})`.as("rn"),
    })
    .from(img)
    .where(eq(img.listingId, found.listingId))
    .as("numbered");
  const [deleted] = await db.batch([
    db.delete(img).where(and(eq(img.id, imageId), eq(img.listingId, found.listingId))),
    ...audit,
    db
      .update(img)
      .set({ position: sql`${numbered.rn}` })
      .from(numbered)
      .where(and(eq(img.id, numbered.id), ne(img.position, numbered.rn))),
    coverStatement(db, found.listingId),
    db.update(l).set({ updatedAt: now }).where(eq(l.id, found.listingId)),
    // A photo gone changes the set of photos: the 'Photos verified' tick no longer holds.
    ...badgeStatements(db, found.listingId, found.userId, { clearsPhotoTick: true, reReview: [] }, now),
  ]);
  if (deleted.meta.changes === 0) return { ok: false, status: 404, error: LISTING_RULE_MSG.imageNotFound };
  // The row is gone, so nothing serves the photo any more; the object itself goes through the delete queue.
  await scheduleR2Deletes(env, [found.r2Key], "photo deleted");
  ctx.waitUntil(
    writeProfileSnapshot(env, found.listingId).catch((error: unknown) =>
      console.error("profile snapshot after photo delete failed", error),
    ),
  );
  publishProfileUpdate(env, ctx, found.listingId);
  const images = await db
    .select({ imageId: img.id, position: img.position })
    .from(img)
    .where(eq(img.listingId, found.listingId))
    .orderBy(asc(img.position));
  return { ok: true, listingId: found.listingId, images };
}

/**
 * What a listing's plan allows (app/features/billing/plans.ts maxPhotos): Featured's while it is featured, which is only
 * while it is paid for (a Featured plan, or an administrator's grant).
 */
async function photoLimitOf(env: Pick<Env, "DB">, listingId: string | null): Promise<number> {
  if (!listingId) return PLANS.standard.maxPhotos;
  const [row] = await getDb(env).select({ featured: l.featured }).from(l).where(eq(l.id, listingId)).limit(1);
  return publicPhotoLimit(row?.featured ?? false);
}

export function planPhotoLimitText(limit: number): string {
  return limit >= PLANS.featured.maxPhotos
    ? `A listing can hold at most ${limit} photos.`
    : `The Standard plan allows up to ${limit} photos. Upgrade to Featured for up to ${PLANS.featured.maxPhotos}.`;
}
