// Each photo carries its own verification (docs/decisions/0055-each-photo-verified.md): a photo is 'Verified
// {Month Year}' once an administrator has checked it against the person, or unverified. These words are said
// by the profile, the lightbox, the card, the owner's screens and the administrators' queue, so they live here.
import { formatNzMonth } from "~/platform/time/date-text";

/** A check is current for this long; after it the date still shows, honestly, and a re-check is invited. */
export const PHOTO_CHECK_VALID_MONTHS = 12;

/** The instant a check made at `verifiedAt` stops being current: the same day 12 calendar months later. */
export function checkExpiresAt(verifiedAt: number): number {
  const d = new Date(verifiedAt);
  d.setUTCMonth(d.getUTCMonth() + PHOTO_CHECK_VALID_MONTHS);
  return d.getTime();
}

/** Checked more than 12 months before `now`. */
export function isCheckOld(verifiedAt: number, now: number): boolean {
  return now > checkExpiresAt(verifiedAt);
}

export type PhotoCheckState = "verified" | "old" | "unverified";

/** What a photo's check says now: verified, verified over 12 months ago, or never. */
export function photoCheckState(verifiedAt: number | null | undefined, now: number): PhotoCheckState {
  if (verifiedAt == null) return "unverified";
  return isCheckOld(verifiedAt, now) ? "old" : "verified";
}

export const PHOTO_CHECK_TEXT = {
  unverified: "Not verified",
  verified: (verifiedAt: number) => `Verified ${formatNzMonth(verifiedAt)}`,
  /** Said to visitors beside an old date: the date is true, and it is old. */
  old: "checked over a year ago",
  /** Said to the owner of a photo with an old check. */
  recheck: "Checked over a year ago: ask for a new check to keep visitors' trust.",
  pending: "Waiting for a check",
  /** Said to the owner of a photo an administrator refused at its last check (decision 0069). */
  refused: "Not approved",
} as const;

/** A photo's label: 'Verified November 2026', or 'Not verified'. */
export function photoCheckLabel(verifiedAt: number | null | undefined): string {
  return verifiedAt == null ? PHOTO_CHECK_TEXT.unverified : PHOTO_CHECK_TEXT.verified(verifiedAt);
}

/** The label with its age said when it is old: 'Verified November 2025 (checked over a year ago)'. */
export function photoCheckText(verifiedAt: number | null | undefined, now: number): string {
  const label = photoCheckLabel(verifiedAt);
  return photoCheckState(verifiedAt, now) === "old" ? `${label} (${PHOTO_CHECK_TEXT.old})` : label;
}

/** The most recent check among the photos, or null when none was checked. */
export function lastCheckedAt(photos: readonly { verifiedAt?: number | null }[]): number | null {
  let last: number | null = null;
  for (const p of photos) if (p.verifiedAt != null && (last == null || p.verifiedAt > last)) last = p.verifiedAt;
  return last;
}

/**
 * The profile's sum: 'Photos verified: 4 of 5, last checked November 2026'; without any check,
 * 'Photos verified: 0 of 5'; null when there are no photos to speak of.
 */
export function photoCheckSummary(photos: readonly { verifiedAt?: number | null }[]): string | null {
  if (photos.length === 0) return null;
  const verified = photos.filter((p) => p.verifiedAt != null).length;
  const last = lastCheckedAt(photos);
  const head = `Photos verified: ${verified} of ${photos.length}`;
  return last == null ? head : `${head}, last checked ${formatNzMonth(last)}`;
}

export type OwnerPhotoCheck = {
  state: PhotoCheckState | "pending" | "refused";
  /** 'Verified November 2026', 'Waiting for a check' or 'Not verified'. */
  label: string;
  /** An old check's age, as visitors read it: 'checked over a year ago'. */
  age: string | null;
  /** Said under an old check where there is room: the invitation to ask again. */
  recheck: string | null;
};

/**
 * What the owner's screens (the editor's tiles, the photo verification page) say of one photo: waiting for
 * a check while one is pending, 'Not approved' when its last check refused it (`refused`: a refusal newer
 * than its date), else its date or 'Not verified', and the invitation to re-check when old.
 */
export function ownerPhotoCheck(
  verifiedAt: number | null | undefined,
  pending: boolean,
  now: number,
  refused = false,
): OwnerPhotoCheck {
  if (pending) return { state: "pending", label: PHOTO_CHECK_TEXT.pending, age: null, recheck: null };
  if (refused) return { state: "refused", label: PHOTO_CHECK_TEXT.refused, age: null, recheck: null };
  const state = photoCheckState(verifiedAt, now);
  const old = state === "old";
  return {
    state,
    label: photoCheckLabel(verifiedAt),
    age: old ? PHOTO_CHECK_TEXT.old : null,
    recheck: old ? PHOTO_CHECK_TEXT.recheck : null,
  };
}
