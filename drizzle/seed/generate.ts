// Builds the demo data set in memory: users, listings, rates, special rates, stats and the plan
// for each listing's pictures. No I/O here; drizzle/seed/main.ts writes it to D1 and R2.
// Values come from a seeded PRNG (same data on every run); ids come from newId().
import { newId } from "../../app/platform/data/ids";
import {
  BODY_TYPES,
  CALL_TYPES,
  FAVOURITE_THINGS,
  INTERESTS,
  PLACES_OF_SERVICE,
  RATE_DURATIONS,
  SERVICES,
} from "../../app/core/listing-options";
import type { NATIONALITIES, CallType, RateDuration } from "../../app/core/listing-options";
import { REGIONS } from "../../app/core/regions";
import type { Region } from "../../app/core/regions";
import { SUBURBS } from "../../app/core/suburbs";
import { availableDaysMask, emptySchedule, storedSchedule } from "../../app/core/weekly-schedule";
import type { TimeRange } from "../../app/core/weekly-schedule";
import { addDays, nzDate } from "../../app/platform/time/nz-time";
import { monthKey } from "../../app/features/insights/stats";
import { ART_STYLES, PALETTES } from "./art";
import type { ArtStyle } from "./art";
import {
  AGENCY_NAMES,
  AVAILABILITY,
  BUST_CUPS,
  EYE_COLOURS,
  FIRST_NAMES,
  HAIR_COLOURS,
  NAME_CLUSTERS,
  RATE_NOTES,
  SPECIAL_RATES,
  description,
  mobileNumber,
  socialHandle,
  tagLine,
  website,
} from "./content";
import { DEMO_ACCOUNTS, DEMO_LISTING_COUNTS, demoAccount } from "./demo-accounts";
import type { DemoRole } from "./demo-accounts";
import { createRng } from "./random";
import type { Rng } from "./random";

export const PHOTO_WIDTH = 600;
export const PHOTO_HEIGHT = 800;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type Row = Record<string, string | number | null>;

export type ArtPlan = { seed: string; palette: number; style: ArtStyle };
export type PhotoPlan = {
  /** R2 key, unique per image row. */
  key: string;
  row: Row;
  /** What to draw: its own picture, or a picture of the shared pool (large runs). */
  art: ArtPlan | { pool: number };
};

export type SeedUser = { role: DemoRole | "provider"; password: string; row: Row };

export type DemoData = {
  users: SeedUser[];
  listings: Row[];
  photos: PhotoPlan[];
  rates: Row[];
  specialRates: Row[];
  /** Touring (docs/touring.md): two live listings on a stop today, one with a stop next week. */
  tourStops: Row[];
  stats: Row[];
  /** One subscription per paid (or once paid) listing (docs/billing.md): most active, a few past due or expired. */
  subscriptions: Row[];
  /** Pictures shared by the listings of a large run (empty otherwise). */
  pool: ArtPlan[];
  /** The demo agency's details, its certificate checked (docs/decisions/0058-worker-consent-and-agency-checks.md). */
  agencies: Row[];
  /** Each of the demo agency's listings has its worker's consent, so the demo still shows them. */
  workerConsents: Row[];
};

export type GenerateOptions = {
  listings: number;
  now: number;
  seed: string;
  /** When set, every listing gets 3 pictures drawn from a pool of this many (for large runs). */
  poolSize?: number;
  /** The pictures' size (default PHOTO_WIDTH x PHOTO_HEIGHT). */
  photoSize?: { width: number; height: number };
};

// Share of listings per region: Auckland largest, every region with several.
const REGION_WEIGHTS: Record<Region, number> = {
  Auckland: 0.26,
  Wellington: 0.15,
  "Central North Island": 0.11,
  Hamilton: 0.11,
  Tauranga: 0.11,
  Christchurch: 0.15,
  "South Island": 0.11,
};

const NATIONALITY_WEIGHTS: Record<(typeof NATIONALITIES)[number], number> = {
  "New Zealand": 20,
  European: 9,
  British: 8,
  Australian: 6,
  Asian: 8,
  "South East Asian": 6,
  Maori: 6,
  "Pacific Islander": 5,
  "Eastern European": 5,
  "Latin American": 4,
  "South American": 4,
  "North American": 4,
  Indian: 4,
  "Middle Eastern": 3,
};

const RATE_FACTORS: Record<RateDuration, number> = {
  "30min": 0.6,
  "1hr": 1,
  "1.5hr": 1.4,
  "2hr": 1.8,
  "3hr": 2.5,
  Overnight: 7,
};

export const MIN_LISTINGS = DEMO_LISTING_COUNTS.independent + DEMO_LISTING_COUNTS.agency;

type Flags = {
  live: boolean;
  verified: boolean;
  featured: boolean;
  hot: boolean;
  photoVerified: boolean;
  /** Active now until this time, or last active at this time, or never. */
  activity: { active: true; until: number } | { active: false; until: number } | null;
  /** The profile offers 'Request a booking' (docs/decisions/0052-booking-requests.md): Ruby's only. */
  takesRequests?: boolean;
};

type ListingSpec = {
  userIndex: number;
  name: string;
  region: Region;
  listedAt: number;
  flags: Flags;
};

export function generateDemoData(options: GenerateOptions): DemoData {
  const { now } = options;
  const total = options.listings;
  if (!Number.isInteger(total) || total < MIN_LISTINGS) {
    throw new Error(
      `--listings must be a whole number of at least ${MIN_LISTINGS} (the demo accounts own ${MIN_LISTINGS})`,
    );
  }
  const root = createRng(options.seed);
  const generated = total - MIN_LISTINGS;
  const { width: photoWidth, height: photoHeight } = options.photoSize ?? { width: PHOTO_WIDTH, height: PHOTO_HEIGHT };

  // Users: the three demo accounts, then one Independent per generated listing.
  const users: SeedUser[] = DEMO_ACCOUNTS.map((account, i) => ({
    role: account.role,
    password: account.password,
    row: userRow({
      email: account.email,
      firstName: account.firstName,
      accountType: account.role === "admin" ? "admin" : "unpaid",
      agency: account.role === "agency" ? 1 : 0,
      createdAt: now - (120 - i * 10) * DAY,
    }),
  }));
  const indieUser = users.findIndex((u) => u.role === "independent");
  const agencyUser = users.findIndex((u) => u.role === "agency");

  const specs: ListingSpec[] = [];
  const fixed = (live: boolean, verified: boolean, extra: Partial<Flags> = {}): Flags => ({
    live,
    verified,
    featured: false,
    hot: false,
    photoVerified: verified,
    activity: null,
    ...extra,
  });
  specs.push({
    userIndex: indieUser,
    name: demoAccount("independent").firstName,
    region: "Auckland",
    listedAt: now - 20 * DAY - 3 * HOUR,
    flags: fixed(true, true, { takesRequests: true }),
  });
  // The agency: three published listings (one featured, one hot and active now) and one awaiting verification.
  const agencyRegions: Region[] = ["Auckland", "Auckland", "Wellington", "Tauranga"];
  const agencyFlags: Flags[] = [
    fixed(true, true, { featured: true }),
    fixed(true, true, { hot: true, activity: { active: true, until: now + 6 * HOUR } }),
    fixed(true, true, { photoVerified: false, activity: { active: false, until: now - 2.5 * HOUR } }),
    fixed(false, false),
  ];
  AGENCY_NAMES.forEach((name, i) =>
    specs.push({
      userIndex: agencyUser,
      name,
      region: agencyRegions[i],
      listedAt: now - [45, 30, 12, 3][i] * DAY - i * HOUR,
      flags: agencyFlags[i],
    }),
  );

  const regions = allocateRegions(root.fork("regions"), generated);
  const names = chooseNames(root.fork("names"), generated);
  const flags = assignFlags(root.fork("flags"), generated, now);
  const timing = root.fork("listed");
  for (let i = 0; i < generated; i++) {
    const n = i + 1;
    const listedAt = now - Math.floor(timing.float(0.02, 60) * DAY);
    users.push({
      role: "provider",
      password: "", // filled in by the caller: hashing is the slow part
      row: userRow({
        email: `provider-${n}@demo.test`,
        firstName: names[i],
        accountType: "unpaid",
        agency: 0,
        createdAt: listedAt - Math.floor(timing.float(0, 2) * DAY),
      }),
    });
    specs.push({ userIndex: users.length - 1, name: names[i], region: regions[i], listedAt, flags: flags[i] });
  }

  const data: DemoData = {
    users,
    listings: [],
    photos: [],
    rates: [],
    specialRates: [],
    tourStops: [],
    stats: [],
    subscriptions: [],
    pool: [],
    agencies: [],
    workerConsents: [],
  };
  if (options.poolSize) {
    for (let p = 0; p < options.poolSize; p++) {
      data.pool.push({
        seed: `${options.seed}:pool:${p}`,
        palette: p % PALETTES.length,
        style: ART_STYLES[p % ART_STYLES.length],
      });
    }
  }
  const month = monthKey(now);
  // How many of the stale-listing check's states the demo data shows so far (staleCheckState).
  let staleStates = 0;
  // How many of the touring examples are made so far (demoTour).
  let tours = 0;
  specs.forEach((spec, index) => {
    const rng = root.fork(`listing:${index}`);
    const user = users[spec.userIndex].row;
    const listingId = newId();
    const created = spec.listedAt;
    const updated = rng.chance(0.4) ? created : created + Math.floor(rng.float(0, now - created));
    const row = listingRow(rng, spec, { listingId, userId: String(user.id), created, updated, index });

    // Rates, then the flat columns the cards read.
    const rates = buildRates(rng, listingId, String(row.calls), index);
    data.rates.push(...rates);
    const flat = (type: CallType, duration: RateDuration) =>
      (rates.find((r) => r.call_type === type && r.duration === duration)?.price as number | undefined) ?? null;
    row.rate30 = flat("incall", "30min");
    row.rate60 = flat("incall", "1hr");
    row.rate120 = flat("incall", "2hr");
    row.orate30 = flat("outcall", "30min");
    row.orate60 = flat("outcall", "1hr");
    row.orate120 = flat("outcall", "2hr");
    if (rng.chance(0.3) || index < MIN_LISTINGS) {
      const hourly = (row.rate60 ?? row.orate60 ?? 30000) as number;
      rng.subset(SPECIAL_RATES, rng.int(1, 3)).forEach((special, position) => {
        data.specialRates.push({
          id: newId(),
          listing_id: listingId,
          service_name: special.serviceName,
          duration: special.duration,
          rate: Math.round((hourly * special.factor) / 1000) * 1000,
          description: special.description,
          position,
        });
      });
    }

    // Pictures: 3 to 6 of its own (one palette, varied compositions), or 3 from the pool.
    // A stream of their own, so changes to the text above do not redraw (and re-render) every picture.
    const art = root.fork(`photos:${index}`);
    const count = options.poolSize ? 3 : art.int(3, 6);
    const palette = art.int(0, PALETTES.length - 1);
    const styles = art.shuffle([...ART_STYLES]);
    const poolStart = options.poolSize ? art.int(0, options.poolSize - 1) : 0;
    const checks = photoChecks(root.fork(`checks:${index}`), row, index, count, created, now);
    // A listing last checked over a year ago was made before then (and listed again since).
    if (checks.madeAt < created) {
      row.created_at = checks.madeAt;
      user.created_at = Math.min(Number(user.created_at), checks.madeAt);
    }
    for (let p = 0; p < count; p++) {
      const key = `listing/${newId(24)}.webp`;
      data.photos.push({
        key,
        art: options.poolSize
          ? { pool: (poolStart + p) % options.poolSize }
          : { seed: `${options.seed}:photo:${index}:${p}`, palette, style: styles[p % styles.length] },
        row: {
          id: newId(),
          listing_id: listingId,
          r2_key: key,
          position: p + 1,
          width: photoWidth,
          height: photoHeight,
          created_at: checks.createdAt[p] ?? created + p,
          verified_at: checks.verifiedAt[p],
        },
      });
      if (p === 0) {
        row.cover_key = key;
        row.cover_width = photoWidth;
        row.cover_height = photoHeight;
      }
    }
    row.image_count = count;
    data.listings.push(row);
    const subscription = subscriptionRow(rng, row, index, now);
    if (subscription) data.subscriptions.push(subscription);
    staleStates = staleCheckState(row, index, now, staleStates);
    // A verified, paid listing that is not live was hidden by choice (app/features/listings/visibility.ts).
    row.switched_off = row.verified === 1 && row.paid === 1 && row.live === 0 && row.hidden_as_stale !== 1 ? 1 : 0;
    tours = demoTour(data.tourStops, row, index, now, tours);
    if (spec.userIndex === agencyUser) data.workerConsents.push(consentRow(row, data.photos, index, now));

    // This month's counters for the demo providers' listings and about one listing in ten.
    if (index < MIN_LISTINGS || (row.live === 1 && rng.chance(0.1))) {
      const views = rng.int(40, 900);
      data.stats.push({
        listing_id: listingId,
        month,
        views,
        contacts: Math.round(views * rng.float(0.02, 0.12)),
        likes: rng.int(0, Math.max(1, Math.round(views / 20))),
      });
    }
  });
  data.agencies.push(agencyRow(users[agencyUser].row, users.find((u) => u.role === "admin")!.row, now));
  return data;
}

/** The demo agency: Harbour Agency, its operator certificate checked by the demo administrator. */
function agencyRow(user: Row, admin: Row, now: number): Row {
  const expires = new Date(now + 200 * DAY).toISOString().slice(0, 10);
  return {
    user_id: user.id,
    name: String(user.first_name),
    regions: "Auckland,Wellington,Bay of Plenty",
    description: "A small, friendly agency on Auckland's waterfront, with companions touring Wellington and Tauranga.",
    contact_line: "Bookings by text, 10 am to 2 am",
    opening_hours: "Every day, 10 am to 2 am",
    certificate_number: "OC-2025-0142",
    certificate_expires: expires,
    no_certificate_reason: null,
    certificate_checked_at: now - 40 * DAY,
    certificate_checked_by: admin.id,
    expiry_reminded_for: null,
    suspended_at: null,
    updated_at: now - 40 * DAY,
  };
}

/** The worker of a demo agency listing agreed to it as it is (her address is the demo's, never mailed). */
function consentRow(listing: Row, photos: PhotoPlan[], index: number, now: number): Row {
  const ids = photos.filter((p) => p.row.listing_id === listing.id).map((p) => p.row.id);
  return {
    listing_id: listing.id,
    email: `worker-${index + 1}@demo.test`,
    token_hash: null,
    state: "agreed",
    ask_reason: "first",
    proposed_on_agency_page: 1,
    asked_at: Number(listing.created_at),
    mailed_at: Number(listing.created_at),
    decided_at: Math.min(now, Number(listing.created_at) + 3_600_000),
    agreed_name: listing.first_name,
    agreed_image_ids: JSON.stringify(ids),
    on_agency_page: 1,
  };
}

function userRow(u: { email: string; firstName: string; accountType: string; agency: number; createdAt: number }): Row {
  return {
    id: newId(),
    email: u.email,
    first_name: u.firstName,
    last_name: "",
    password_hash: "",
    account_type: u.accountType,
    agency: u.agency,
    created_at: u.createdAt,
    updated_at: u.createdAt,
    // Demo logins work at once: their addresses count as confirmed since the account was made (migration 0019).
    email_confirmed_at: u.createdAt,
  };
}

function listingRow(
  rng: Rng,
  spec: ListingSpec,
  ids: { listingId: string; userId: string; created: number; updated: number; index: number },
): Row {
  const region = spec.region;
  const suburb = rng.chance(0.06) ? "" : rng.pick(SUBURBS[region]);
  // Ages over every filter range, with the range edges present.
  const edgeAges = [24, 18, 55, 28, 35];
  const age =
    ids.index >= MIN_LISTINGS && ids.index < MIN_LISTINGS + edgeAges.length
      ? edgeAges[ids.index - MIN_LISTINGS]
      : rng.weighted([
          [rng.int(18, 24), 30],
          [rng.int(25, 28), 25],
          [rng.int(29, 35), 25],
          [rng.int(36, 55), 20],
        ]);
  const band = rng.next();
  const height =
    band < 0.08
      ? rng.int(145, 149)
      : band < 0.18
        ? rng.int(176, 185)
        : Math.round((rng.int(150, 175) + rng.int(155, 172)) / 2);
  const bodyType =
    height < 155
      ? rng.pick(["Petite", "Short", "Slim", "Curvy", "Busty"] as const)
      : height > 175
        ? rng.pick(["Tall", "Athletic", "Slim", "Curvy", "Muscular"] as const)
        : rng.pick(BODY_TYPES);
  const bmi: Record<string, [number, number]> = {
    Slim: [17.5, 20],
    Petite: [17.5, 20.5],
    Athletic: [20, 23],
    Muscular: [22, 25],
    Curvy: [22, 27],
    Busty: [21, 25],
    BBW: [28, 35],
    Tall: [19, 23],
    Short: [19, 24],
  };
  const [lo, hi] = bmi[bodyType];
  const weight = Math.round(rng.float(lo, hi) * (height / 100) ** 2);
  const dressSize = Math.min(26, Math.max(4, Math.round((8 + (weight - 50) / 4) / 2) * 2));
  const band2 = rng.pick([30, 32, 32, 34, 34, 36, 38]);
  const cup =
    bodyType === "Busty" || bodyType === "BBW" ? rng.pick(["D", "DD", "E", "F"] as const) : rng.pick(BUST_CUPS);
  const nationality = rng.weighted(Object.entries(NATIONALITY_WEIGHTS));
  const calls = rng.weighted([
    [PLACES_OF_SERVICE[0], 35],
    [PLACES_OF_SERVICE[1], 15],
    [PLACES_OF_SERVICE[2], 50],
  ]);
  const interests = rng.subset(INTERESTS, rng.int(2, 5));
  const ctx = { name: spec.name, age, region, suburb, calls, interests };
  const f = spec.flags;
  const activity = f.activity;
  return {
    id: ids.listingId,
    user_id: ids.userId,
    first_name: spec.name,
    last_name: "",
    age,
    tag_line: tagLine(rng, ctx),
    description: description(rng, ctx),
    location: region,
    suburb,
    calls,
    nationality,
    height,
    weight,
    eye_colour: rng.pick(EYE_COLOURS),
    bust: `${band2}${cup}`,
    dress_size: dressSize,
    hair_colour: rng.pick(HAIR_COLOURS),
    body_type: bodyType,
    services: rng.subset(SERVICES, rng.int(4, 11)).join(","),
    interests: interests.join(","),
    favorites: rng.subset(FAVOURITE_THINGS, rng.int(2, 4)).join(","),
    availability: rng.pick(AVAILABILITY),
    // A stream of its own, so the hours do not shift any other demo value.
    ...demoSchedule(rng.fork("schedule")),
    instagram: rng.chance(0.35) ? socialHandle(rng, spec.name) : "",
    twitter: rng.chance(0.12) ? socialHandle(rng, spec.name) : "",
    only_fans: rng.chance(0.08) ? socialHandle(rng, spec.name) : "",
    website: rng.chance(0.2) ? website(rng, spec.name) : "",
    contact_phone: mobileNumber(rng),
    rate30: null,
    rate60: null,
    rate120: null,
    orate30: null,
    orate60: null,
    orate120: null,
    featured: f.featured ? 1 : 0,
    hot: f.hot ? 1 : 0,
    verified: f.verified ? 1 : 0,
    live: f.live ? 1 : 0,
    active: activity?.active ? 1 : 0,
    active_until: activity ? activity.until : null,
    photo_verified: f.photoVerified ? 1 : 0,
    takes_requests: f.takesRequests ? 1 : 0,
    cover_key: null,
    cover_width: null,
    cover_height: null,
    image_count: 0,
    listed_at: spec.listedAt,
    created_at: ids.created,
    updated_at: ids.updated,
  };
}

/**
 * Each photo's check (docs/decisions/0055-each-photo-verified.md) on a photo-verified listing: every photo
 * checked on one day, in the last ten months, except that about one listing in four added a last photo since,
 * not yet verified, and about one in eight was last checked over a year ago (its dates show, with a re-check
 * invited). The demo accounts' own listings are checked recently and in full, as their tests expect.
 */
function photoChecks(
  rng: Rng,
  row: Row,
  index: number,
  count: number,
  created: number,
  now: number,
): { verifiedAt: (number | null)[]; createdAt: (number | null)[]; madeAt: number } {
  const none = Array<number | null>(count).fill(null);
  if (row.photo_verified !== 1) return { verifiedAt: none, createdAt: none, madeAt: created };
  const demo = index < MIN_LISTINGS;
  if (!demo && rng.chance(0.125)) {
    // Checked over a year ago: the listing and its photos are older still.
    const checkedAt = now - rng.int(380, 500) * DAY;
    const madeAt = checkedAt - 2 * DAY;
    return {
      verifiedAt: Array<number | null>(count).fill(checkedAt),
      createdAt: Array.from({ length: count }, (_, p) => madeAt + p),
      madeAt,
    };
  }
  // Never before the listing existed.
  const checkedAt = Math.max(created + DAY, now - (demo ? 10 : rng.int(3, 300)) * DAY);
  const addedSince = !demo && rng.chance(0.25) && checkedAt + DAY < now;
  return {
    verifiedAt: Array.from({ length: count }, (_, p) => (addedSince && p === count - 1 ? null : checkedAt)),
    createdAt: Array.from({ length: count }, (_, p) => (addedSince && p === count - 1 ? checkedAt + DAY : null)),
    madeAt: created,
  };
}

/** Weekly hours for most demo listings, in the shapes providers use: days, evenings past midnight, split shifts. */
function demoSchedule(rng: Rng): { schedule: string; available_days: number } {
  const range = (start: string, end: string): TimeRange => ({ start, end });
  const schedule = emptySchedule();
  const pattern = rng.weighted([
    ["none", 3],
    ["weekdays", 3],
    ["evenings", 2],
    ["split", 1],
    ["everyday", 1],
  ] as const);
  for (let day = 0; day < 7; day++) {
    if (pattern === "weekdays" && day < 5) schedule[day] = [range("10:00", "22:00")];
    if (pattern === "evenings" && day >= 3) schedule[day] = [range("18:00", "02:00")];
    if (pattern === "split" && day % 2 === 0) schedule[day] = [range("09:00", "13:00"), range("17:00", "23:00")];
    if (pattern === "everyday") schedule[day] = [range(rng.pick(["09:00", "10:00", "11:00"]), "21:00")];
  }
  return { schedule: storedSchedule(schedule), available_days: availableDaysMask(schedule) };
}

/**
 * Touring after `npm start` (docs/touring.md), on generated live listings: the first two on a stop today (from
 * yesterday to two days ahead, NZ dates), so the tour region's grid and count include them with the badge;
 * the third with a stop next week, shown on its profile. Answers how many are made.
 */
function demoTour(stops: Row[], row: Row, index: number, now: number, made: number): number {
  if (made >= 3 || index < MIN_LISTINGS || row.live !== 1) return made;
  const today = nzDate(now);
  const region = row.location === "Wellington" ? "Christchurch" : "Wellington";
  const [from, to] = made < 2 ? [-1, 2] : [7, 9];
  stops.push({
    listing_id: row.id,
    position: 1,
    region,
    suburb: made === 0 ? SUBURBS[region][0] : null,
    start_date: addDays(today, from),
    end_date: addDays(today, to),
  });
  return made + 1;
}

/**
 * The stale-listing check in every state after `npm start` (docs/dashboard.md), on three generated listings that are
 * live (the demo accounts' own listings stay as their tests expect): one due to be asked on the next cron,
 * one asked two days ago, one hidden a week after an unanswered question. Every other listing counts as
 * confirmed at its last update.
 */
function staleCheckState(row: Row, index: number, now: number, shown: number): number {
  const day = 86_400_000;
  row.confirmed_at = row.updated_at;
  const state = (["due", "asked", "hidden"] as const)[shown];
  if (!state || index < MIN_LISTINGS || row.live !== 1 || row.paid !== 1) return shown;
  row.confirmed_at = now - 40 * day;
  if (state !== "due") row.stale_reminded_at = state === "asked" ? now - 2 * day : now - 9 * day;
  if (state === "hidden") {
    row.live = 0;
    row.active = 0;
    row.hidden_as_stale = 1;
  }
  return shown + 1;
}

/** Incall and/or outcall rates over some of the six durations, at most one per duration and call type. */
function buildRates(rng: Rng, listingId: string, calls: string, index: number): Row[] {
  const types = CALL_TYPES.filter((t) => (t === "incall" ? calls.includes("Incall") : calls.includes("Outcall")));
  // Hourly in dollars, mostly $200-$400; now and then odd cents so rounding to whole dollars shows.
  const hourly = rng.weighted([
    [rng.int(15, 20) * 10, 2],
    [rng.int(20, 40) * 10, 6],
    [rng.int(40, 60) * 10, 2],
  ]);
  const odd = rng.chance(0.15) ? rng.pick([-50, -1, 50, 49]) : 0;
  // A few listings publish no hourly rate at all, so cards without a price show up too.
  const noHourly = index >= MIN_LISTINGS && rng.chance(0.06);
  const rows: Row[] = [];
  for (const type of types) {
    const extra = type === "outcall" ? rng.pick([0, 50, 50, 100]) : 0;
    const chance: Record<RateDuration, number> = {
      "30min": type === "incall" ? 0.6 : 0.25,
      "1hr": noHourly ? 0 : 1,
      "1.5hr": 0.45,
      "2hr": 0.6,
      "3hr": 0.3,
      Overnight: 0.25,
    };
    for (const duration of RATE_DURATIONS) {
      if (!rng.chance(chance[duration])) continue;
      const dollars =
        duration === "1hr" ? hourly + extra : Math.round(((hourly + extra) * RATE_FACTORS[duration]) / 10) * 10;
      rows.push({
        id: newId(),
        listing_id: listingId,
        call_type: type,
        duration,
        price: dollars * 100 + (duration === "1hr" || rng.chance(0.2) ? odd : 0),
        description: rng.pick(RATE_NOTES),
      });
    }
  }
  return rows;
}

/** Exact counts per region by weight (largest remainder), shuffled, so every region gets its share. */
function allocateRegions(rng: Rng, count: number): Region[] {
  const quotas = REGIONS.map((r) => ({ r, exact: count * REGION_WEIGHTS[r] }));
  const counts = quotas.map((q) => Math.floor(q.exact));
  let left = count - counts.reduce((a, b) => a + b, 0);
  const order = quotas.map((q, i) => ({ i, frac: q.exact - Math.floor(q.exact) })).sort((a, b) => b.frac - a.frac);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) counts[order[k].i]++;
  const out: Region[] = [];
  REGIONS.forEach((r, i) => {
    for (let k = 0; k < counts[i]; k++) out.push(r);
  });
  return rng.shuffle(out);
}

/** The name clusters first (so search has near-misses in every seed), then the rest, reused when it runs out. */
function chooseNames(rng: Rng, count: number): string[] {
  const rest = rng.shuffle(FIRST_NAMES.filter((n) => !(NAME_CLUSTERS as readonly string[]).includes(n)));
  const ordered = [...NAME_CLUSTERS, ...rest];
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(ordered[i % ordered.length]);
  return rng.shuffle(out);
}

/**
 * Flags in exact proportions: ~80% live (always verified), some verified but hidden, some unverified;
 * ~20% hot, ~25% featured, ~40% photo-verified; ~20% active now (live ones), ~15% last active 0-5 hours ago
 * spread over every 'Last active' label.
 */
function assignFlags(rng: Rng, count: number, now: number): Flags[] {
  const flags: Flags[] = Array.from({ length: count }, () => ({
    live: false,
    verified: false,
    featured: false,
    hot: false,
    photoVerified: false,
    activity: null,
  }));
  const order = rng.shuffle(flags.map((_, i) => i));
  const liveCount = Math.round(count * 0.8);
  const hiddenVerified = Math.round((count - liveCount) * 0.45);
  const live = order.slice(0, liveCount);
  const notLive = order.slice(liveCount);
  for (const i of live) flags[i] = { ...flags[i], live: true, verified: true };
  for (const i of notLive.slice(0, hiddenVerified)) flags[i].verified = true;

  // Mostly on published listings, where visitors can see them.
  const spread = (n: number, pool: number[], others: number[], share = 0.9) => {
    const fromPool = Math.min(pool.length, Math.round(n * share));
    return [...rng.subset(pool, fromPool), ...rng.subset(others, n - fromPool)];
  };
  for (const i of spread(Math.round(count * 0.25), live, notLive)) flags[i].featured = true;
  for (const i of spread(Math.round(count * 0.2), live, notLive)) flags[i].hot = true;
  const verified = flags.map((f, i) => (f.verified ? i : -1)).filter((i) => i >= 0);
  const unverified = flags.map((f, i) => (f.verified ? -1 : i)).filter((i) => i >= 0);
  for (const i of spread(Math.round(count * 0.4), verified, unverified, 0.95)) flags[i].photoVerified = true;

  const byActivity = rng.shuffle([...live]);
  const activeNow = Math.min(byActivity.length, Math.round(count * 0.2));
  const recent = Math.min(byActivity.length - activeNow, Math.round(count * 0.15));
  byActivity.slice(0, activeNow).forEach((i) => {
    flags[i].activity = { active: true, until: now + Math.floor(rng.float(1, 8) * HOUR) };
  });
  // 'Last active this hour', '1 hour ago' ... '4 hours ago': cycle through the five so each occurs.
  byActivity.slice(activeNow, activeNow + recent).forEach((i, k) => {
    const hoursAgo = (k % 5) + rng.float(0.1, 0.9);
    flags[i].activity = { active: false, until: now - Math.floor(hoursAgo * HOUR) };
  });
  return flags;
}

const WEEK = 7 * DAY;

/**
 * The listing's subscription, so that every state can be seen after `npm start` (docs/billing.md). The demo
 * accounts' published listings are active (the agency's second one past due, inside its grace); the
 * agency's unverified one is unpaid; among the rest, a few are past due, cancelled at the period's end, or
 * expired (only ones already hidden, which renewal would bring back live). Every renewal charges the test
 * gateway's stored card, so the cron renews them while `npm start` runs.
 */
function subscriptionRow(rng: Rng, row: Row, index: number, now: number): Row | null {
  const published = row.live === 1;
  row.paid = 0;
  row.hidden_by_expiry = 0;
  if (index === MIN_LISTINGS - 1 && !published) return null; // the agency's unverified listing: unpaid
  const start = now - Math.floor(rng.float(0.1, 6.5) * DAY);
  let status = "active";
  if (index === 2) status = "past_due";
  else if (index >= MIN_LISTINGS && index % 29 === 0) status = "past_due";
  else if (index >= MIN_LISTINGS && index % 31 === 0) status = "cancelling";
  else if (index >= MIN_LISTINGS && !published && row.verified === 1 && index % 3 === 0) status = "expired";
  const plan = row.featured === 1 ? "featured" : "standard";
  const paid = status !== "expired";
  row.paid = paid ? 1 : 0;
  row.hidden_by_expiry = paid ? 0 : 1;
  if (!paid) row.featured = 0;
  const periodStart = status === "past_due" ? now - WEEK - 2 * HOUR : status === "expired" ? start - 3 * WEEK : start;
  return {
    listing_id: String(row.id),
    user_id: String(row.user_id),
    plan,
    status,
    period_start: periodStart,
    period_end: periodStart + WEEK,
    grace_until: status === "past_due" ? now + 22 * HOUR : null,
    pending_plan: null,
    method_ref: `tgm_ok_demo${index}`,
    reminded_for: null,
    failed_renewals: status === "past_due" ? 1 : status === "expired" ? 2 : 0,
    created_at: periodStart,
    updated_at: periodStart,
  };
}
