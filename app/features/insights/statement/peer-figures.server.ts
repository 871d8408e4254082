// The weekly statement's reads (docs/decisions/0030-weekly-visibility-statement.md, 0051): a listing's own
// stretches of time public and daily counts in the week, and its groups' members, stored once per closed week,
// plan and region so that a statement reads one row per group. The members are every listing public in the
// group at any time that week, each with its impressions and time public there (./exposure-days.ts): the
// statement's peers and the administrators' exposure page are the same rows, so they cannot disagree.
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { nzDayStart } from "~/platform/time/nz-time";
import { byGroup, groupKey, statementWeek, weekFigures, weekFinal, weekSpan } from "./exposure-days";
import type { DayCount, Plan, Span, Week } from "./exposure-days";
import type { Member } from "./statement";
import { firstDayKept } from "../retention.server";

const sp = schema.listingPublicSpans;
const ld = schema.listingDaily;
const wp = schema.weekPeerFigures;

/** D1 binds at most 100 values per statement; a stored group takes 5. */
const GROUPS_PER_INSERT = 20;

/** Spans that overlap the week (its NZ days, weekSpan), optionally of one listing. */
function spansQuery(db: Db, week: Week, listingId?: string) {
  const { start, end } = weekSpan(week);
  return db
    .select({
      listingId: sp.listingId,
      start: sp.startedAt,
      end: sp.endedAt,
      featured: sp.featured,
      region: sp.location,
    })
    .from(sp)
    .where(
      and(
        listingId === undefined ? undefined : eq(sp.listingId, listingId),
        lt(sp.startedAt, end),
        or(isNull(sp.endedAt), gt(sp.endedAt, start)),
      ),
    );
}

function countsQuery(db: Db, week: Week, listingId?: string) {
  return db
    .select({ listingId: ld.listingId, day: ld.day, impressions: ld.impressions })
    .from(ld)
    .where(
      and(
        listingId === undefined ? undefined : eq(ld.listingId, listingId),
        sql`${ld.day} between ${week.from} and ${week.to}`,
      ),
    );
}

/** The stored groups the listing was in that week (by its own spans), for the same batch as its own rows. */
function storedGroupsOfQuery(db: Db, week: Week, listingId: string) {
  const { start, end } = weekSpan(week);
  const inGroup: SQL = sql`EXISTS (SELECT 1 FROM listing_public_spans s WHERE s.listing_id = ${listingId}
    AND s.started_at < ${end} AND (s.ended_at IS NULL OR s.ended_at > ${start}) AND s.location = ${wp.region}
    AND (CASE WHEN s.featured = 1 THEN 'featured' ELSE 'standard' END) = ${wp.plan})`;
  return db
    .select({ plan: wp.plan, region: wp.region, members: wp.members })
    .from(wp)
    .where(and(eq(wp.weekFrom, week.from), inGroup));
}

/** A statement's reads for one D1 batch: the listing's spans and counts in the week, and its stored groups. */
export function statementQueries(db: Db, listingId: string, week: Week) {
  return [
    spansQuery(db, week, listingId),
    countsQuery(db, week, listingId),
    storedGroupsOfQuery(db, week, listingId),
  ] as const;
}

export type StatementRows = readonly [Span[], DayCount[], { plan: string; region: string; members: string }[]];

type StoredMember = [listingId: string, impressions: number, publicMs: number];

const encode = (members: readonly Member[]) =>
  JSON.stringify(members.map((m): StoredMember => [m.listingId, m.impressions, m.publicMs]));
const decode = (members: string): Member[] =>
  (JSON.parse(members) as StoredMember[]).map(([listingId, impressions, publicMs]) => ({
    listingId,
    impressions,
    publicMs,
  }));

/** The stored rows by group. */
export function storedGroups(rows: readonly { plan: string; region: string; members: string }[]) {
  return new Map(rows.map((r) => [groupKey(r.plan as Plan, r.region), decode(r.members)]));
}

/**
 * Every group of the week with its members: the stored rows, or, while none are stored, computed from the
 * week's spans and daily rows and (once the week's figures are final) stored, all groups in one batch, so a
 * week with any stored row has all of them. A concurrent first computation stores the same rows; the second
 * insert is a no-op.
 */
export async function weekGroups(env: DbEnv, week: Week, now: number): Promise<Map<string, Member[]>> {
  const db = getDb(env);
  const stored = await db
    .select({ plan: wp.plan, region: wp.region, members: wp.members })
    .from(wp)
    .where(eq(wp.weekFrom, week.from));
  if (stored.length > 0) return storedGroups(stored);
  const [spans, counts] = await db.batch([spansQuery(db, week), countsQuery(db, week)]);
  const groups = new Map(
    [...byGroup(weekFigures(week, spans, counts, now))].map(([key, figures]) => [
      key,
      figures.map((f) => ({ listingId: f.listingId, impressions: f.impressions, publicMs: f.publicMs })),
    ]),
  );
  if (now >= weekFinal(week) && groups.size > 0) await storeWeek(db, week, groups, now);
  return groups;
}

async function storeWeek(db: Db, week: Week, groups: Map<string, Member[]>, now: number) {
  const values = [...groups].map(([key, members]) => {
    const [plan, region] = key.split("\u0000");
    return { weekFrom: week.from, plan, region, members: encode(members), computedAt: now };
  });
  const inserts = [];
  for (let i = 0; i < values.length; i += GROUPS_PER_INSERT) {
    inserts.push(
      db
        .insert(wp)
        .values(values.slice(i, i + GROUPS_PER_INSERT))
        .onConflictDoNothing(),
    );
  }
  await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
}

/**
 * The cron: stores the statement week's groups as soon as its figures are final, so that no statement pays
 * for the computation. A run that finds them stored reads one row and stops. Returns how many groups it stored.
 */
export async function fillWeekPeerFigures(env: DbEnv, now: number): Promise<number> {
  const week = statementWeek(now);
  const db = getDb(env);
  const [done] = await db
    .select({ one: sql`1` })
    .from(wp)
    .where(eq(wp.weekFrom, week.from))
    .limit(1);
  if (done) return 0;
  return (await weekGroups(env, week, now)).size;
}

/**
 * Stretches of time public that ended before the daily rows' cutoff are no use to any statement (their days'
 * counts are folded into months): deleted, as the daily rows are. The cutoff is the NZ midnight that starts
 * the first day kept (foldOldInsights), so a day's row is never kept without its spans. Returns how many.
 */
export async function prunePublicSpans(env: DbEnv, now: number): Promise<number> {
  const cutoff = nzDayStart(firstDayKept(now));
  const result = await getDb(env).delete(sp).where(lt(sp.endedAt, cutoff));
  return result.meta.changes ?? 0;
}
