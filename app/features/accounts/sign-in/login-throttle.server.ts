// The per-account sign-in budget in D1 (rules in features/accounts/sign-in/login-throttle.ts). The row is keyed by a hash of the
// e-mail address, so unknown addresses are throttled exactly like known ones and no address is stored.
import { ownerMailContext } from "../owner-mail.server";
import { and, eq, lt, sql } from "drizzle-orm";
import { loginFailuresEmail } from "~/features/accounts/auth-emails";
import { blockedUntilAfter, FAILURE_WINDOW_MS, FREE_FAILURES } from "./login-throttle";
import type { ThrottleState } from "./login-throttle";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail } from "~/platform/email/email.server";
import { claimMailSlot } from "../mail-caps.server";
import { sha256Hex } from "~/platform/http/token-cookie.server";
import type { DbEnv } from "~/platform/data/db.server";

const t = schema.loginThrottle;

export function throttleKey(email: string): Promise<string> {
  return sha256Hex(`login:${email.trim().toLowerCase()}`);
}

export async function readThrottle(env: DbEnv, key: string): Promise<ThrottleState | null> {
  const [row] = await getDb(env)
    .select({ failures: t.failures, windowStart: t.windowStart, blockedUntil: t.blockedUntil })
    .from(t)
    .where(eq(t.key, key))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one failure; true when it is the one that starts the delays (the owner is told once). The count is
 * an increment in the statement itself, not a value computed from an earlier read: failures sent in parallel
 * each count.
 */
export async function recordLoginFailure(env: DbEnv, key: string, now: number): Promise<boolean> {
  const db = getDb(env);
  const fresh = sql`${now} - ${t.windowStart} > ${FAILURE_WINDOW_MS}`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStart: now, blockedUntil: 0 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`CASE WHEN ${fresh} THEN 1 ELSE ${t.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${fresh} THEN ${now} ELSE ${t.windowStart} END`,
      },
    })
    .returning({ failures: t.failures });
  const failures = row?.failures ?? 1;
  const blockedUntil = blockedUntilAfter(failures, now);
  // Only ever later: a slower parallel failure must not shorten the wait a faster one set.
  if (blockedUntil > 0)
    await db
      .update(t)
      .set({ blockedUntil })
      .where(and(eq(t.key, key), lt(t.blockedUntil, blockedUntil)));
  return failures === FREE_FAILURES;
}

/** The cron drops budgets whose window and delay are both over: they would count for nothing. */
export async function sweepLoginThrottle(env: DbEnv, now: number): Promise<void> {
  await getDb(env)
    .delete(t)
    .where(and(lt(t.windowStart, now - FAILURE_WINDOW_MS), lt(t.blockedUntil, now)));
}

export async function clearThrottle(env: DbEnv, email: string): Promise<void> {
  await getDb(env)
    .delete(t)
    .where(eq(t.key, await throttleKey(email)));
}

/** One e-mail to the owner, if the address has an account, at most once per failure window. */
export async function tellOwnerOfFailures(env: Env, request: Request, email: string): Promise<void> {
  const [owner] = await getDb(env)
    .select({ firstName: schema.users.firstName })
    .from(schema.users)
    .where(eq(schema.users.email, email))
    .limit(1);
  if (!owner || !(await claimMailSlot(env, "login-failures", email, FAILURE_WINDOW_MS))) return;
  await sendEmail(env, {
    to: email,
    ...loginFailuresEmail(ownerMailContext(env, request, owner.firstName)),
  });
}
