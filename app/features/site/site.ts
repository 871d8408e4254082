// The business's public contact facts, in one place so the contact page, the legal pages and the
// structured data never disagree. The details are fictional placeholders until the business registers
// its own: the PO Box, phone number and e-mail domain must be replaced before launch.
// The site's name is in site-name.ts: every page loads it, and these facts only with the pages that show them.
import type { Region } from "~/core/regions";

export const SUPPORT_EMAIL = "support@kiwicompanions.co.nz";
export const PRIVACY_EMAIL = "privacy@kiwicompanions.co.nz";

export const PHONE_DISPLAY = "09 555 0142";
/** E.164 form for tel: links, so the number dials from overseas SIMs too. */
export const PHONE_TEL = "+6495550142";

export const POSTAL_ADDRESS = [
  "Kiwi Companions",
  "PO Box 105 442",
  "Auckland City",
  "Auckland 1143",
  "New Zealand",
] as const;

export type OpeningHours = { days: string; hours: string };

/** Phone and office hours, New Zealand time (spec §9). E-mail is answered around the clock. */
export const BUSINESS_HOURS: readonly OpeningHours[] = [
  { days: "Monday to Friday", hours: "9:00 AM to 6:00 PM" },
  { days: "Saturday", hours: "10:00 AM to 4:00 PM" },
  { days: "Sunday", hours: "Closed" },
];
export const EMAIL_SUPPORT_HOURS = "E-mail support 24/7";

/** Regions named on the About page (spec §2 lists six; Central North Island is served but not advertised there). */
export const COVERAGE = [
  "Auckland",
  "Wellington",
  "Christchurch",
  "Hamilton",
  "Tauranga",
  "South Island",
] as const satisfies readonly Region[];

/** "Long inactivity" of the terms, made concrete: an expired listing not renewed for this long is deleted. */
export const INACTIVE_LISTING_MONTHS = 12;

export const TERMS_UPDATED = "March 20, 2025";
export const PRIVACY_UPDATED = "November 28, 2026";
