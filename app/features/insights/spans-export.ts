// What 'Download my data' holds of the spans a listing was public (drizzle/migrations/0064_listing_public_spans.sql):
// each stretch, its plan and its region, the days the weekly statement covers. Nothing is left out.
export const PUBLIC_SPANS_EXPORT = {
  file: "listings/*/insights.json",
  columns: ["listing_id", "started_at", "ended_at", "featured", "location"],
  leftOut: [],
} as const;
