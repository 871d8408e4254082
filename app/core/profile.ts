// The public profile as every screen and API sees it (spec §3), plus its pure formatting rules.
import type { TourStop } from "~/core/tour-stops";
import type { WeeklySchedule } from "~/core/weekly-schedule";
import type { Shift } from "~/core/roster";
import type { CallType, RateDuration } from "~/core/listing-options";

export type ProfileImage = {
  imageId: string;
  url: string;
  position: number;
  width: number;
  height: number;
  /** Kept but not shown to visitors (the Standard plan's limit, decision 0017): only in the owner's editor. */
  hidden?: true;
  /**
   * When an administrator last checked this photo (UTC ms); null: not verified (app/core/photo-checks.ts).
   * Always set in what the server delivers; absent on a photo the editor has not saved yet.
   */
  verifiedAt?: number | null;
};
export type ProfileRate = {
  id: string;
  call_type: CallType;
  duration: RateDuration;
  price: number;
  description: string;
};
export type ProfileSpecialRate = {
  id: string;
  serviceName: string;
  duration: string;
  rate: number;
  description: string;
};

/** Money here is in dollars (cents / 100), as the public API has always delivered it. */
/** An agency's public page (docs/decisions/0059-agency-page.md). */
export const agencyPath = (slug: string): string => `/agencies/${slug}`;

export type Profile = {
  modelId: string;
  firstName: string;
  age: number | null;
  tagLine: string;
  description: string;
  location: string;
  suburb: string;
  calls: string;
  rate60: number | null;
  nationality: string;
  height: number | null;
  weight: number | null;
  eyeColour: string;
  bust: string;
  dressSize: number | null;
  hairColour: string;
  bodyType: string;
  services: string;
  interests: string;
  favorites: string;
  availability: string;
  /** The weekly hours (app/core/weekly-schedule.ts): seven lists, Monday first; all empty when none. */
  schedule: WeeklySchedule;
  /** Tour stops (app/core/tour-stops.ts), soonest first; the pages show the ones not yet over. */
  tours: TourStop[];
  instagram: string;
  twitter: string;
  onlyFans: string;
  website: string;
  contactPhone: string;
  /** The profile offers 'Request a booking' (app/features/bookings, docs/decisions/0052-booking-requests.md). */
  takesRequests: boolean;
  accountType: "featured" | "standard";
  hot: boolean;
  verified: boolean;
  live: boolean;
  active: boolean;
  active_until: number | null;
  /** The cover photo is verified (docs/decisions/0055-each-photo-verified.md); each photo's check is in `images`. */
  photoVerified: boolean;
  ImageUrls: string;
  positions: string;
  imageIds: string;
  images: ProfileImage[];
  rates: ProfileRate[];
  specialRates: ProfileSpecialRate[];
  /** D1's updated_at when this was built: a KV snapshot older than D1 is not used. */
  updatedAt: number;
  /**
   * The agency whose page shows her ('With Harbour Agency', linking to /agencies/{slug}), only when she agreed
   * to be shown there (docs/decisions/0059-agency-page.md); null otherwise. Absent where a profile is drafted.
   */
  agency?: { name: string; slug: string } | null;
  /**
   * Her agency's roster from yesterday on (app/core/roster.ts): each shift overrides the weekly hours for its
   * date (docs/decisions/0060-agency-roster.md). Empty for everyone else; absent where a profile is drafted.
   */
  shifts?: Shift[];
};

/** Digits only; 9 digits 3-3-3, 10 digits 3-3-4, 11 digits 3-4-4, other lengths bare digits. */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, "");
  if (d.length === 9) return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
  if (d.length === 10) return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
  if (d.length === 11) return `${d.slice(0, 3)} ${d.slice(3, 7)} ${d.slice(7)}`;
  return d;
}

/** An sms: link with a prefilled, polite first message. */
export function smsLink(phone: string, firstName: string, siteName = "Kiwi Companions"): string {
  const digits = phone.replace(/[^\d+]/g, "");
  const body = `Hi ${firstName}, I found your listing on ${siteName}. Are you available?`;
  return `sms:${digits}?&body=${encodeURIComponent(body)}`;
}

/**
 * A social or website link that is safe to render: http:// is added when no scheme is given,
 * and anything that is not http or https (javascript:, data:, …) is dropped.
 */
export function safeExternalUrl(value: string | null | undefined): string | null {
  const raw = value?.trim();
  if (!raw || raw.length > 300) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `http://${raw}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".")) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** Instagram/Twitter/OnlyFans values may be a handle or a URL. */
export function socialUrl(kind: "instagram" | "twitter" | "onlyFans", value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  const handle = /^@?([A-Za-z0-9_.]{1,40})$/.exec(v)?.[1];
  if (handle) {
    const base = {
      instagram: "https://www.instagram.com/",
      twitter: "https://x.com/",
      onlyFans: "https://onlyfans.com/",
    }[kind];
    return base + handle;
  }
  return safeExternalUrl(v);
}

export function splitList(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Primary image: the one at position 1, otherwise the first. */
export function primaryImage<T extends { position: number }>(images: T[]): T | null {
  return images.find((i) => i.position === 1) ?? images[0] ?? null;
}

export const RATE_LABELS: Record<RateDuration, string> = {
  "30min": "30 minutes",
  "1hr": "1 hour",
  "1.5hr": "1.5 hours",
  "2hr": "2 hours",
  "3hr": "3 hours",
  Overnight: "Overnight",
};

/** Fisher-Yates with an injectable random source, so suggestions can be tested. */
export function shuffle<T>(items: T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** 3 suggestions: same location first (shuffled), then others (shuffled), never the current one. */
export function pickSuggestions<T extends { modelId: string; location: string }>(
  current: { modelId: string; location: string },
  candidates: T[],
  count = 3,
  random: () => number = Math.random,
): T[] {
  const others = candidates.filter((c) => c.modelId !== current.modelId);
  const same = shuffle(
    others.filter((c) => c.location === current.location),
    random,
  );
  const rest = shuffle(
    others.filter((c) => c.location !== current.location),
    random,
  );
  const seen = new Set<string>();
  return [...same, ...rest].filter((c) => !seen.has(c.modelId) && seen.add(c.modelId)).slice(0, count);
}
