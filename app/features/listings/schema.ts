// The listing editor's validation (provider spec §5), shared by the editor in the browser and the server.
// Three layers, checked in this order, the first message per field wins:
//   1. page checks: what Next checks on each wizard page (the spec's page messages);
//   2. save checks: the spec's second check at save ('{label} is required', bounds, phone digits);
//   3. the shape schema: every enumeration, length cap and type, turning the form's strings into stored
//      values (cents, whole numbers). The browser never trips it; a hand-made request does.
// Each layer, the form's values and the messages live in schema/; this module runs them together.
import type { Page } from "./editor-pages";
import { MAX_PHOTOS } from "~/features/photos/rules";
import { parseRegion } from "~/core/regions";
import { nzDate } from "~/platform/time/nz-time";
import { checkTourStops } from "~/core/tour-stops";
import type { TourStop } from "~/core/tour-stops";
import { LISTING_MSG } from "./schema/limits";
import { collect, pageChecks } from "./schema/page-checks";
import { saveChecks } from "./schema/save-checks";
import { listingShapeSchema } from "./schema/shape";
import type { ParsedListing } from "./schema/shape";
import { coerceValues, pageOf } from "./schema/values";
import type { FieldErrors, ListingValues } from "./schema/values";

export { LIMITS, LISTING_MSG, NUMBER_BOUNDS } from "./schema/limits";
export {
  coerceValues,
  emptyListingValues,
  filledRates,
  filledSpecialRates,
  pageOf,
  phoneDigits,
  type FieldErrors,
  type ListingValues,
  type Page,
  type RateValues,
  type SpecialRateValues,
} from "./schema/values";
export { pageChecks } from "./schema/page-checks";
export { saveChecks } from "./schema/save-checks";
export { listingShapeSchema, type ParsedListing, type SavedRate, type SavedSpecialRate } from "./schema/shape";

/**
 * What tour stops are checked against: today's NZ date and the stops saved before (a stop already under
 * way keeps its start date in the past).
 */
export type TourContext = { today: string; saved: readonly TourStop[] };

/** The tour context at an instant, for a listing whose saved stops are `saved`. */
export function tourContext(saved: readonly TourStop[] | undefined, now = Date.now()): TourContext {
  return { today: nzDate(now), saved: saved ?? [] };
}

export type ListingValidation =
  { ok: true; data: ParsedListing } | { ok: false; fieldErrors: FieldErrors; page: Page; error: string };

/** The first page holding an error, or null when there is none. */
export function firstFailingPage(errors: FieldErrors): Page | null {
  const pages = Object.keys(errors).map(pageOf);
  return pages.length ? (Math.min(...pages) as Page) : null;
}

/**
 * Everything save checks, in the spec's order. `input` is what the browser or a request sent (the
 * shape is checked too); `photoCount` is how many photos the listing will have after the save.
 */
export function validateListing(
  input: unknown,
  photoCount: number,
  tours: TourContext = tourContext([]),
): ListingValidation {
  const shaped = listingShapeSchema.safeParse(input);
  // The page and save checks read strings; a request with wrong types still gets its shape errors.
  const values = coerceValues(input);
  const errors = pageChecks(values, photoCount);
  for (const [key, message] of Object.entries(saveChecks(values, photoCount)))
    if (!(key in errors)) errors[key] = message;
  if (photoCount > MAX_PHOTOS && !("images" in errors)) errors.images = LISTING_MSG.photosTooMany;
  collect(shaped, errors);
  // Stops are checked against the home region: without a valid one, its own error is the one to fix first.
  const homeRegion = parseRegion(values.location);
  const checkedTours = homeRegion
    ? checkTourStops(values.tours, { today: tours.today, homeRegion, saved: tours.saved })
    : { ok: true as const, stops: [] as TourStop[] };
  if (!checkedTours.ok)
    for (const [key, message] of Object.entries(checkedTours.errors)) if (!(key in errors)) errors[key] = message;
  const page = firstFailingPage(errors);
  if (page !== null || !shaped.success || !checkedTours.ok) {
    const failing = page ?? 1;
    return { ok: false, fieldErrors: errors, page: failing, error: LISTING_MSG.fixPage(failing) };
  }
  return { ok: true, data: { ...shaped.data, tours: checkedTours.stops } };
}

/** The errors of one wizard page (Next in edit mode), with every check that applies to its fields. */
export function validatePage(page: Page, values: ListingValues, photoCount: number, tours?: TourContext): FieldErrors {
  const result = validateListing(values, photoCount, tours);
  if (result.ok) return {};
  return Object.fromEntries(Object.entries(result.fieldErrors).filter(([key]) => pageOf(key) === page));
}
