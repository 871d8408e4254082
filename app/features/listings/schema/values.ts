// The editor's form values: their types, the wizard page of each field, the empty form, and any input
// coerced to them (see ../schema.ts).
import type { Page } from "../editor-pages";
import { emptySchedule } from "~/core/weekly-schedule";
import type { WeeklySchedule } from "~/core/weekly-schedule";
import { WEEKDAYS } from "~/platform/time/nz-time";
import type { TourStopInput } from "~/core/tour-stops";

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

export const NUMBER = /^-?\d+(\.\d+)?$/;
export const isBlank = (s: string | undefined) => !s || s.trim() === "";

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
