// The listing editor's validation (provider spec §5), shared by the editor in the browser and the server.
// Three layers, checked in this order, the first message per field wins:
//   1. page checks: what Next checks on each wizard page (the spec's page messages);
//   2. save checks: the spec's second check at save ('{label} is required', bounds, phone digits);
//   3. the shape schema: every enumeration, length cap and type, turning the form's strings into stored
//      values (cents, whole numbers). The browser never trips it; a hand-made request does.
import { z } from "zod";
import type { Page } from "./editor-pages";
import {
  BODY_TYPES,
  CALL_TYPES,
  FAVOURITE_THINGS,
  INTERESTS,
  NATIONALITIES,
  PLACES_OF_SERVICE,
  RATE_DURATIONS,
  SERVICES,
  type CallType,
  type RateDuration,
} from "./options";
import { MAX_PHOTOS, MIN_PHOTOS, PHOTO_MSG } from "~/features/photos/rules";
import { safeExternalUrl, socialUrl } from "~/features/profile/profile";
import { parseRegion, REGIONS, type Region } from "~/features/catalogue/regions";
import { isSuburbOf } from "~/features/catalogue/suburbs";
import {
  availableDaysMask,
  emptySchedule,
  MAX_RANGES_PER_DAY,
  storedSchedule,
  validateSchedule,
  type WeeklySchedule,
} from "./weekly-schedule";
import { nzDate, WEEKDAYS } from "~/platform/time/nz-time";
import { checkTourStops, type TourStop, type TourStopInput } from "./tour-stops";

export type RateValues = { call_type: string; duration: string; price: string; description: string };
export type SpecialRateValues = { serviceName: string; duration: string; rate: string; description: string };

/** The editor's form: every value as typed (strings), lists as arrays. */
export type ListingValues = {
  firstName: string;
  location: string;
  suburb: string;
  contactPhone: string;
  calls: string;
  tagLine: string;
  description: string;
  age: string;
  nationality: string;
  bodyType: string;
  height: string;
  weight: string;
  bust: string;
  eyeColour: string;
  hairColour: string;
  dressSize: string;
  services: string[];
  interests: string[];
  favorites: string[];
  instagram: string;
  twitter: string;
  onlyFans: string;
  website: string;
  rates: RateValues[];
  specialRates: SpecialRateValues[];
  availability: string;
  /** Seven lists (Monday first) of up to two NZ wall-clock ranges, as typed ("HH:MM"). */
  schedule: WeeklySchedule;
  /** Tour stops as typed (docs/touring.md): region, suburb, and NZ start and end dates (YYYY-MM-DD). */
  tours: TourStopInput[];
};

export const LIMITS = {
  firstName: 50,
  tagLineMin: 10,
  tagLine: 100,
  descriptionMin: 50,
  description: 700,
  suburb: 60,
  bust: 20,
  colour: 30,
  social: 300,
  availability: 500,
  rateDescription: 200,
  serviceName: 80,
  specialDuration: 30,
  rateRows: 12,
  specialRateRows: 20,
  maxPrice: 100_000,
} as const;

export const NUMBER_BOUNDS = {
  height: { label: "Height", min: 80, max: 240 },
  weight: { label: "Weight", min: 20, max: 150 },
  dressSize: { label: "Dress size", min: 0, max: 40 },
} as const;

export const LISTING_MSG = {
  // Page checks (spec §5, per page). The phone message has no final period in the spec.
  displayName: "Display Name is required.",
  location: "Service Location is required.",
  calls: "Place of service is required.",
  phone: "Contact phone is required",
  tagLineMin: `Tagline must be at least ${LIMITS.tagLineMin} characters.`,
  descriptionMin: `Bio must be at least ${LIMITS.descriptionMin} characters.`,
  photos: PHOTO_MSG.minimum,
  ageRequired: "Age is required.",
  ageOver18: "Age must be over 18.",
  rates: "Please add at least one incall or outcall rate.",
  // Save checks (spec §5, second check).
  required: (label: string) => `${label} is required`,
  oneImage: "At least one image is required",
  ageRange: "Age must be between 18 and 99",
  notNumber: (field: string) => `${field} must be a valid number`,
  atLeast: (field: string, min: number) => `${field} must be at least ${min}`,
  atMost: (field: string, max: number) => `${field} must be no more than ${max}`,
  phoneDigits: "Please enter a valid phone number between 7-13 digits",
  // Shape checks: what only a hand-made request can trip.
  tooLong: (label: string, max: number) => `${label} must be no more than ${max} characters.`,
  notText: (label: string) => `${label} must be text`,
  region: "Choose a service location from the list.",
  suburb: (region: string) => `Choose a suburb in ${region} from the list.`,
  suburbWithoutRegion: "Choose a service location before a suburb.",
  place: "Choose a place of service from the list.",
  bodyType: "Choose a body type from the list.",
  nationality: "Choose a nationality from the list.",
  listItem: (label: string) => `Choose ${label.toLowerCase()} from the list.`,
  social: (label: string) => `${label} must be a handle or a link starting with http:// or https://`,
  website: "Website must be a link starting with http:// or https://",
  callType: "Choose incall or outcall.",
  duration: "Choose a duration from the list.",
  duplicateRate: (callType: string) => `There is already an ${callType} rate for this duration.`,
  tooManyRates: "Too many rates.",
  tooManySpecialRates: `At most ${LIMITS.specialRateRows} packages and special rates.`,
  serviceName: "Service name is required.",
  photosTooMany: PHOTO_MSG.tooMany,
  fixPage: (page: number) => `Please fix the issues on page ${page} before saving.`,
} as const;

export type { Page };
export type FieldErrors = Record<string, string>;

const PAGE_OF: Record<string, Page> = {
  images: 1,
  firstName: 1,
  location: 1,
  suburb: 1,
  contactPhone: 1,
  calls: 1,
  tagLine: 1,
  description: 1,
  age: 2,
  nationality: 2,
  bodyType: 2,
  height: 2,
  weight: 2,
  bust: 2,
  eyeColour: 2,
  hairColour: 2,
  dressSize: 2,
  services: 2,
  interests: 2,
  favorites: 2,
  instagram: 2,
  twitter: 2,
  onlyFans: 2,
  website: 2,
  rates: 3,
  specialRates: 3,
  availability: 3,
  schedule: 3,
  tours: 3,
};

/** The wizard page of an error key ('rates.0.price' is on page 3). Unknown keys belong to page 1. */
export function pageOf(key: string): Page {
  return PAGE_OF[key.split(".")[0]] ?? 1;
}

export function emptyListingValues(): ListingValues {
  return {
    firstName: "",
    location: "",
    suburb: "",
    contactPhone: "",
    calls: "",
    tagLine: "",
    description: "",
    age: "",
    nationality: "",
    bodyType: "",
    height: "",
    weight: "",
    bust: "",
    eyeColour: "",
    hairColour: "",
    dressSize: "",
    services: [],
    interests: [],
    favorites: [],
    instagram: "",
    twitter: "",
    onlyFans: "",
    website: "",
    rates: [],
    specialRates: [],
    availability: "",
    schedule: emptySchedule(),
    tours: [],
  };
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const isBlank = (s: string | undefined) => !s || s.trim() === "";

/** A rate row counts once it has a price; a blank row the provider added and left is ignored. */
export function filledRates<T extends { price: string }>(rates: T[]): T[] {
  return rates.filter((r) => !isBlank(r.price));
}

export function filledSpecialRates<T extends SpecialRateValues>(rows: T[]): T[] {
  return rows.filter(
    (r) => !(isBlank(r.serviceName) && isBlank(r.rate) && isBlank(r.duration) && isBlank(r.description)),
  );
}

/** Digits of a phone number with spaces (and a leading + for +64) removed; null unless 7-13 digits. */
export function phoneDigits(phone: string): string | null {
  const compact = phone.replace(/[\s\-()]/g, "").replace(/^\+/, "");
  return /^\d{7,13}$/.test(compact) ? compact : null;
}

// ---------------------------------------------------------------------------------------------------
// 1. Page checks

const pageOneSchema = z.object({
  firstName: z.string().trim().min(1, LISTING_MSG.displayName),
  location: z.string().trim().min(1, LISTING_MSG.location),
  contactPhone: z.string().trim().min(1, LISTING_MSG.phone),
  calls: z.string().trim().min(1, LISTING_MSG.calls),
  tagLine: z.string().trim().min(LIMITS.tagLineMin, LISTING_MSG.tagLineMin),
  description: z.string().trim().min(LIMITS.descriptionMin, LISTING_MSG.descriptionMin),
  photoCount: z.number().min(MIN_PHOTOS, LISTING_MSG.photos),
});

const pageTwoSchema = z.object({
  age: z
    .string()
    .trim()
    .min(1, LISTING_MSG.ageRequired)
    .refine((s) => NUMBER.test(s) && Number(s) >= 18 && Number(s) <= 99, LISTING_MSG.ageOver18),
});

const pageThreeSchema = z.object({
  rates: z
    .array(z.object({ price: z.string(), duration: z.string() }))
    .refine((rates) => rates.some((r) => !isBlank(r.price) && !isBlank(r.duration)), LISTING_MSG.rates),
});

/** Renames the photo count's error key to the field the editor shows it beside. */
const keyFor = (path: PropertyKey[]) => (path[0] === "photoCount" ? "images" : path.map(String).join("."));

function collect(result: { success: boolean; error?: z.ZodError }, into: FieldErrors) {
  if (result.success || !result.error) return into;
  for (const issue of result.error.issues) {
    const key = keyFor(issue.path);
    if (!(key in into)) into[key] = issue.message;
  }
  return into;
}

/** What Next checks on one page (and save checks on all three), with the spec's page messages. */
export function pageChecks(values: ListingValues, photoCount: number, pages: Page[] = [1, 2, 3]): FieldErrors {
  const errors: FieldErrors = {};
  if (pages.includes(1)) collect(pageOneSchema.safeParse({ ...values, photoCount }), errors);
  if (pages.includes(2)) collect(pageTwoSchema.safeParse(values), errors);
  if (pages.includes(3)) collect(pageThreeSchema.safeParse(values), errors);
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// 2. Save checks

function boundedNumber(label: string, min: number, max: number) {
  return z.string().superRefine((raw, ctx) => {
    const s = raw.trim();
    if (s === "") return;
    if (!NUMBER.test(s)) ctx.addIssue({ code: "custom", message: LISTING_MSG.notNumber(label) });
    else if (Number(s) < min) ctx.addIssue({ code: "custom", message: LISTING_MSG.atLeast(label, min) });
    else if (Number(s) > max) ctx.addIssue({ code: "custom", message: LISTING_MSG.atMost(label, max) });
  });
}

const priceCheck = (label: string) => boundedNumber(label, 0, LIMITS.maxPrice);

const saveSchema = z.object({
  firstName: z.string().trim().min(1, LISTING_MSG.required("Display Name")),
  tagLine: z.string().trim().min(1, LISTING_MSG.required("Tagline")),
  age: z
    .string()
    .trim()
    .min(1, LISTING_MSG.required("Age"))
    .refine((s) => /^\d+$/.test(s) && Number(s) >= 18 && Number(s) <= 99, LISTING_MSG.ageRange),
  photoCount: z.number().min(1, LISTING_MSG.oneImage),
  height: boundedNumber(NUMBER_BOUNDS.height.label, NUMBER_BOUNDS.height.min, NUMBER_BOUNDS.height.max),
  weight: boundedNumber(NUMBER_BOUNDS.weight.label, NUMBER_BOUNDS.weight.min, NUMBER_BOUNDS.weight.max),
  dressSize: boundedNumber(NUMBER_BOUNDS.dressSize.label, NUMBER_BOUNDS.dressSize.min, NUMBER_BOUNDS.dressSize.max),
  contactPhone: z.string().refine((s) => phoneDigits(s) !== null, LISTING_MSG.phoneDigits),
  rates: z.array(z.object({ price: priceCheck("Price") })),
  specialRates: z.array(z.object({ rate: priceCheck("Rate") })),
});

/** The spec's second check at save. */
export function saveChecks(values: ListingValues, photoCount: number): FieldErrors {
  return collect(saveSchema.safeParse({ ...values, photoCount }), {});
}

// ---------------------------------------------------------------------------------------------------
// 3. Shape: enumerations, caps, types, and the values to store

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

const str = (v: unknown) => (typeof v === "string" ? v : "");
const strList = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);
const rows = (v: unknown) =>
  Array.isArray(v) ? v.filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null) : [];

/** Any input as ListingValues: missing or mistyped values become empty (their shape error is reported apart). */
export function coerceValues(input: unknown): ListingValues {
  const o = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const base = emptyListingValues();
  const out = { ...base } as Record<string, unknown>;
  for (const key of Object.keys(base) as (keyof ListingValues)[]) {
    const current = base[key];
    if (typeof current === "string") out[key] = str(o[key]);
  }
  out.services = strList(o.services);
  out.interests = strList(o.interests);
  out.favorites = strList(o.favorites);
  out.rates = rows(o.rates).map((r) => ({
    call_type: str(r.call_type),
    duration: str(r.duration),
    price: str(r.price),
    description: str(r.description),
  }));
  out.schedule = Array.isArray(o.schedule)
    ? WEEKDAYS.map((_, day) =>
        rows((o.schedule as unknown[])[day]).map((r) => ({ start: str(r.start), end: str(r.end) })),
      )
    : emptySchedule();
  // Every item stays a stop, junk included: it gets messages beside its fields rather than vanishing.
  out.tours = (Array.isArray(o.tours) ? (o.tours as unknown[]) : []).map((item) => {
    const r = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    return { region: str(r.region), suburb: str(r.suburb), start: str(r.start), end: str(r.end) };
  });
  out.specialRates = rows(o.specialRates).map((r) => ({
    serviceName: str(r.serviceName),
    duration: str(r.duration),
    rate: str(r.rate),
    description: str(r.description),
  }));
  return out as ListingValues;
}
