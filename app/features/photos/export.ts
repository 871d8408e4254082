// What 'Download my data' holds of a listing's photos (app/features/dashboard/data-export.ts): every column,
// including when an administrator last checked each one (docs/decisions/0055-each-photo-verified.md).
export const LISTING_IMAGES_EXPORT = {
  file: "listings/*/listing.json",
  columns: [
    "id",
    "listing_id",
    "r2_key",
    "position",
    "width",
    "height",
    "created_at",
    "public",
    "kept_on_standard",
    "verified_at",
    "case_hidden",
  ],
  // Whether its perceptual hash is made yet: bookkeeping of the cron's backfill, nothing about the person.
  leftOut: ["hash_state"],
} as const;
