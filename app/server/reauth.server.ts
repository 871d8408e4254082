// Sensitive changes (e-mail, password, two-factor, deleting the account) ask who is at the keyboard
// again: a stolen or forgotten-open session must not be enough to lock the owner out. The current password
// works at any time; a second factor proved in this session in the last few minutes works instead.
// Wrong passwords count against the same per-account budget as sign-in, so this is no side door for guessing.
import { eq } from "drizzle-orm";
import { isBlocked } from "~/lib/login-throttle";
import { MSG } from "~/lib/auth-schemas";
import type { SessionUser } from "~/lib/auth-user";
import type { CurrentSession } from "./auth.server";
import { getDb, schema } from "./db.server";
import { readThrottle, recordLoginFailure, tellOwnerOfFailures, throttleKey } from "./login-throttle.server";
import { verifyPassword } from "./password.server";

/** How long a second factor proved in a session counts as fresh for a sensitive change. */
export const FRESH_SECOND_FACTOR_MS = 10 * 60_000;

/** The form field that carries the current password. */
export const CURRENT_PASSWORD_FIELD = "currentPassword";

export const REAUTH_MSG = {
  needed: "Enter your current password to confirm this change.",
  wrong: "That is not your current password.",
} as const;

export type Reauth = { ok: true; via: "password" | "second-factor" } | { ok: false; status: 400 | 429; error: string };

export function hasFreshSecondFactor(session: Pick<CurrentSession, "secondFactorAt">, now = Date.now()): boolean {
  return session.secondFactorAt != null && now - session.secondFactorAt < FRESH_SECOND_FACTOR_MS;
}

/**
 * Confirms the signed-in owner for a sensitive change: `password` (the form's currentPassword, if any) is
 * checked when given; otherwise a fresh second factor in `session` is accepted.
 */
export async function confirmIdentity(
  request: Request,
  env: Env,
  user: Pick<SessionUser, "id" | "email">,
  session: Pick<CurrentSession, "secondFactorAt">,
  password: unknown,
  now = Date.now(),
): Promise<Reauth> {
  const typed = typeof password === "string" ? password : "";
  if (typed === "") {
    return hasFreshSecondFactor(session, now)
      ? { ok: true, via: "second-factor" }
      : { ok: false, status: 400, error: REAUTH_MSG.needed };
  }
  if (typed.length > 128) return { ok: false, status: 400, error: REAUTH_MSG.wrong };
  const key = await throttleKey(user.email);
  const state = await readThrottle(env, key);
  if (isBlocked(state, now)) return { ok: false, status: 429, error: MSG.rateLimited };
  const [row] = await getDb(env)
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, user.id))
    .limit(1);
  if (row && (await verifyPassword(typed, row.passwordHash))) return { ok: true, via: "password" };
  if (await recordLoginFailure(env, key, now)) await tellOwnerOfFailures(env, request, user.email);
  return { ok: false, status: 400, error: REAUTH_MSG.wrong };
}
