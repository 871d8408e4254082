import { useMemo } from "react";
import type { ListingValues } from "~/features/listings/schema";
import type { Profile } from "~/core/profile";
import { badgeEffects, badgeWarning } from "~/features/listings/reverification";

/**
 * Tells the owner, before saving, what the edit will do to the listing's badges (the server applies the same
 * rule from features/listings/reverification.ts when it saves). The photos' keys stand for their ids: a new upload has a
 * key no saved photo has.
 */
export function BadgeWarning({
  base,
  values,
  photoKeys,
}: {
  base: Profile | null;
  values: ListingValues;
  photoKeys: string[];
}) {
  const lines = useMemo(() => {
    if (!base) return [];
    const age = /^\d+$/.test(values.age.trim()) ? Number(values.age) : null;
    const effects = badgeEffects(
      {
        verified: base.verified,
        firstName: base.firstName,
        age: base.age,
        imageIds: base.images.map((i) => i.imageId),
        reviewedImageIds: [],
      },
      { firstName: values.firstName, age, imageIds: photoKeys },
    );
    return badgeWarning(effects);
  }, [base, values.firstName, values.age, photoKeys]);
  if (!lines.length) return null;
  return (
    <div
      role="status"
      className="space-y-1 rounded-xl border border-amber-400/70 bg-amber-950/50 p-3 text-sm text-amber-50"
      data-testid="badge-warning"
    >
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
