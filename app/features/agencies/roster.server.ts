// The agency's roster: reads and writes of its listings' shifts and its templates
// (docs/decisions/0060-agency-roster.md). Every write is one D1 batch of only the cells that change; the
// triggers on roster_shifts (migration 0079) move each changed listing's updated_at, which bumps its page-cache
// versions and makes readers distrust its KV snapshot. A change to today's (or yesterday's, still running)
// shift also rewrites the snapshot and tells open pages at once, as a listing's save does.
import { and, asc, between, eq, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { afterListingChange } from "~/features/profile/after-change.server";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { newId } from "~/platform/data/ids";
import type { WaitUntil } from "~/platform/request-context";
import { addDays, nzDate } from "~/platform/time/nz-time";
import { readStoredSchedule } from "~/core/weekly-schedule";
import type { WeeklySchedule } from "~/core/weekly-schedule";
import { MAX_TEMPLATES, patternOf, readPattern, rosterChanges, weekDates } from "./roster";
import type { Cell, ListingShift } from "./roster";

export type RosterEnv = Pick<Env, "DB" | "PROFILES" | "ListingsRoom">;

const l = schema.listings;
const rs = schema.rosterShifts;
const rt = schema.rosterTemplates;

/** Rows per multi-row INSERT: four parameters each, under D1's 100. */
const ROWS_PER_INSERT = 24;
/** Ids per DELETE … IN, beside its date. */
const IDS_PER_DELETE = 90;

export type RosterListing = { id: string; name: string; live: boolean; schedule: WeeklySchedule };

/** The agency's listings, in the order its dashboard shows them (oldest first). */
function listingsQuery(db: Db, userId: string) {
  return db
    .select({ id: l.id, name: l.firstName, live: l.live, schedule: l.schedule })
    .from(l)
    .where(eq(l.userId, userId))
    .orderBy(asc(l.createdAt), asc(l.id));
}

/** The agency's stored shifts from `first` to `last` (NZ dates, both included). */
function shiftsQuery(db: Db, userId: string, first: string, last: string) {
  return db
    .select({ listingId: rs.listingId, date: rs.date, start: rs.startTime, end: rs.endTime })
    .from(rs)
    .innerJoin(l, eq(l.id, rs.listingId))
    .where(and(eq(l.userId, userId), between(rs.date, first, last)));
}

function templatesQuery(db: Db, userId: string) {
  return db
    .select({ id: rt.id, name: rt.name, pattern: rt.pattern })
    .from(rt)
    .where(eq(rt.userId, userId))
    .orderBy(asc(rt.name));
}

export type RosterWeek = {
  listings: RosterListing[];
  shifts: ListingShift[];
  templates: { id: string; name: string }[];
};

/** One week of the roster (its Monday) with the agency's listings and templates: one batch. */
export async function loadRosterWeek(env: Pick<Env, "DB">, userId: string, monday: string): Promise<RosterWeek> {
  const db = getDb(env);
  const [listings, shifts, templates] = await db.batch([
    listingsQuery(db, userId),
    shiftsQuery(db, userId, monday, addDays(monday, 6)),
    templatesQuery(db, userId),
  ]);
  return {
    listings: listings.map((r) => ({ ...r, schedule: readStoredSchedule(r.schedule) })),
    shifts,
    templates: templates.map(({ id, name }) => ({ id, name })),
  };
}

/** The ids of the agency's listings. */
export async function agencyListingIds(env: Pick<Env, "DB">, userId: string): Promise<string[]> {
  return (await listingsQuery(getDb(env), userId)).map((r) => r.id);
}

/**
 * Makes the agency's stored shifts on the cells named by `wanted` what it says (null: no shift), in one batch of
 * only the cells that change. The caller has checked every listing is the agency's. Answers how many changed.
 */
export async function writeCells(
  env: RosterEnv,
  ctx: WaitUntil,
  userId: string,
  wanted: ReadonlyMap<string, Cell>,
  now: number,
): Promise<number> {
  if (!wanted.size) return 0;
  const dates = [...wanted.keys()].map((k) => k.split("|")[1]).sort();
  const db = getDb(env);
  const stored = await shiftsQuery(db, userId, dates[0], dates[dates.length - 1]);
  const { put, remove } = rosterChanges(stored, wanted);
  const statements: BatchItem<"sqlite">[] = [];
  const byDate = new Map<string, string[]>();
  for (const r of remove) byDate.set(r.date, [...(byDate.get(r.date) ?? []), r.listingId]);
  for (const [date, ids] of byDate)
    for (let i = 0; i < ids.length; i += IDS_PER_DELETE)
      statements.push(
        db.delete(rs).where(and(eq(rs.date, date), inArray(rs.listingId, ids.slice(i, i + IDS_PER_DELETE)))),
      );
  for (let i = 0; i < put.length; i += ROWS_PER_INSERT) {
    const rows = put.slice(i, i + ROWS_PER_INSERT).map((p) => ({
      listingId: p.listingId,
      date: p.date,
      startTime: p.start,
      endTime: p.end,
    }));
    statements.push(
      db
        .insert(rs)
        .values(rows)
        .onConflictDoUpdate({
          target: [rs.listingId, rs.date],
          set: { startTime: sql`excluded.start_time`, endTime: sql`excluded.end_time` },
        }),
    );
  }
  if (!statements.length) return 0;
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await announceToday(env, ctx, [...put, ...remove], now);
  return put.length + remove.length;
}

/**
 * After a write: each listing whose shift today, or yesterday's (an overnight one may still run), changed gets
 * its KV snapshot rewritten and open pages told, as a listing's save does. Later dates need neither: the moved
 * updated_at already makes readers rebuild the snapshot, and nothing on an open page shows them yet.
 */
async function announceToday(
  env: RosterEnv,
  ctx: WaitUntil,
  changed: readonly { listingId: string; date: string }[],
  now: number,
) {
  const today = nzDate(now);
  const near = new Set([today, addDays(today, -1)]);
  const ids = new Set(changed.filter((c) => near.has(c.date)).map((c) => c.listingId));
  for (const id of ids) await afterListingChange(env, ctx, id);
}

/** The shifts of a week before `monday`'s, moved onto `monday`'s week, for every listing of the agency. */
export async function lastWeekCells(
  env: Pick<Env, "DB">,
  userId: string,
  monday: string,
): Promise<{ cells: Map<string, Cell>; copied: number }> {
  const db = getDb(env);
  const prev = addDays(monday, -7);
  const [listings, shifts] = await db.batch([
    listingsQuery(db, userId),
    shiftsQuery(db, userId, prev, addDays(prev, 6)),
  ]);
  const pattern = patternOf(
    shifts,
    prev,
    listings.map((r) => r.id),
  );
  const cells = new Map<string, Cell>();
  const dates = weekDates(monday);
  for (const { id } of listings) dates.forEach((d, i) => cells.set(`${id}|${d}`, pattern[id]?.[i] ?? null));
  return { cells, copied: shifts.length };
}

export async function templatePattern(env: Pick<Env, "DB">, userId: string, templateId: string) {
  const [row] = await getDb(env)
    .select({ pattern: rt.pattern })
    .from(rt)
    .where(and(eq(rt.id, templateId), eq(rt.userId, userId)))
    .limit(1);
  return row ? readPattern(row.pattern) : null;
}

/**
 * Keeps the stored week of `monday` under `name` (replacing a template of that name). Answers false when the
 * agency already has MAX_TEMPLATES others.
 */
export async function saveTemplate(
  env: Pick<Env, "DB">,
  userId: string,
  name: string,
  monday: string,
  now: number,
): Promise<"saved" | "empty" | "full"> {
  const db = getDb(env);
  const [listings, shifts, templates] = await db.batch([
    listingsQuery(db, userId),
    shiftsQuery(db, userId, monday, addDays(monday, 6)),
    templatesQuery(db, userId),
  ]);
  const pattern = patternOf(
    shifts,
    monday,
    listings.map((r) => r.id),
  );
  if (!Object.keys(pattern).length) return "empty";
  if (templates.length >= MAX_TEMPLATES && !templates.some((t) => t.name === name)) return "full";
  await db
    .insert(rt)
    .values({ id: newId(), userId, name, pattern: JSON.stringify(pattern), createdAt: now })
    .onConflictDoUpdate({ target: [rt.userId, rt.name], set: { pattern: sql`excluded.pattern` } });
  return "saved";
}

export async function deleteTemplate(env: Pick<Env, "DB">, userId: string, templateId: string): Promise<boolean> {
  const gone = await getDb(env)
    .delete(rt)
    .where(and(eq(rt.id, templateId), eq(rt.userId, userId)))
    .returning({ id: rt.id });
  return gone.length > 0;
}

/** Days a shift is kept after its date: the roster shows last week (to copy from), never older. */
export const SHIFT_KEEP_DAYS = 14;

/** Deletes shifts older than SHIFT_KEEP_DAYS (the cron). Their listings are not touched (migration 0079). */
export async function sweepOldShifts(env: Pick<Env, "DB">, now: number): Promise<number> {
  const result = await getDb(env)
    .delete(rs)
    .where(lt(rs.date, addDays(nzDate(now), -SHIFT_KEEP_DAYS)));
  return result.meta.changes;
}
