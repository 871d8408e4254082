// Who may use the Safety Net: an account with at least one listing whose ID verification was approved
// (listings.verified, set only by an administrator's approval: app/features/verification/verification.server.ts) and not
// paused ('Take a break'). Everyone else, signed in or not, gets 403 on a post and 404 on a page, and is
// never told what the feature holds (docs/decisions/0023-safety-net.md).
import { and, eq, gte, inArray } from "drizzle-orm";
import { nzDate } from "~/platform/time/nz-time";
import { parseRegion } from "~/core/regions";
import type { Region } from "~/core/regions";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

export type SafetyAccess = {
  userId: string;
  /** The account's age decides the second look (retention.ts NEW_ACCOUNT_DAYS). */
  accountCreatedAt: number;
  /** Home regions of the verified listings and the regions of their tours, today's or coming. */
  regions: Region[];
};

/** The account's access, or null when it may not use the Safety Net. */
export async function safetyAccess(env: DbEnv, userId: string, now: number): Promise<SafetyAccess | null> {
  const db = getDb(env);
  const l = schema.listings;
  const [listings, users] = await db.batch([
    db
      .select({ id: l.id, location: l.location, verified: l.verified, pausedAt: l.pausedAt })
      .from(l)
      .where(eq(l.userId, userId)),
    db.select({ createdAt: schema.users.createdAt }).from(schema.users).where(eq(schema.users.id, userId)),
  ]);
  const user = users[0];
  const open = listings.filter((x) => x.verified && x.pausedAt === null);
  if (!user || open.length === 0) return null;
  const t = schema.tourStops;
  const stops = await db
    .select({ region: t.region })
    .from(t)
    .where(
      and(
        inArray(
          t.listingId,
          open.map((x) => x.id),
        ),
        gte(t.endDate, nzDate(now)),
      ),
    );
  const regions = new Set<Region>();
  for (const place of [...open.map((x) => x.location), ...stops.map((s) => s.region)]) {
    const region = parseRegion(place);
    if (region) regions.add(region);
  }
  return { userId, accountCreatedAt: user.createdAt, regions: [...regions] };
}
