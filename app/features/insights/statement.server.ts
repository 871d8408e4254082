// The weekly visibility statement's reads and the e-mail it sends: last week's impressions of a listing and of
// its peers (same plan, same region: peer-figures.server.ts), the opt-in, the cron's once-a-week send and the
// administrators' spread report (docs/decisions/0030-weekly-visibility-statement.md).
import { and, eq, lt, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { selectOwnListing } from "~/features/listings/own-listing.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import type { EmailEnv } from "~/platform/email/email.server";
import { lastFullWeek, median, spreadOf, statementEmail, statementOf } from "./statement";
import type { GroupSpread, Plan, Statement, Week } from "./statement";
import { peerImpressions, planOf, storedPeersQuery, weekRows } from "./peer-figures.server";
import type { Row } from "./peer-figures.server";

const l = schema.listings;
const ld = schema.listingDaily;
const se = schema.statementEmails;

/** Opted-in providers looked at per cron run (every 30 minutes). */
const PER_RUN = 50;

/** What a statement needs of its listing. */
export type StatementListing = { region: string; featured: boolean | number; live: boolean | number };

/**
 * A statement's reads for one D1 batch: the listing's own week (its ≤ 7 daily rows) and its group's stored peer
 * figures, one row (docs/decisions/0030-weekly-visibility-statement.md).
 */
export function statementQueries(db: Db, listingId: string, listing: StatementListing, week: Week) {
  return [
    db
      .select({ impressions: sql<number>`coalesce(sum(${ld.impressions}), 0)` })
      .from(ld)
      .where(and(eq(ld.listingId, listingId), sql`${ld.day} between ${week.from} and ${week.to}`)),
    storedPeersQuery(db, week, planOf(listing.featured), listing.region),
  ] as const;
}

/** The statement from what statementQueries read (a group not stored yet is computed and stored now). */
export async function statementFrom(
  env: DbEnv,
  listing: StatementListing,
  week: Week,
  [own, stored]: readonly [{ impressions: number }[], { impressions: string }[]],
  now: number,
): Promise<Statement> {
  const plan = planOf(listing.featured);
  const peers = await peerImpressions(env, stored, { week, plan, region: listing.region }, now);
  const ownImpressions = own[0]?.impressions ?? 0;
  // A listing hidden all week and unseen is not among its peers; it still gets its (empty) statement.
  const impressions = [...peers];
  if (ownImpressions === 0 && !listing.live) impressions.push(0);
  return statementOf(week, plan, listing.region, ownImpressions, impressions);
}

/** The statement of one of the owner's listings for the last full week; null when it is not theirs. */
export async function loadStatement(
  env: DbEnv,
  userId: string,
  listingId: string,
  now: number,
): Promise<Statement | null> {
  const listing = await selectOwnListing(env, userId, listingId, {
    region: l.location,
    featured: l.featured,
    live: l.live,
  });
  if (!listing) return null;
  const db = getDb(env);
  const week = lastFullWeek(now);
  return statementFrom(env, listing, week, await db.batch(statementQueries(db, listingId, listing, week)), now);
}

export const statementEmailQuery = (db: Db, userId: string | SQL) =>
  db.select({ userId: se.userId }).from(se).where(eq(se.userId, userId));

/** Opting in starts with last week's statement already counted as sent: the first e-mail is next Monday's. */
export async function setStatementEmail(env: DbEnv, userId: string, on: boolean, now: number) {
  const db = getDb(env);
  if (on) {
    await db
      .insert(se)
      .values({ userId, createdAt: now, lastWeek: lastFullWeek(now).from })
      .onConflictDoNothing();
  } else await db.delete(se).where(eq(se.userId, userId));
}

/** The cron: each opted-in provider gets last week's statement once (the week is claimed before sending). */
export async function sendWeeklyStatements(
  env: EmailEnv & Pick<Env, "SITE_NAME">,
  origin: string,
  now: number,
): Promise<number> {
  const db = getDb(env);
  const week = lastFullWeek(now);
  const due = await db
    .select({ userId: se.userId, email: schema.users.email })
    .from(se)
    .innerJoin(schema.users, eq(schema.users.id, se.userId))
    .where(lt(se.lastWeek, week.from))
    .limit(PER_RUN);
  let sent = 0;
  for (const row of due) {
    // Claimed first: a repeated or overlapping run finds the week taken and sends nothing.
    const claimed = await db
      .update(se)
      .set({ lastWeek: week.from })
      .where(and(eq(se.userId, row.userId), lt(se.lastWeek, week.from)))
      .returning({ userId: se.userId });
    if (claimed.length === 0) continue;
    const mine = await db
      .select({ id: l.id, firstName: l.firstName })
      .from(l)
      .where(eq(l.userId, row.userId))
      .orderBy(l.createdAt, l.id);
    const items: { firstName: string; statement: Statement }[] = [];
    for (const listing of mine) {
      const statement = await loadStatement(env, row.userId, listing.id, now);
      if (statement) items.push({ firstName: listing.firstName, statement });
    }
    if (items.length === 0) continue;
    const { subject, text } = statementEmail(siteName(env), `${origin}/dashboard/insights`, items);
    if (await sendEmail(env, { to: row.email, subject, text, html: htmlOf(text) })) sent++;
  }
  return sent;
}

function htmlOf(text: string): string {
  const esc = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<pre style="font-family:sans-serif;white-space:pre-wrap">${esc}</pre>`;
}

export type ExposureReport = {
  week: Week;
  groups: GroupSpread[];
  /** Featured listings with fewer impressions than the Standard median of their region. */
  behind: { id: string; firstName: string; region: string; impressions: number; standardMedian: number }[];
};

/** The administrators' screen: every plan and region's spread last week, and the Featured listings behind. */
export async function loadExposureReport(env: DbEnv, now: number): Promise<ExposureReport> {
  const week = lastFullWeek(now);
  const rows = await weekRows(env, week);
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${planOf(r.featured)}\u0000${r.region}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const spreads = [...groups.entries()]
    .map(([key, members]) => {
      const [plan, region] = key.split("\u0000") as [Plan, string];
      return spreadOf(
        plan,
        region,
        members.map((m) => m.impressions),
      );
    })
    .sort((a, b) => a.plan.localeCompare(b.plan) || a.region.localeCompare(b.region));
  const behind: ExposureReport["behind"] = [];
  for (const r of rows) {
    if (!r.featured) continue;
    const standard = groups.get(`standard\u0000${r.region}`);
    if (!standard) continue;
    const standardMedian = median(standard.map((m) => m.impressions));
    if (r.impressions < standardMedian) {
      behind.push({ id: r.id, firstName: r.firstName, region: r.region, impressions: r.impressions, standardMedian });
    }
  }
  behind.sort((a, b) => a.region.localeCompare(b.region) || a.impressions - b.impressions);
  return { week, groups: spreads, behind };
}
