// Featured without the plan (decision 0017): the only way besides the plan to make a listing
// featured is an administrator's grant for some weeks, with a reason, audited in the same D1 batch; revoking
// it is audited too, and the cron ends a grant whose time has come, as it ends a plan. `featured` is then
// worked out again from the plan and the grant (featuredNow), and the photos visitors see follow it.
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { formatNzDate } from "~/platform/time/date-text";
import { isId } from "~/platform/data/ids";
import { SUBSCRIPTION_MSG, WEEK_MS } from "./subscriptions";
import { auditForListing } from "~/features/audit/audit.server";
import { getDb, rowById, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { publicPhotoStatements } from "~/features/photos/plan-photos.server";
import { afterSubscriptionChange, featuredNow, listingPublicState } from "./subscriptions.server";
import type { BillingEnv } from "./subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";

const l = schema.listings;
/** Per cron run; the rest wait for the next run. */
const BATCH = 50;

export const GRANT_MSG = {
  adminsOnly: "Administrators only.",
  notFound: "Listing not found.",
  reason: "Give a reason (up to 200 characters): it goes on the audit log.",
  noGrant: "This listing has no Featured grant.",
} as const;

type Admin = { id: string; isAdmin: boolean };
type GrantResult = { ok: true; until: number | null } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

/** An administrator's reason for a grant, for the audit log: 1 to 200 characters, spaces folded; else null. */
export function parseReason(value: unknown): string | null {
  const reason = typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "";
  return reason.length >= 1 && reason.length <= 200 ? reason : null;
}

/** After the grant's own write: `featured` from the plan and the grant, then the photos and cover. */
function followStatements(db: Db, listingId: string, now: number) {
  return [
    db
      .update(l)
      .set({ featured: sql`${featuredNow(now)}`, updatedAt: now })
      .where(eq(l.id, listingId)),
    ...publicPhotoStatements(db, listingId),
  ] as const;
}

/**
 * A grant's change in one batch: its own write (`change`), `featured` and the photos following it, and the
 * audit line; then what follows any change of what the listing shows (afterSubscriptionChange).
 */
async function writeGrantChange(
  env: BillingEnv,
  ctx: WaitUntil,
  grant: Grant,
  change: (db: Db) => BatchItem<"sqlite">,
  audit: { adminId: string; action: "grant_featured" | "revoke_featured"; detail: string },
  now: number,
) {
  const db = getDb(env);
  const listingId = grant.id;
  await db.batch([change(db), ...followStatements(db, listingId, now), auditForListing(db, audit, listingId, now)]);
  await afterSubscriptionChange(env, ctx, listingId, grant);
}

/** The listing's grant, with its public state before the change (one read for both). */
async function readGrant(env: DbEnv, listingId: string) {
  return rowById(env, l, { id: l.id, featuredUntil: l.featuredUntil, live: l.live, location: l.location }, listingId);
}

type Grant = NonNullable<Awaited<ReturnType<typeof readGrant>>>;

/**
 * Featured for `weeks` (1–52) from now, or from the end of a grant still running. It shows while the listing
 * is paid for (a listing without a plan is not public anyway) and lasts beyond a change of plan.
 */
export async function grantFeatured(
  env: BillingEnv,
  ctx: WaitUntil,
  admin: Admin,
  listingId: unknown,
  weeksValue: unknown,
  reasonValue: unknown,
  now = Date.now(),
): Promise<GrantResult> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: GRANT_MSG.adminsOnly };
  if (!isId(listingId)) return { ok: false, status: 404, error: GRANT_MSG.notFound };
  const weeks = Number(weeksValue);
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > 52) {
    return { ok: false, status: 400, error: SUBSCRIPTION_MSG.badWeeks };
  }
  const reason = parseReason(reasonValue);
  if (!reason) return { ok: false, status: 400, error: GRANT_MSG.reason };
  const grant = await readGrant(env, listingId);
  if (!grant) return { ok: false, status: 404, error: GRANT_MSG.notFound };
  const until = Math.max(grant.featuredUntil ?? now, now) + weeks * WEEK_MS;
  const detail = `Featured for ${weeks} week${weeks === 1 ? "" : "s"}, until ${formatNzDate(until)}: ${reason}`;
  await writeGrantChange(
    env,
    ctx,
    grant,
    (db) => db.update(l).set({ featuredUntil: until }).where(eq(l.id, listingId)),
    { adminId: admin.id, action: "grant_featured", detail },
    now,
  );
  return { ok: true, until };
}

/** Ends a grant now: `featured` follows the plan again, and a Standard listing shows 10 photos. */
export async function revokeFeatured(
  env: BillingEnv,
  ctx: WaitUntil,
  admin: Admin,
  listingId: unknown,
  reasonValue: unknown,
  now = Date.now(),
): Promise<GrantResult> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: GRANT_MSG.adminsOnly };
  if (!isId(listingId)) return { ok: false, status: 404, error: GRANT_MSG.notFound };
  const reason = parseReason(reasonValue);
  if (!reason) return { ok: false, status: 400, error: GRANT_MSG.reason };
  const grant = await readGrant(env, listingId);
  if (!grant) return { ok: false, status: 404, error: GRANT_MSG.notFound };
  if (grant.featuredUntil === null) return { ok: false, status: 409, error: GRANT_MSG.noGrant };
  await writeGrantChange(
    env,
    ctx,
    grant,
    (db) =>
      db
        .update(l)
        .set({ featuredUntil: null })
        .where(and(eq(l.id, listingId), isNotNull(l.featuredUntil))),
    { adminId: admin.id, action: "revoke_featured", detail: reason },
    now,
  );
  return { ok: true, until: null };
}

/** The cron: grants whose time has come end as a plan does, `featured` and the photos following. */
export async function endFeaturedGrants(env: BillingEnv, ctx: WaitUntil, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const due = await db
    .select({ id: l.id })
    .from(l)
    .where(and(isNotNull(l.featuredUntil), lte(l.featuredUntil, now)))
    .orderBy(asc(l.featuredUntil))
    .limit(BATCH);
  let ended = 0;
  for (const { id } of due) {
    try {
      const before = await listingPublicState(env, id);
      await db.batch([
        db
          .update(l)
          .set({ featuredUntil: null })
          .where(and(eq(l.id, id), lte(l.featuredUntil, now))),
        ...followStatements(db, id, now),
      ]);
      await afterSubscriptionChange(env, ctx, id, before);
      ended++;
    } catch (error) {
      console.error("featured grants: failed to end one", id, error);
    }
  }
  return ended;
}
