// Who may use the Safety Net: an account with at least one listing whose ID verification was approved
// (listings.verified, set only by an administrator's approval: app/features/verification/verification.server.ts),
// that is not paused ('Take a break') and not switched off, and that no administrator has suspended from the
// Safety Net. Everyone else, signed in or not, gets 403 on a post and 404 on a page, and is never told what the
// feature holds; an account that has reports of its own still reads, answers and withdraws them
// (docs/decisions/0023-safety-net.md, 0043-safety-net-second-pass.md).
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { addDays, nzDate } from "~/platform/time/nz-time";
import type { Placeholder, SQL } from "drizzle-orm";
import { parseRegion } from "~/core/regions";
import type { Region } from "~/core/regions";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { TOUR_AHEAD_DAYS } from "./retention";

export type SafetyAccess = {
  userId: string;
  /** The account's age decides the second look (retention.ts NEW_ACCOUNT_DAYS). */
  accountCreatedAt: number;
  /** Home regions of the listings that give access, and the regions of their tour stops under way or near. */
  regions: Region[];
};

const l = schema.listings;

/**
 * A listing that gives access: ID-verified, not on a break, not switched off. `switched_off` is set by an
 * administrator's take-down ('Make Unlive', hiding after a report) and by the owner's own Live switch alike;
 * both put the listing out of sight, like a break, and neither gives access.
 */
const givesAccess = and(eq(l.verified, true), isNull(l.pausedAt), eq(l.switchedOff, false));

const suspended = (userId: SQL | Placeholder | string) =>
  sql`exists (select 1 from ${schema.safetySuspensions} where ${schema.safetySuspensions.userId} = ${userId})`;

/** The account's access, or null when it may not use the Safety Net. */
export async function safetyAccess(env: DbEnv, userId: string, now: number): Promise<SafetyAccess | null> {
  const db = getDb(env);
  const t = schema.tourStops;
  const today = nzDate(now);
  const own = and(eq(l.userId, userId), givesAccess);
  const [users, listings, stops] = await db.batch([
    db
      .select({ createdAt: schema.users.createdAt, suspended: sql<number>`${suspended(userId)}` })
      .from(schema.users)
      .where(eq(schema.users.id, userId)),
    db.select({ location: l.location }).from(l).where(own),
    // A tour stop counts from TOUR_AHEAD_DAYS before it starts until it ends: a stop months ahead does not
    // open today's alerts of its region.
    db
      .select({ region: t.region })
      .from(t)
      .where(
        and(
          inArray(t.listingId, db.select({ id: l.id }).from(l).where(own)),
          gte(t.endDate, today),
          lte(t.startDate, addDays(today, TOUR_AHEAD_DAYS)),
        ),
      ),
  ]);
  const user = users[0];
  if (!user || user.suspended || listings.length === 0) return null;
  const regions = new Set<Region>();
  for (const place of [...listings.map((x) => x.location), ...stops.map((s) => s.region)]) {
    const region = parseRegion(place);
    if (region) regions.add(region);
  }
  return { userId, accountCreatedAt: user.createdAt, regions: [...regions] };
}

/**
 * Whether the account sees the Safety Net at all: with access, or with reports of its own (which it may
 * always read, answer and withdraw). For the dashboard menu and the page guard; one query.
 */
export async function safetyStanding(env: DbEnv, userId: string): Promise<SafetyStanding> {
  return toSafetyStanding(await safetyStandingQuery(getDb(env), userId));
}

export type SafetyStanding = { access: boolean; ownReports: boolean; suspended: boolean };

/** The standing's one query: `owner` a user id or a subquery naming one (the dashboard reads it with the session). */
export function safetyStandingQuery(db: Db, owner: SQL | Placeholder | string) {
  return db.select(safetyStandingColumns(owner)).from(schema.users).where(eq(schema.users.id, owner));
}

/** The standing's columns of the owner's users row, for a select of that row that reads more beside them. */
export function safetyStandingColumns(owner: SQL | Placeholder | string) {
  const r = schema.safetyReports;
  return {
    listing: sql<number>`exists (select 1 from ${l} where ${l.userId} = ${owner} and ${givesAccess})`,
    ownReports: sql<number>`exists (select 1 from ${r} where ${r.userId} = ${owner})`,
    suspended: sql<number>`${suspended(owner)}`,
  };
}

export function toSafetyStanding([row]: Awaited<ReturnType<typeof safetyStandingQuery>>): SafetyStanding {
  if (!row) return { access: false, ownReports: false, suspended: false };
  return { access: !!row.listing && !row.suspended, ownReports: !!row.ownReports, suspended: !!row.suspended };
}
