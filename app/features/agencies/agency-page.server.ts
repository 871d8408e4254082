// The public agency page's reads (docs/decisions/0059-agency-page.md): an agency that may publish, by its slug,
// with its live listings whose workers agreed to be shown there, and who of them works today. The page is kept
// by the page cache (app/features/catalogue/page-cache-key.ts, kind 'agency') and made again when the public
// set or any agency's details or consents change.
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { toCard } from "~/core/listing-card";
import type { Region } from "~/core/regions";
import { formatRange, readStoredSchedule } from "~/core/weekly-schedule";
import { cardShift, rosterHours } from "~/core/roster";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { nzClock } from "~/platform/time/nz-time";
import { cardColumns, gridOrder } from "~/features/listings/card-queries.server";
import { SLUG_PATTERN } from "./agency";
import type { AgencyPage } from "./agency-page";
import { shiftTextOn } from "./roster-reads.server";

const a = schema.agencies;
const l = schema.listings;
const wc = schema.workerConsents;

/** An agency page holds at most this many listings (an agency of more is rare; the grids list them all). */
export const AGENCY_PAGE_LIMIT = 60;

/** What the page shows of an agency: only one that may publish (checked, not suspended) has a page. */
const shownAgency = (slug: string) => and(eq(a.slug, slug), isNotNull(a.certificateCheckedAt), isNull(a.suspendedAt));

/**
 * The listings shown: live, of this agency, with their worker's consent to the page as it stands. `+live`
 * keeps SQLite off the grid's index (it would walk every live listing in grid order for the LIMIT): the
 * agency's own listings by listings_user, then sorted, are a few rows.
 */
const shownListing = and(sql`+${l.live} = 1`, eq(wc.state, "agreed"), eq(wc.onAgencyPage, true));

export async function loadAgencyPage(env: DbEnv, slug: string, now: number): Promise<AgencyPage | null> {
  if (!SLUG_PATTERN.test(slug) || slug.length > 64) return null;
  const db = getDb(env);
  const today = nzClock(now);
  const [agencies, rows] = await db.batch([
    db.select().from(a).where(shownAgency(slug)).limit(1),
    db
      .select({ ...cardColumns, schedule: l.schedule, shift: shiftTextOn(today.date) })
      .from(l)
      .innerJoin(wc, eq(wc.listingId, l.id))
      .innerJoin(a, eq(a.userId, l.userId))
      .where(and(shownAgency(slug), shownListing))
      .orderBy(...gridOrder)
      .limit(AGENCY_PAGE_LIMIT),
  ]);
  const agency = agencies[0];
  if (!agency?.slug) return null;
  return {
    name: agency.name,
    slug: agency.slug,
    regions: (agency.regions ? agency.regions.split(",") : []) as Region[],
    description: agency.description,
    contactLine: agency.contactLine,
    openingHours: agency.openingHours,
    cards: rows.map(({ schedule, shift, ...row }) => {
      // Her roster shift today, else her weekly hours for today (docs/decisions/0060-agency-roster.md).
      const s = cardShift(shift);
      const shifts =
        s === null ? [] : [s === "off" ? { date: today.date, start: null, end: null } : { date: today.date, ...s }];
      const ranges = rosterHours(readStoredSchedule(schedule), shifts)(today.date);
      return { ...toCard(row), today: ranges.length ? ranges.map(formatRange).join(", ") : null };
    }),
  };
}

/** The slugs of the agencies that have a page, for the sitemap. */
export async function agencyPageSlugs(env: DbEnv): Promise<string[]> {
  const rows = await getDb(env)
    .select({ slug: a.slug })
    .from(a)
    .where(and(isNotNull(a.slug), isNotNull(a.certificateCheckedAt), isNull(a.suspendedAt)))
    .orderBy(asc(a.slug))
    .limit(1000);
  return rows.flatMap((r) => (r.slug ? [r.slug] : []));
}

/**
 * Where an old address of a renamed agency now is: its current slug, when it has a page (migration 0080 keeps
 * each slug an agency leaves; docs/decisions/0065-agency-slugs-kept.md). Null for any other slug.
 */
export async function movedAgencySlug(env: DbEnv, slug: string): Promise<string | null> {
  if (!SLUG_PATTERN.test(slug) || slug.length > 64) return null;
  const old = schema.agencyOldSlugs;
  const [row] = await getDb(env)
    .select({ slug: a.slug })
    .from(old)
    .innerJoin(a, eq(a.userId, old.userId))
    .where(and(eq(old.slug, slug), isNotNull(a.slug), isNotNull(a.certificateCheckedAt), isNull(a.suspendedAt)))
    .limit(1);
  return row?.slug ?? null;
}
