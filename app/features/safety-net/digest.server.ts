// The digest, run by the cron: at most one e-mail a day to each provider who asked for it, and only when
// an alert was published for one of their regions since the last one. A provider who is no longer verified
// gets nothing (docs/decisions/0023-safety-net.md).
import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import type { EmailEnv } from "~/platform/email/email.server";
import { safetyAccess } from "./access.server";
import { digestEmail } from "./digest";
import { DIGEST_HOURS } from "./retention";
import type { DbEnv } from "~/platform/data/db.server";

/** Subscribers looked at per run; the cron runs every 30 minutes. */
const PER_RUN = 50;

export async function setDigest(env: DbEnv, userId: string, on: boolean, now: number): Promise<void> {
  const db = getDb(env);
  const d = schema.safetyDigests;
  if (on) await db.insert(d).values({ userId, createdAt: now, lastSentAt: now }).onConflictDoNothing();
  else await db.delete(d).where(eq(d.userId, userId));
}

export async function hasDigest(env: DbEnv, userId: string): Promise<boolean> {
  const d = schema.safetyDigests;
  const rows = await getDb(env).select({ userId: d.userId }).from(d).where(eq(d.userId, userId));
  return rows.length > 0;
}

export async function sendDigests(
  env: EmailEnv & Pick<Env, "SITE_NAME">,
  origin: string,
  now: number,
): Promise<number> {
  const db = getDb(env);
  const d = schema.safetyDigests;
  const r = schema.safetyReports;
  const due = await db
    .select({ userId: d.userId, email: schema.users.email, lastSentAt: d.lastSentAt })
    .from(d)
    .innerJoin(schema.users, eq(schema.users.id, d.userId))
    .where(lt(d.lastSentAt, now - DIGEST_HOURS * 3_600_000))
    .limit(PER_RUN);
  let sent = 0;
  for (const row of due) {
    const access = await safetyAccess(env, row.userId, now);
    if (!access || access.regions.length === 0) continue;
    const [fresh] = await db
      .select({ n: count() })
      .from(r)
      .where(
        and(
          eq(r.status, "published"),
          inArray(r.alertRegion, access.regions),
          gt(r.publishedAt, row.lastSentAt),
          gt(r.expiresAt, now),
        ),
      );
    if (!fresh || fresh.n === 0) continue;
    // Marked first: a repeated run never sends twice.
    const marked = await db
      .update(d)
      .set({ lastSentAt: now })
      .where(and(eq(d.userId, row.userId), eq(d.lastSentAt, row.lastSentAt)));
    if (marked.meta.changes === 0) continue;
    if (await sendEmail(env, { to: row.email, ...digestEmail(siteName(env), origin) })) sent++;
  }
  return sent;
}
