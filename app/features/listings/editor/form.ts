// Between the stored profile and the editor's form: a saved listing as form values, and the form as the
// Profile the live preview draws (the same shape the public profile page renders).
import type { Profile, ProfileImage, ProfileRate, ProfileSpecialRate } from "~/core/profile";
import { emptyListingValues, filledRates, filledSpecialRates } from "../schema";
import type { ListingValues } from "../schema";
import type { CallType, RateDuration } from "~/core/listing-options";
import { splitList } from "~/core/profile";
import { emptySchedule, usableRanges } from "~/core/weekly-schedule";
import { nzDate } from "~/platform/time/nz-time";
import { draftStops, tourInputs } from "~/core/tour-stops";

const numberText = (n: number | null | undefined) => (n == null ? "" : String(n));

/**
 * The form of a saved listing. Money arrives in dollars (the public profile shape). Stops already over are
 * left out, so the next save drops them.
 */
export function valuesFromProfile(p: Profile, today = nzDate(Date.now())): ListingValues {
  return {
    ...emptyListingValues(),
    firstName: p.firstName,
    location: p.location,
    suburb: p.suburb,
    contactPhone: p.contactPhone,
    calls: p.calls,
    tagLine: p.tagLine,
    description: p.description,
    age: numberText(p.age),
    nationality: p.nationality,
    bodyType: p.bodyType,
    height: numberText(p.height),
    weight: numberText(p.weight),
    bust: p.bust,
    eyeColour: p.eyeColour,
    hairColour: p.hairColour,
    dressSize: numberText(p.dressSize),
    services: splitList(p.services),
    interests: splitList(p.interests),
    favorites: splitList(p.favorites),
    instagram: p.instagram,
    twitter: p.twitter,
    onlyFans: p.onlyFans,
    website: p.website,
    rates: p.rates.map((r) => ({
      call_type: r.call_type,
      duration: r.duration,
      price: numberText(r.price),
      description: r.description,
    })),
    specialRates: p.specialRates.map((s) => ({
      serviceName: s.serviceName,
      duration: s.duration,
      rate: numberText(s.rate),
      description: s.description,
    })),
    availability: p.availability,
    schedule: p.schedule ?? emptySchedule(),
    tours: tourInputs(p.tours ?? [], today),
  };
}

const wholeOrNull = (s: string) => {
  const n = Number(s.trim());
  return s.trim() === "" || !Number.isFinite(n) ? null : Math.round(n);
};
const dollarsOrZero = (s: string) => {
  const n = Number(s.trim());
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

export type PreviewBase = {
  listingId: string;
  verified: boolean;
  live: boolean;
  photoVerified: boolean;
  /** The saved switch (the inbox sets it, not the editor), so the preview shows the profile's buttons as they are. */
  takesRequests?: boolean;
};

/** The preview's profile: what the public page would show if the form were saved now. */
export function previewProfile(values: ListingValues, images: ProfileImage[], base: PreviewBase): Profile {
  const rates: ProfileRate[] = filledRates(values.rates).map((r, i) => ({
    id: `rate-${i}`,
    call_type: r.call_type as CallType,
    duration: r.duration as RateDuration,
    price: dollarsOrZero(r.price),
    description: r.description,
  }));
  const specialRates: ProfileSpecialRate[] = filledSpecialRates(values.specialRates).map((s, i) => ({
    id: `special-${i}`,
    serviceName: s.serviceName,
    duration: s.duration,
    rate: dollarsOrZero(s.rate),
    description: s.description,
  }));
  const oneHour =
    rates.find((r) => r.call_type === "incall" && r.duration === "1hr") ?? rates.find((r) => r.duration === "1hr");
  const ordered = [...images].sort((a, b) => a.position - b.position);
  return {
    modelId: base.listingId,
    firstName: values.firstName.trim(),
    age: wholeOrNull(values.age),
    tagLine: values.tagLine.trim(),
    description: values.description.trim(),
    location: values.location,
    suburb: values.suburb,
    calls: values.calls,
    rate60: oneHour?.price ?? null,
    nationality: values.nationality,
    height: wholeOrNull(values.height),
    weight: wholeOrNull(values.weight),
    eyeColour: values.eyeColour.trim(),
    bust: values.bust.trim(),
    dressSize: wholeOrNull(values.dressSize),
    hairColour: values.hairColour.trim(),
    bodyType: values.bodyType,
    services: values.services.join(","),
    interests: values.interests.join(","),
    favorites: values.favorites.join(","),
    availability: values.availability.trim(),
    schedule: usableRanges(values.schedule),
    tours: draftStops(values.tours),
    instagram: values.instagram.trim(),
    twitter: values.twitter.trim(),
    onlyFans: values.onlyFans.trim(),
    website: values.website.trim(),
    contactPhone: values.contactPhone.trim(),
    takesRequests: base.takesRequests ?? false,
    accountType: "standard",
    hot: false,
    verified: base.verified,
    live: base.live,
    active: false,
    active_until: null,
    photoVerified: base.photoVerified,
    ImageUrls: ordered.map((i) => i.url).join(","),
    positions: ordered.map((i) => String(i.position)).join(","),
    imageIds: ordered.map((i) => i.imageId).join(","),
    images: ordered,
    rates,
    specialRates,
    updatedAt: 0,
  };
}

/** The first field whose value differs between two forms (the preview highlights it). */
export function changedField(before: ListingValues, after: ListingValues): keyof ListingValues | null {
  for (const key of Object.keys(after) as (keyof ListingValues)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) return key;
  }
  return null;
}
