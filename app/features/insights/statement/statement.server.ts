// The weekly visibility statement's reads and the e-mail it sends: a listing's days public and impressions in
// the statement's week against its groups' members (peer-figures.server.ts), the opt-in, the cron's
// once-a-week send and the administrators' spread report (docs/decisions/0030-weekly-visibility-statement.md,
// 0051 for the days public).
import { and, eq, lt, sql } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { selectOwnListing } from "~/features/listings/own-listing.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import type { EmailEnv } from "~/platform/email/email.server";
import { groupKey, perDay, statementWeek, weekFigures } from "./exposure-days";
import { lastFullWeek, median, spreadOf, statementEmail, statementOf } from "./statement";
import type { GroupSpread, Plan, Statement, Week } from "./statement";
import { statementQueries, storedGroups, weekGroups } from "./peer-figures.server";
import type { StatementRows } from "./peer-figures.server";

export { statementQueries };

const l = schema.listings;
const se = schema.statementEmails;

/** Opted-in providers looked at per cron run (every 30 minutes). */
const PER_RUN = 50;

/**
 * The statement from what statementQueries read: a part per group the listing was public in that week, none
 * when it was never public. A group not stored yet is computed (with the whole week) and stored now.
 */
export async function statementFrom(
  env: DbEnv,
  week: Week,
  [spans, counts, stored]: StatementRows,
  now: number,
): Promise<Statement> {
  const own = weekFigures(week, spans, counts, now);
  if (own.length === 0) return { week, parts: [] };
  let groups = storedGroups(stored);
  if (own.some((f) => !groups.has(groupKey(f.plan, f.region)))) groups = await weekGroups(env, week, now);
  return statementOf(week, own, (f) => groups.get(groupKey(f.plan, f.region)) ?? []);
}

/** The statement of one of the owner's listings for the statement's week; null when it is not theirs. */
export async function loadStatement(
  env: DbEnv,
  userId: string,
  listingId: string,
  now: number,
): Promise<Statement | null> {
  if (!(await selectOwnListing(env, userId, listingId, { id: l.id }))) return null;
  const db = getDb(env);
  const week = statementWeek(now);
  return statementFrom(env, week, await db.batch(statementQueries(db, listingId, week)), now);
}

export const statementEmailQuery = (db: Db, userId: string | SQL | Placeholder) =>
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
  const week = statementWeek(now);
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
    // Nothing to tell of listings that were not public that week: no e-mail at all when none was.
    const mail = statementEmail(siteName(env), `${origin}/dashboard/insights`, week, items);
    if (!mail) continue;
    if (await sendEmail(env, { to: row.email, subject: mail.subject, text: mail.text, html: htmlOf(mail.text) }))
      sent++;
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
  /** Featured listings with fewer impressions a day than the Standard median of their region. */
  behind: {
    id: string;
    firstName: string;
    region: string;
    impressions: number;
    perDay: number;
    standardMedianPerDay: number;
  }[];
};

/**
 * The administrators' screen: every plan and region's spread in the statement's week, and the Featured
 * listings behind, from the same stored groups the statements read (so the group sizes agree).
 */
export async function loadExposureReport(env: DbEnv, now: number): Promise<ExposureReport> {
  const week = statementWeek(now);
  const groups = await weekGroups(env, week, now);
  const spreads = [...groups.entries()]
    .map(([key, members]) => {
      const [plan, region] = key.split("\u0000") as [Plan, string];
      return spreadOf(plan, region, members);
    })
    .sort((a, b) => a.plan.localeCompare(b.plan) || a.region.localeCompare(b.region));
  const behind: Omit<ExposureReport["behind"][number], "firstName">[] = [];
  for (const [key, members] of groups) {
    const [plan, region] = key.split("\u0000") as [Plan, string];
    if (plan !== "featured") continue;
    const standard = groups.get(groupKey("standard", region));
    if (!standard) continue;
    const standardMedianPerDay = median(standard.map(perDay));
    for (const m of members) {
      const rate = perDay(m);
      if (rate < standardMedianPerDay) {
        behind.push({ id: m.listingId, region, impressions: m.impressions, perDay: rate, standardMedianPerDay });
      }
    }
  }
  behind.sort((a, b) => a.region.localeCompare(b.region) || a.perDay - b.perDay);
  const names = await namesOf(
    env,
    behind.map((b) => b.id),
  );
  return {
    week,
    groups: spreads,
    // A listing deleted since is left out: there is nothing to open.
    behind: behind.flatMap((b) => (names.has(b.id) ? [{ ...b, firstName: names.get(b.id)! }] : [])),
  };
}

/** First names by id, in one statement whatever the number (one bound JSON array). */
async function namesOf(env: DbEnv, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb(env)
    .select({ id: l.id, firstName: l.firstName })
    .from(l)
    .where(sql`${l.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  return new Map(rows.map((r) => [r.id, r.firstName]));
}
