// An agency's own details and its operator certificate (docs/decisions/0058-worker-consent-and-agency-checks.md).
// Under the Prostitution Reform Act 2003 an agency's operator holds a certificate; a small owner-operated
// brothel needs none, and says why. Pure: the dashboard's form and the server check the same rules.
import { z } from "zod";
import { REGIONS } from "~/core/regions";
import type { Region } from "~/core/regions";

export { agencyPath } from "~/core/profile";

/** The owner is reminded this many days before the certificate expires. */
export const REMIND_DAYS_BEFORE = 30;

export const AGENCY_MSG = {
  name: "Enter the agency's name (2 to 80 characters).",
  regions: "Choose at least one region.",
  description: "Keep the description to 500 characters.",
  contactLine: "Keep the contact line to 120 characters.",
  openingHours: "Keep the opening hours to 200 characters.",
  certificateNumber: "Enter the certificate number as it is printed (letters, digits, - and /; 3 to 40).",
  certificateExpires: "Enter the certificate's expiry date; it must be in the future.",
  noCertificateReason: "Say in a sentence or two why no certificate is needed (20 to 500 characters).",
  certificateMode: "Choose whether the operator holds a certificate.",
  slugTaken: "Another agency saved the same name just now: save again.",
} as const;

export type AgencyValues = {
  name: string;
  regions: string[];
  description: string;
  contactLine: string;
  openingHours: string;
  certificateMode: "certificate" | "none" | "";
  certificateNumber: string;
  certificateExpires: string;
  noCertificateReason: string;
};

export type AgencyDetails = {
  name: string;
  regions: Region[];
  description: string;
  contactLine: string;
  openingHours: string;
  certificateNumber: string | null;
  certificateExpires: string | null;
  noCertificateReason: string | null;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The form's values checked, or an error per field (the first per field). `today` is NZ's date. */
export function parseAgency(
  values: AgencyValues,
  today: string,
): { ok: true; details: AgencyDetails } | { ok: false; fieldErrors: Partial<Record<keyof AgencyValues, string>> } {
  const errors: Partial<Record<keyof AgencyValues, string>> = {};
  const name = values.name.trim();
  if (name.length < 2 || name.length > 80) errors.name = AGENCY_MSG.name;
  const regions = [...new Set(values.regions)].filter((r): r is Region => (REGIONS as readonly string[]).includes(r));
  if (regions.length === 0 || regions.length !== new Set(values.regions).size) errors.regions = AGENCY_MSG.regions;
  const description = values.description.trim();
  if (description.length > 500) errors.description = AGENCY_MSG.description;
  const contactLine = values.contactLine.trim();
  if (contactLine.length > 120) errors.contactLine = AGENCY_MSG.contactLine;
  const openingHours = values.openingHours.trim();
  if (openingHours.length > 200) errors.openingHours = AGENCY_MSG.openingHours;
  let certificateNumber: string | null = null;
  let certificateExpires: string | null = null;
  let noCertificateReason: string | null = null;
  if (values.certificateMode === "certificate") {
    certificateNumber = values.certificateNumber.trim().toUpperCase();
    if (!/^[A-Z0-9][A-Z0-9/-]{2,39}$/.test(certificateNumber)) errors.certificateNumber = AGENCY_MSG.certificateNumber;
    certificateExpires = values.certificateExpires.trim();
    if (
      !DATE.test(certificateExpires) ||
      !z.iso.date().safeParse(certificateExpires).success ||
      certificateExpires <= today
    )
      errors.certificateExpires = AGENCY_MSG.certificateExpires;
  } else if (values.certificateMode === "none") {
    noCertificateReason = values.noCertificateReason.trim();
    if (noCertificateReason.length < 20 || noCertificateReason.length > 500)
      errors.noCertificateReason = AGENCY_MSG.noCertificateReason;
  } else errors.certificateMode = AGENCY_MSG.certificateMode;
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    details: {
      name,
      regions,
      description,
      contactLine,
      openingHours,
      certificateNumber,
      certificateExpires,
      noCertificateReason,
    },
  };
}

type Certificate = Pick<AgencyDetails, "certificateNumber" | "certificateExpires" | "noCertificateReason">;

/** A change to what an administrator checked: the check must be made again. */
export function certificateChanged(before: Certificate | null, after: Certificate): boolean {
  if (!before) return true;
  return (
    before.certificateNumber !== after.certificateNumber ||
    before.certificateExpires !== after.certificateExpires ||
    before.noCertificateReason !== after.noCertificateReason
  );
}

/**
 * Whether an agency's listings may be public: an administrator has checked its certificate (or its statement
 * that none is needed) as it now stands, and it is not suspended. Until then it can prepare listings but
 * publish none; the check is made with its first listing's review.
 */
export function mayPublish(
  agency: { certificateCheckedAt: number | null; suspendedAt: number | null } | null,
): boolean {
  return agency != null && agency.certificateCheckedAt != null && agency.suspendedAt == null;
}

/** Whether the expiry reminder is due today: within REMIND_DAYS_BEFORE days, and not sent for this date yet. */
export function reminderDue(expires: string | null, today: string, remindedFor: string | null): boolean {
  if (!expires || expires === remindedFor || expires < today) return false;
  const days = (Date.parse(`${expires}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days <= REMIND_DAYS_BEFORE;
}

/** The form's values from what is stored (or empty for an agency that has not filled them in). */
export function agencyValues(details: AgencyDetails | null, fallbackName: string): AgencyValues {
  return {
    name: details?.name ?? fallbackName,
    regions: details?.regions ?? [],
    description: details?.description ?? "",
    contactLine: details?.contactLine ?? "",
    openingHours: details?.openingHours ?? "",
    certificateMode: details?.certificateNumber ? "certificate" : details?.noCertificateReason ? "none" : "",
    certificateNumber: details?.certificateNumber ?? "",
    certificateExpires: details?.certificateExpires ?? "",
    noCertificateReason: details?.noCertificateReason ?? "",
  };
}

/** A slug: lower-case letters and digits joined by single hyphens, at most 60 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a name gives ('Harbour Agency' → 'harbour-agency'); accents dropped, 'agency' when nothing is left. */
export function slugFromName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return base || "agency";
}

/** The first of base, base-2, base-3… that no other agency holds. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
