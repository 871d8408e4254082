// Step 2 of a save: the photo plan. Saved photos kept, uploads named by id, files in the body; each checked
// against the listing, the batch and plan limits, then put in the order the owner asked for.
import type { ListingBody } from "../body";
import { LISTING_RULE_MSG, orderImages } from "../rules";
import { MAX_BATCH, MAX_PHOTOS, PHOTO_MSG } from "~/features/photos/rules";
import { PLANS } from "~/core/plans";
import { publicPhotoLimit } from "~/features/photos/plan-photos";
import { rowById, schema } from "~/platform/data/db.server";
import { findClaimableUploads } from "~/features/photos/pending-uploads.server";
import type { PendingUpload } from "~/features/photos/pending-uploads.server";
import { photoFailure } from "./outcome.server";
import type { SaveFailure, SaveMode, SaveRequest, StatementCount } from "./outcome.server";
import type { ExistingImage, SaveTarget } from "./target.server";
import type { DbEnv } from "~/platform/data/db.server";

export type PhotoPlan = {
  ok: true;
  /** Saved photos the body names, by id, with the position asked for. */
  requestedSaved: Map<string, number>;
  requestedUploads: Map<string, number>;
  /** The pending uploads this save uses up and shows. */
  uploads: PendingUpload[];
  /** Uploads that matched a photo of another account: used up too, but held for review (decision 0057). */
  heldUploads: PendingUpload[];
  /** Every photo the listing holds after the save. */
  photoCount: number;
};

export type Planned =
  | { kind: "saved"; image: ExistingImage; requested: number | null; previous: number }
  | { kind: "upload"; upload: PendingUpload; requested: number | null; previous: number }
  | { kind: "file"; index: number; requested: number | null; previous: number };

export async function planPhotos(
  req: SaveRequest,
  mode: SaveMode,
  target: SaveTarget,
  now: number,
  count: StatementCount,
): Promise<PhotoPlan | SaveFailure> {
  const { env, user, body } = req;
  const { existing } = target;
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
  let claimed: PendingUpload[] = [];
  if (requestedUploads.size) {
    count.add();
    claimed = await findClaimableUploads(env, user.id, [...requestedUploads.keys()], now);
    if (claimed.length !== requestedUploads.size) return photoFailure(400, LISTING_RULE_MSG.uploadsMissing);
  }
  const uploads = claimed.filter((u) => !u.matchImageId);
  const heldUploads = claimed.filter((u) => u.matchImageId);
  const added = uploads.length + body.files.length;
  // The plan's photo limit: 20 public photos while featured, else Standard's 10. New photos are public;
  // those kept but not shown after a change to Standard (decision 0017) do not count, and only a save that
  // adds photos is held to it, so a listing over the limit after a change of plan can still be edited.
  const publicCount = existing.filter((i) => i.public).length + added;
  if (added > 0 && publicCount > PLANS.standard.maxPhotos) {
    count.add();
    const limit = await photoLimitOf(env, mode === "create" ? null : target.listingId);
    if (publicCount > limit) return photoFailure(400, planPhotoLimitText(limit));
  }
  return { ok: true, requestedSaved, requestedUploads, uploads, heldUploads, photoCount: existing.length + added };
}

/** Every photo of the save, numbered 1..n: those asked for first, the rest in the order they came. */
export function orderPlanned(existing: ExistingImage[], plan: PhotoPlan, body: ListingBody) {
  const planned: Planned[] = [
    ...existing.map((image): Planned => ({
      kind: "saved",
      image,
      requested: plan.requestedSaved.get(image.id) ?? null,
      previous: image.position,
    })),
    ...plan.uploads.map((upload, i): Planned => ({
      kind: "upload",
      upload,
      requested: plan.requestedUploads.get(upload.id) ?? null,
      previous: 10_000 + i,
    })),
    ...body.files.map((_, index): Planned => ({
      kind: "file",
      index,
      requested: body.newImagePositions[index] ?? null,
      previous: 20_000 + index,
    })),
  ];
  return orderImages(planned);
}

/**
 * What a listing's plan allows (app/core/plans.ts maxPhotos): Featured's while it is featured,
 * which is only while it is paid for (a Featured plan, or an administrator's grant).
 */
async function photoLimitOf(env: DbEnv, listingId: string | null): Promise<number> {
  if (!listingId) return PLANS.standard.maxPhotos;
  const l = schema.listings;
  const row = await rowById(env, l, { featured: l.featured }, listingId);
  return publicPhotoLimit(row?.featured ?? false);
}

export function planPhotoLimitText(limit: number): string {
  return limit >= PLANS.featured.maxPhotos
    ? `A listing can hold at most ${limit} photos.`
    : `The Standard plan allows up to ${limit} photos. Upgrade to Featured for up to ${PLANS.featured.maxPhotos}.`;
}
