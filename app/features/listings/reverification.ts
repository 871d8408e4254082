// Verification means what it says (decision 0007, its photo rule replaced by 0055): what a change to a listing
// does to its ID verification. Photos keep their own checks through any change (each photo carries its date:
// docs/decisions/0055-each-photo-verified.md). The editor shows the same words before saving that the server
// acts on after it.

export type BadgeBaseline = {
  verified: boolean;
  firstName: string;
  age: number | null;
  imageIds: readonly string[];
  /** Photo ids at the last approved ID review; empty when unknown (then the photos before this change). */
  reviewedImageIds: readonly string[];
};

export type ListingAfter = { firstName: string; age: number | null; imageIds: readonly string[] };

export type BadgeEffects = {
  /** Why an ID-verified listing goes back to the administrators, in the words they see; empty: it does not. */
  reReview: string[];
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** More than half of the photos now shown were not there at the last review. */
export function replacedMost(reviewed: readonly string[], now: readonly string[]): boolean {
  if (now.length === 0) return reviewed.length > 0;
  const fresh = now.filter((id) => !reviewed.includes(id)).length;
  return fresh * 2 > now.length;
}

export function badgeEffects(before: BadgeBaseline, after: ListingAfter): BadgeEffects {
  const reReview: string[] = [];
  if (before.verified) {
    if (before.firstName.trim() !== after.firstName.trim())
      reReview.push(`display name changed from '${before.firstName}' to '${after.firstName}'`);
    if (before.age !== after.age) reReview.push(`age changed from ${before.age ?? "none"} to ${after.age ?? "none"}`);
    const baseline = before.reviewedImageIds.length ? before.reviewedImageIds : before.imageIds;
    if (!sameSet(before.imageIds, after.imageIds) && replacedMost(baseline, after.imageIds))
      reReview.push("most photos replaced");
  }
  return { reReview };
}

export const REVERIFY_MSG = {
  reReview: (reasons: string[]) =>
    `Saving will send this listing to our team for a new ID check (${reasons.join("; ")}). It stays live and keeps its Verified badge while we check, usually within 24-48 hours.`,
} as const;

/** The editor's warning before saving, or null when the badges stay as they are. */
export function badgeWarning(effects: BadgeEffects): string[] {
  const lines: string[] = [];
  if (effects.reReview.length) lines.push(REVERIFY_MSG.reReview(effects.reReview));
  return lines;
}
