// The weekly statement's peer figures (docs/decisions/0030-weekly-visibility-statement.md): every listing's
// impressions of a closed week, grouped by plan and region, stored once per group so that a statement reads one
// row for its peers. The cron fills a week's groups as soon as the week closes; a statement read before it has
// (or for a group it has not reached) computes and stores its own group. Peers are the listings public now or
// seen that week, so a listing hidden all week does not pull the median down.
import { and, eq, sql } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { lastFullWeek } from "./statement";
import type { Plan, Week } from "./statement";

const l = schema.listings;
const ld = schema.listingDaily;
const wp = schema.weekPeerFigures;

/** D1 binds at most 100 values per statement; a stored group takes 5. */
const GROUPS_PER_INSERT = 20;

export type Row = { id: string; firstName: string; region: string; featured: number; impressions: number };

/** Every listing public now or seen in the week, with its week's impressions (optionally one region and plan). */
export async function weekRows(env: DbEnv, week: Week, group?: { region: string; featured: boolean }) {
  const sum = sql<number>`coalesce(sum(${ld.impressions}), 0)`;
  return getDb(env)
    .select({
      id: l.id,
      firstName: l.firstName,
      region: l.location,
      featured: sql<number>`${l.featured}`,
      impressions: sum,
    })
    .from(l)
    .leftJoin(ld, and(eq(ld.listingId, l.id), sql`${ld.day} between ${week.from} and ${week.to}`))
    .where(group ? and(eq(l.location, group.region), eq(l.featured, group.featured)) : undefined)
    .groupBy(l.id)
    .having(sql`${l.live} = 1 or ${sum} > 0`) as Promise<Row[]>;
}

export const planOf = (featured: number | boolean): Plan => (featured ? "featured" : "standard");

const groupKey = (plan: Plan, region: string) => `${plan}\u0000${region}`;

/** A group's figures as stored: most impressions first. */
const storedFigures = (impressions: number[]) => JSON.stringify([...impressions].sort((a, b) => b - a));

/** One group's stored figures of a closed week (no row while neither the cron nor a read has stored them). */
export function storedPeersQuery(db: Db, week: Week, plan: Plan, region: string) {
  return db
    .select({ impressions: wp.impressions })
    .from(wp)
    .where(and(eq(wp.weekFrom, week.from), eq(wp.plan, plan), eq(wp.region, region)));
}

/**
 * One group's impressions of a closed week: the stored row storedPeersQuery read, or — when missing — computed
 * once from the daily rows, stored (a concurrent first read stores the same figures and the second insert is a
 * no-op), then used.
 */
export async function peerImpressions(
  env: DbEnv,
  stored: { impressions: string }[],
  group: { week: Week; plan: Plan; region: string },
  now: number,
): Promise<number[]> {
  if (stored[0]) return JSON.parse(stored[0].impressions) as number[];
  const { week, plan, region } = group;
  const rows = await weekRows(env, week, { region, featured: plan === "featured" });
  const impressions = rows.map((r) => r.impressions).sort((a, b) => b - a);
  await getDb(env)
    .insert(wp)
    .values({ weekFrom: week.from, plan, region, impressions: storedFigures(impressions), computedAt: now })
    .onConflictDoNothing();
  return impressions;
}

/**
 * The cron: stores the last full week's figures of every plan and region a listing is in, so that no statement
 * pays for the computation. A run that finds every group stored reads two small tables and stops; otherwise one
 * pass over the week's rows fills the groups still missing (a group with no peers is stored empty, as a read
 * would store it). Returns how many groups it stored.
 */
export async function fillWeekPeerFigures(env: DbEnv, now: number): Promise<number> {
  const db = getDb(env);
  const week = lastFullWeek(now);
  const [groups, stored] = await db.batch([
    db.selectDistinct({ region: l.location, featured: l.featured }).from(l),
    db.select({ plan: wp.plan, region: wp.region }).from(wp).where(eq(wp.weekFrom, week.from)),
  ]);
  const have = new Set(stored.map((r) => groupKey(r.plan as Plan, r.region)));
  const missing = groups
    .map((g) => ({ plan: planOf(g.featured), region: g.region }))
    .filter((g) => !have.has(groupKey(g.plan, g.region)));
  if (missing.length === 0) return 0;
  const byGroup = new Map<string, number[]>();
  for (const r of await weekRows(env, week)) {
    const key = groupKey(planOf(r.featured), r.region);
    byGroup.set(key, [...(byGroup.get(key) ?? []), r.impressions]);
  }
  const values = missing.map((g) => ({
    weekFrom: week.from,
    plan: g.plan,
    region: g.region,
    impressions: storedFigures(byGroup.get(groupKey(g.plan, g.region)) ?? []),
    computedAt: now,
  }));
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
  return values.length;
}
