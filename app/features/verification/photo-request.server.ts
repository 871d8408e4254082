// A provider's photo check (docs/decisions/0055-each-photo-verified.md): one photo of a listing sent on its own
// (`imageId`), with three new photos of the person only when the rule asks for them; or, as the spec's form
// does, three photos of the person for every photo of the listing that may be sent.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { missingFileMessage, PHOTO_FIELDS, PHOTO_VERIFY_MIN_IMAGES, VERIFY_MSG } from "./verification";
import { planPhotoAsk } from "./photo-checks";
import type { CheckablePhoto } from "./photo-checks";
import { checkFiles, processFiles, storeRequest } from "./request-store.server";
import type { Refusal, SubmitResult } from "./request-store.server";

const l = schema.listings;
const img = schema.listingImages;
const pending = schema.photoChecksPending;

export type ListingPhotoCheck = CheckablePhoto & {
  listingId: string;
  r2Key: string;
  position: number;
  public: boolean;
  createdAt: number;
  /** The photo's latest refusal since its last check, when a request decided photo by photo refused it. */
  refusal: PhotoRefusal | null;
};

export type PhotoRefusal = { reason: string; requestId: string; reopened: boolean };

/** A photo's latest refusal newer than its check (decision 0069): its reason and request, as JSON, or null. */
const latestRefusal = sql<string | null>`(select json_object('reason', r.reason, 'requestId', r.request_id,
    'reopened', json(case when q.reopened_at is null then 'false' else 'true' end))
  from photo_check_refusals r join verification_requests q on q.id = r.request_id
  where r.image_id = ${img.id} and (${img.verifiedAt} is null or ${img.verifiedAt} < r.decided_at)
  order by r.decided_at desc limit 1)`.mapWith((v: string | null) => (v ? (JSON.parse(v) as PhotoRefusal) : null));

/** The photos of these listings in order, each with its check and whether a check of it waits. */
export function photoChecksQuery(db: Db, listingIds: readonly string[]) {
  return db
    .select({
      imageId: img.id,
      listingId: img.listingId,
      r2Key: img.r2Key,
      position: img.position,
      public: img.public,
      verifiedAt: img.verifiedAt,
      createdAt: img.createdAt,
      pending: sql<boolean>`${pending.imageId} IS NOT NULL`.mapWith(Boolean),
      refusal: latestRefusal,
    })
    .from(img)
    .leftJoin(pending, eq(pending.imageId, img.id))
    .where(inArray(img.listingId, [...listingIds]))
    .orderBy(asc(img.listingId), asc(img.position), asc(img.createdAt));
}

export async function loadListingPhotoChecks(env: DbEnv, listingId: string): Promise<ListingPhotoCheck[]> {
  return photoChecksQuery(getDb(env), [listingId]);
}

/** The three photos of the person: all of them, none (when allowed), or a refusal naming the missing one. */
function collectSelfies(form: FormData, required: boolean): { ok: true; files: File[] } | Refusal {
  const files: File[] = [];
  for (const field of PHOTO_FIELDS) {
    const parts = form.getAll(field);
    if (parts.length > 1) return { ok: false, status: 400, error: VERIFY_MSG.tooManyFiles, field };
    const part = parts[0];
    if (part && typeof part !== "string" && part.size > 0) files.push(part);
  }
  if (files.length === 0 && !required) return { ok: true, files };
  if (files.length < PHOTO_FIELDS.length) {
    const field = PHOTO_FIELDS.find((f) => {
      const part = form.get(f);
      return !part || typeof part === "string" || part.size === 0;
    });
    return { ok: false, status: 400, error: missingFileMessage("photo", field ?? PHOTO_FIELDS[0]), field };
  }
  return { ok: true, files };
}

/** Checks and stores a photo request for a listing already known to be the user's. */
export async function submitPhotoCheck(
  env: Pick<Env, "DB" | "PHOTOS" | "IMAGES">,
  user: Pick<SessionUser, "id">,
  listingId: string,
  form: FormData,
  now: number,
): Promise<SubmitResult> {
  const [owner] = await getDb(env).select({ userId: l.userId }).from(l).where(eq(l.id, listingId)).limit(1);
  // Someone else's listing answers like a missing one: ids cannot be probed.
  if (!owner || owner.userId !== user.id) return { ok: false, status: 403, error: VERIFY_MSG.notYours };
  const photos = await loadListingPhotoChecks(env, listingId);
  const named = form.get("imageId");
  const imageId = typeof named === "string" && named !== "" ? named : null;
  // The spec's form (no photo named) always sends the three photos, for a listing of at least 4 photos.
  if (imageId == null && photos.length < PHOTO_VERIFY_MIN_IMAGES)
    return { ok: false, status: 409, error: VERIFY_MSG.tooFewPhotos };
  const selfies = collectSelfies(form, imageId == null);
  if (!selfies.ok) return selfies;
  const ask = planPhotoAsk(photos, imageId, selfies.files.length > 0, now);
  if (!ask.ok) return { ok: false, status: ask.field === "photo1" ? 400 : 409, error: ask.error, field: ask.field };
  const problem = await checkFiles("photo", PHOTO_FIELDS, selfies.files);
  if (problem) return problem;
  const processed = await processFiles(env, "photo", PHOTO_FIELDS, selfies.files);
  if (!processed.ok) return processed;
  return storeRequest(env, {
    kind: "photo",
    listingId,
    userId: user.id,
    documentType: null,
    processed: processed.bytes,
    imageIds: ask.imageIds,
    now,
  });
}
