// Sensitive changes (e-mail, password, two-factor, deleting the account) ask who is at the keyboard
// again: a stolen or forgotten-open session must not be enough to lock the owner out. The current password
// works at any time; a second factor proved in this session in the last few minutes works instead. A passkey
// sign-in is a sign-in, not such proof for a new password or e-mail address ("credentials"): a passkey is a
// whole way in by itself, and one that leaked (a synced device, a shared phone) must not be enough to lock
// the owner out of their password and their mailbox. See docs/accounts.md, 'Sessions and sensitive changes'.
// Wrong passwords count against the same per-account budget as sign-in, so this is no side door for guessing.
import { eq } from "drizzle-orm";
import { isBlocked } from "~/features/accounts/sign-in/login-throttle";
import { MSG } from "./auth-schemas";
import type { SessionUser } from "~/core/session-user";
import type { CurrentSession } from "./auth.server";
import { getDb, schema } from "~/platform/data/db.server";
import { readThrottle, recordLoginFailure, tellOwnerOfFailures, throttleKey } from "./sign-in/login-throttle.server";
import { verifyPassword } from "./password.server";
import { FIELD } from "./settings/account-settings";

/** How long a second factor proved in a session counts as fresh for a sensitive change. */
export const FRESH_SECOND_FACTOR_MS = 10 * 60_000;

/** The form field that carries the current password: the settings forms' own name for it. */
export const CURRENT_PASSWORD_FIELD = FIELD.currentPassword;

export const REAUTH_MSG = {
  needed: "Enter your current password to confirm this change.",
  passkeyNotEnough:
    "You signed in with a passkey: enter your current password to change your password or e-mail address.",
  wrong: "That is not your current password.",
} as const;

export type Reauth = { ok: true; via: "password" | "second-factor" } | { ok: false; status: 400 | 429; error: string };

/**
 * What a confirmation is for. "credentials": a new password or e-mail address, which a passkey sign-in does
 * not confirm. "change": every other sensitive change, which a recent passkey sign-in does.
 */
export type ReauthPurpose = "change" | "credentials";

type ProvedSession = Pick<CurrentSession, "secondFactorAt" | "secondFactorVia">;

export function hasFreshSecondFactor(
  session: ProvedSession,
  now = Date.now(),
  purpose: ReauthPurpose = "change",
): boolean {
  if (purpose === "credentials" && session.secondFactorVia === "passkey") return false;
  return session.secondFactorAt != null && now - session.secondFactorAt < FRESH_SECOND_FACTOR_MS;
}

/**
 * Confirms the signed-in owner for a sensitive change: `password` (the form's currentPassword, if any) is
 * checked when given; otherwise a fresh second factor in `session` is accepted, except a passkey sign-in's
 * when the change is to the `credentials`.
 */
export async function confirmIdentity(
  request: Request,
  env: Env,
  user: Pick<SessionUser, "id" | "email">,
  session: ProvedSession,
  password: unknown,
  now = Date.now(),
  purpose: ReauthPurpose = "change",
): Promise<Reauth> {
  const typed = typeof password === "string" ? password : "";
  if (typed === "") {
    if (hasFreshSecondFactor(session, now, purpose)) return { ok: true, via: "second-factor" };
    // Said plainly: the person did prove something a moment ago, just not enough for this.
    const passkeyOnly = hasFreshSecondFactor(session, now, "change");
    return { ok: false, status: 400, error: passkeyOnly ? REAUTH_MSG.passkeyNotEnough : REAUTH_MSG.needed };
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
