// Asking for a photo check (docs/decisions/0055-each-photo-verified.md): which photos can be sent, and when the
// provider must send three new photos of themselves with them. The administrator compares a photo with the
// listing's verified photos and its ID review; new photos of the person are needed only when that comparison
// has too little to stand on.
import { isCheckOld, lastCheckedAt } from "~/core/photo-checks";

/** Fewer verified photos than this left on the listing: the check needs new photos of the person. */
export const MIN_VERIFIED_TO_COMPARE = 2;

export type CheckablePhoto = { imageId: string; verifiedAt: number | null; pending: boolean };

/**
 * New photos of the person are needed when fewer than two verified photos remain, or the last check is over
 * 12 months old (what the administrator would compare against no longer says enough).
 */
export function needsSelfies(photos: readonly { verifiedAt: number | null }[], now: number): boolean {
  const verified = photos.filter((p) => p.verifiedAt != null).length;
  const last = lastCheckedAt(photos);
  return verified < MIN_VERIFIED_TO_COMPARE || last == null || isCheckOld(last, now);
}

/** A photo may be sent when it is unverified, or its check is over 12 months old, and no check of it waits. */
export function canAskCheck(photo: CheckablePhoto, now: number): boolean {
  if (photo.pending) return false;
  return photo.verifiedAt == null || isCheckOld(photo.verifiedAt, now);
}

/** The photos a request with new photos of the person covers: every photo that may be sent. */
export function checkablePhotos<T extends CheckablePhoto>(photos: readonly T[], now: number): T[] {
  return photos.filter((p) => canAskCheck(p, now));
}

export type PhotoCheckPhoto = {
  imageId: string;
  url: string;
  verifiedAt: number | null;
  pending: boolean;
  /** May be sent for checking now. */
  askable: boolean;
  /** Refused at its last check: why, and the request an appeal names (decision 0069). */
  refusal: { reason: string; requestId: string; reopened: boolean } | null;
};

export type PhotoCheckChoice = {
  listingId: string;
  firstName: string;
  location: string;
  coverUrl: string | null;
  imageCount: number;
  /** Nothing left to send: every photo is verified or waiting. */
  pending: boolean;
  photos: PhotoCheckPhoto[];
  /** Asking needs three new photos of the person (photo-checks.ts, needsSelfies). */
  needsSelfies: boolean;
};

export const PHOTO_CHECK_MSG = {
  notOnListing: "This photo is not on this listing any more.",
  nothingToCheck: "Every photo of this listing is verified or waiting for a check.",
  notCheckable: "This photo is already verified, or waiting for a check.",
  pending: "This photo is already waiting for a check.",
  tooManyPhotos: "Ask for one photo at a time, or for all of them.",
  selfiesNeeded:
    "This listing has fewer than two verified photos, or its last check is over 12 months old, so we need three new photos of you with this request.",
} as const;

export type PhotoAsk =
  { ok: true; imageIds: string[]; selfies: boolean } | { ok: false; error: string; field?: "imageId" | "photo1" };

/**
 * What a request asks about: the one photo named (`imageId`), or every photo that may be sent when none is
 * named (the spec's form: three photos of the person for the listing). `selfiesSent` says whether the request
 * carries the three photos of the person; they are required only when needsSelfies says so.
 */
export function planPhotoAsk(
  photos: readonly CheckablePhoto[],
  imageId: string | null,
  selfiesSent: boolean,
  now: number,
): PhotoAsk {
  const selfies = needsSelfies(photos, now);
  if (imageId != null) {
    const photo = photos.find((p) => p.imageId === imageId);
    if (!photo) return { ok: false, error: PHOTO_CHECK_MSG.notOnListing, field: "imageId" };
    if (photo.pending) return { ok: false, error: PHOTO_CHECK_MSG.pending, field: "imageId" };
    if (!canAskCheck(photo, now)) return { ok: false, error: PHOTO_CHECK_MSG.notCheckable, field: "imageId" };
    if (selfies && !selfiesSent) return { ok: false, error: PHOTO_CHECK_MSG.selfiesNeeded, field: "photo1" };
    return { ok: true, imageIds: [imageId], selfies: selfies || selfiesSent };
  }
  const open = checkablePhotos(photos, now);
  if (open.length === 0) return { ok: false, error: PHOTO_CHECK_MSG.nothingToCheck };
  if (selfies && !selfiesSent) return { ok: false, error: PHOTO_CHECK_MSG.selfiesNeeded, field: "photo1" };
  return { ok: true, imageIds: open.map((p) => p.imageId), selfies: selfies || selfiesSent };
}
