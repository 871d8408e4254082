// A listing's rows in the public profile's shape (spec §3): the one place that decides which of a listing's
// columns a visitor may see.
import { readStoredSchedule } from "~/core/weekly-schedule";
import type { Region } from "~/core/regions";
import type { TourStop } from "~/core/tour-stops";
import type { Shift } from "~/core/roster";
import { photoUrl } from "~/core/photo-keys";
import type { schema } from "~/platform/data/db.server";
import { centsToDollars } from "~/platform/money";
import type { Profile, ProfileImage, ProfileRate, ProfileSpecialRate } from "~/core/profile";

export type ListingRow = typeof schema.listings.$inferSelect;
export type ImageRow = typeof schema.listingImages.$inferSelect;
export type RateRow = typeof schema.listingRates.$inferSelect;
export type SpecialRateRow = typeof schema.listingSpecialRates.$inferSelect;
export type TourStopRow = typeof schema.tourStops.$inferSelect;

// Rate durations in the order a price list reads.
const DURATION_ORDER: Record<string, number> = { "30min": 0, "1hr": 1, "1.5hr": 2, "2hr": 3, "3hr": 4, Overnight: 5 };

function publicImage(i: ImageRow): ProfileImage {
  return {
    imageId: i.id,
    url: photoUrl(i.r2Key),
    position: i.position,
    width: i.width,
    height: i.height,
    verifiedAt: i.verifiedAt ?? null,
    // Only in the owner's copy (the editor): visitors' copies never hold such a photo.
    ...(i.public ? {} : { hidden: true as const }),
  };
}

/** Incall before outcall, each in the order a price list reads. */
function publicRates(rates: readonly RateRow[]): ProfileRate[] {
  return [...rates]
    .sort(
      (a, b) =>
        a.callType.localeCompare(b.callType) || (DURATION_ORDER[a.duration] ?? 9) - (DURATION_ORDER[b.duration] ?? 9),
    )
    .map((r) => ({
      id: r.id,
      call_type: r.callType,
      duration: r.duration,
      price: centsToDollars(r.price),
      description: r.description,
    }));
}

function publicSpecialRate(s: SpecialRateRow): ProfileSpecialRate {
  return {
    id: s.id,
    serviceName: s.serviceName,
    duration: s.duration,
    rate: centsToDollars(s.rate),
    description: s.description,
  };
}

/**
 * Maps one listing and its child rows to the public shape (spec §3). Only fields named in `Profile`
 * are copied, so the owner's user id, last name and anything added to the table later stay private.
 * `images` must be in position order; `specialRates` in their own position order.
 */
export function assembleProfile(
  row: ListingRow,
  images: ImageRow[],
  rates: RateRow[],
  specialRates: SpecialRateRow[],
  tours: TourStopRow[] = [],
  agency: Profile["agency"] = null,
  shifts: Shift[] = [],
): Profile {
  const publicImages = images.map(publicImage);
  const oneHour = row.rate60 ?? row.orate60;
  return {
    modelId: row.id,
    firstName: row.firstName,
    age: row.age,
    tagLine: row.tagLine,
    description: row.description,
    location: row.location,
    suburb: row.suburb,
    calls: row.calls,
    rate60: centsToDollars(oneHour),
    nationality: row.nationality,
    height: row.height,
    weight: row.weight,
    eyeColour: row.eyeColour,
    bust: row.bust,
    dressSize: row.dressSize,
    hairColour: row.hairColour,
    bodyType: row.bodyType,
    services: row.services,
    interests: row.interests,
    favorites: row.favorites,
    availability: row.availability,
    schedule: readStoredSchedule(row.schedule),
    tours: storedTourStops(tours),
    instagram: row.instagram,
    twitter: row.twitter,
    onlyFans: row.onlyFans,
    website: row.website,
    contactPhone: row.contactPhone,
    takesRequests: row.takesRequests,
    accountType: row.featured ? "featured" : "standard",
    hot: row.hot,
    verified: row.verified,
    live: row.live,
    active: row.active,
    active_until: row.activeUntil,
    photoVerified: row.photoVerified,
    // Three aligned comma-separated lists, as the original API delivered them.
    ImageUrls: publicImages.map((i) => i.url).join(","),
    positions: publicImages.map((i) => String(i.position)).join(","),
    imageIds: publicImages.map((i) => i.imageId).join(","),
    images: publicImages,
    rates: publicRates(rates),
    specialRates: specialRates.map(publicSpecialRate),
    updatedAt: row.updatedAt,
    agency,
    shifts,
  };
}

/** A listing's stored stops in the public shape, soonest first. */
export function storedTourStops(rows: readonly TourStopRow[]): TourStop[] {
  return rows
    .map((r) => ({ region: r.region as Region, suburb: r.suburb, start: r.startDate, end: r.endDate }))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

export type ShiftRow = { listingId: string; date: string; startTime: string | null; endTime: string | null };

/** Stored shifts in the public shape, by date. */
export function storedShifts(rows: readonly ShiftRow[]): Shift[] {
  return rows
    .map((r) => ({ date: r.date, start: r.startTime, end: r.endTime }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
