// 3. The shape schema: every enumeration, length cap and type, turning the form's strings into stored
// values (cents, whole numbers). The browser never trips it; a hand-made request does (see ../schema.ts).
import { z } from "zod";
import {
  BODY_TYPES,
  CALL_TYPES,
  FAVOURITE_THINGS,
  INTERESTS,
  NATIONALITIES,
  PLACES_OF_SERVICE,
  RATE_DURATIONS,
  SERVICES,
} from "~/core/listing-options";
import type { CallType, RateDuration } from "~/core/listing-options";
import { safeExternalUrl, socialUrl } from "~/core/profile";
import { parseRegion, REGIONS } from "~/core/regions";
import type { Region } from "~/core/regions";
import { isSuburbOf } from "~/core/suburbs";
import {
  availableDaysMask,
  emptySchedule,
  MAX_RANGES_PER_DAY,
  storedSchedule,
  validateSchedule,
} from "~/core/weekly-schedule";
import { WEEKDAYS } from "~/platform/time/nz-time";
import type { TourStop } from "~/core/tour-stops";
import { LIMITS, LISTING_MSG } from "./limits";
import { filledRates, filledSpecialRates, NUMBER, isBlank, phoneDigits } from "./values";

const text = (label: string, max: number) =>
  z
    .string({ error: LISTING_MSG.notText(label) })
    .default("")
    .transform((s) => s.trim())
    .pipe(z.string().max(max, LISTING_MSG.tooLong(label, max)));

const choice = <T extends string>(options: readonly T[], message: string) =>
  z
    .string({ error: message })
    .default("")
    .transform((s) => s.trim())
    .refine((s) => s === "" || (options as readonly string[]).includes(s), message);

const multi = <T extends string>(options: readonly T[], label: string) =>
  z
    .array(z.string({ error: LISTING_MSG.listItem(label) }), { error: LISTING_MSG.listItem(label) })
    .default([])
    .transform((items) => [...new Set(items.map((s) => s.trim()).filter(Boolean))])
    .refine((items) => items.every((s) => (options as readonly string[]).includes(s)), LISTING_MSG.listItem(label));

const optionalWhole = z
  .string()
  .default("")
  .transform((s) => (s.trim() === "" || !NUMBER.test(s.trim()) ? null : Math.round(Number(s.trim()))));

const toCents = (s: string) => Math.round(Number(s.trim()) * 100);

const social = (kind: "instagram" | "twitter" | "onlyFans", label: string) =>
  text(label, LIMITS.social).refine((s) => s === "" || socialUrl(kind, s) !== null, LISTING_MSG.social(label));

const rateRow = z.object({
  call_type: z.string({ error: LISTING_MSG.callType }).default(""),
  duration: z.string({ error: LISTING_MSG.duration }).default(""),
  price: z.string({ error: LISTING_MSG.notNumber("Price") }).default(""),
  description: text("Rate description", LIMITS.rateDescription),
});

const specialRow = z.object({
  serviceName: text("Service name", LIMITS.serviceName),
  duration: text("Duration", LIMITS.specialDuration),
  rate: z.string({ error: LISTING_MSG.notNumber("Rate") }).default(""),
  description: text("Description", LIMITS.rateDescription),
});

// A hand-made request may send anything here; the editor sends seven lists of at most two ranges.
const scheduleShape = z
  .array(
    z
      .array(z.object({ start: z.string().max(5).default(""), end: z.string().max(5).default("") }))
      .max(MAX_RANGES_PER_DAY * 2),
  )
  .length(WEEKDAYS.length)
  .default(emptySchedule);

export type SavedRate = { callType: CallType; duration: RateDuration; priceCents: number; description: string };
export type SavedSpecialRate = { serviceName: string; duration: string; rateCents: number; description: string };

export const listingShapeSchema = z
  .object({
    firstName: text("Display Name", LIMITS.firstName),
    location: choice(REGIONS, LISTING_MSG.region),
    suburb: text("Suburb", LIMITS.suburb),
    contactPhone: text("Contact phone", 40),
    calls: choice(PLACES_OF_SERVICE, LISTING_MSG.place),
    tagLine: text("Tagline", LIMITS.tagLine),
    description: text("Bio", LIMITS.description),
    age: optionalWhole,
    nationality: choice(NATIONALITIES, LISTING_MSG.nationality),
    bodyType: choice(BODY_TYPES, LISTING_MSG.bodyType),
    height: optionalWhole,
    weight: optionalWhole,
    bust: text("Bust", LIMITS.bust),
    eyeColour: text("Eye colour", LIMITS.colour),
    hairColour: text("Hair colour", LIMITS.colour),
    dressSize: optionalWhole,
    services: multi(SERVICES, "Services"),
    interests: multi(INTERESTS, "Interests"),
    favorites: multi(FAVOURITE_THINGS, "Favourite things"),
    instagram: social("instagram", "Instagram"),
    twitter: social("twitter", "Twitter"),
    onlyFans: social("onlyFans", "OnlyFans"),
    website: text("Website", LIMITS.social).refine((s) => s === "" || safeExternalUrl(s) !== null, LISTING_MSG.website),
    availability: text("Availability", LIMITS.availability),
    schedule: scheduleShape,
    rates: z
      .array(rateRow)
      .max(LIMITS.rateRows * 2, LISTING_MSG.tooManyRates)
      .default([]),
    specialRates: z.array(specialRow).max(LIMITS.specialRateRows, LISTING_MSG.tooManySpecialRates).default([]),
  })
  .superRefine((v, ctx) => {
    const region = parseRegion(v.location) as Region | null;
    if (v.suburb) {
      if (!region) ctx.addIssue({ code: "custom", path: ["suburb"], message: LISTING_MSG.suburbWithoutRegion });
      else if (!isSuburbOf(region, v.suburb))
        ctx.addIssue({ code: "custom", path: ["suburb"], message: LISTING_MSG.suburb(region) });
    }
    for (const [key, message] of Object.entries(validateSchedule(v.schedule)))
      ctx.addIssue({ code: "custom", path: key.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
    const seen = new Set<string>();
    v.rates.forEach((r, i) => {
      if (isBlank(r.price)) return;
      if (!(CALL_TYPES as readonly string[]).includes(r.call_type)) {
        ctx.addIssue({ code: "custom", path: ["rates", i, "call_type"], message: LISTING_MSG.callType });
        return;
      }
      if (!(RATE_DURATIONS as readonly string[]).includes(r.duration)) {
        ctx.addIssue({ code: "custom", path: ["rates", i, "duration"], message: LISTING_MSG.duration });
        return;
      }
      const key = `${r.call_type}/${r.duration}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["rates", i, "duration"],
          message: LISTING_MSG.duplicateRate(r.call_type),
        });
      seen.add(key);
    });
    if (filledRates(v.rates).length > LIMITS.rateRows)
      ctx.addIssue({ code: "custom", path: ["rates"], message: LISTING_MSG.tooManyRates });
    v.specialRates.forEach((s, i) => {
      const blank = !s.serviceName && isBlank(s.rate) && !s.duration && !s.description;
      if (!blank && !s.serviceName)
        ctx.addIssue({ code: "custom", path: ["specialRates", i, "serviceName"], message: LISTING_MSG.serviceName });
      if (!blank && isBlank(s.rate))
        ctx.addIssue({ code: "custom", path: ["specialRates", i, "rate"], message: LISTING_MSG.notNumber("Rate") });
    });
  })
  .transform((v) => ({
    ...v,
    age: v.age as number,
    location: v.location as Region,
    contactPhone: phoneDigits(v.contactPhone) ?? v.contactPhone,
    services: v.services.join(","),
    interests: v.interests.join(","),
    favorites: v.favorites.join(","),
    schedule: storedSchedule(v.schedule),
    availableDays: availableDaysMask(v.schedule),
    rates: filledRates(v.rates).map((r): SavedRate => ({
      callType: r.call_type as CallType,
      duration: r.duration as RateDuration,
      priceCents: toCents(r.price),
      description: r.description,
    })),
    specialRates: filledSpecialRates(v.specialRates).map((s): SavedSpecialRate => ({
      serviceName: s.serviceName,
      duration: s.duration,
      rateCents: toCents(s.rate),
      description: s.description,
    })),
  }));

export type ParsedListing = z.output<typeof listingShapeSchema> & {
  /** The checked tour stops, sorted by start. */
  tours: TourStop[];
};
