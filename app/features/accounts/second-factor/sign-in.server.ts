// The second half of a sign-in with two-factor on: the pending sign-in (pending-sign-in.server.ts) plus a
// code from the authenticator app, or a recovery code with the password again, start the session. Wrong
// codes count three ways: against the pending sign-in (a few, then the password again), against the
// per-account budget shared with wrong passwords, and in the owner's security log.
import { ownerMailContext } from "../owner-mail.server";
import { eq } from "drizzle-orm";
import { MSG } from "~/features/accounts/auth-schemas";
import { isBlocked } from "~/features/accounts/sign-in/login-throttle";
import { totpMessage, TWO_FACTOR_MSG } from "./totp";
import { recoveryCodeUsedEmail } from "./totp-emails";
import { AuthError } from "../auth-errors";
import { createSession } from "../auth.server";
import { toSessionUser } from "~/core/session-user";
import type { SessionUser } from "../auth.server";
import { cookieIsSecure } from "~/platform/env";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail } from "~/platform/email/email.server";
import {
  clearThrottle,
  readThrottle,
  recordLoginFailure,
  tellOwnerOfFailures,
  throttleKey,
} from "../sign-in/login-throttle.server";
import { verifyPassword } from "../password.server";
import {
  clearPendingCookie,
  consumePendingSignIn,
  attemptsLeftAfterFailure,
  reservePendingAttempt,
  readPendingSignIn,
} from "../sign-in/pending-sign-in.server";
import type { PendingSignIn } from "../sign-in/pending-sign-in.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "../security-log.server";
import { SealingKeyError } from "~/platform/crypto/sealing-key.server";
import { spendRecoveryCode, verifyTotp } from "./totp.server";
import type { RequestContext } from "~/platform/request-context";

export type SecondFactorInput = { code: string } | { recoveryCode: string; password: string };
export type SecondFactorField = "code" | "recoveryCode" | "password";

export const SIGN_IN_MSG = {
  tooManyCodes: "Too many wrong codes. Please log in again.",
  wrongPassword: "That is not your password.",
} as const;

/**
 * A refused second step. `field` is the input the message belongs beside; `restart` means the pending
 * sign-in is gone (expired, used up) and the password must be typed again.
 */
export class SecondFactorError extends AuthError {
  constructor(
    status: number,
    message: string,
    readonly field: SecondFactorField | null,
    readonly restart = false,
  ) {
    super(status, message);
    this.name = "SecondFactorError";
  }
}

/** The pending sign-in the request carries, or null. For the login page's loader. */
export function pendingSignInOf(request: Request, env: Env): Promise<PendingSignIn | null> {
  return readPendingSignIn(request, env, cookieIsSecure(env));
}

/**
 * Finishes the sign-in: answers the user and the Set-Cookie values (the new session's, and the pending
 * cookie cleared). Throws SecondFactorError.
 */
export async function completeSecondFactor(
  request: Request,
  cf: Pick<RequestContext, "env" | "ctx" | "cf">,
  input: SecondFactorInput,
  now = Date.now(),
): Promise<{ user: SessionUser; cookies: string[] }> {
  const { env } = cf;
  const secure = cookieIsSecure(env);
  const pending = await readPendingSignIn(request, env, secure, now);
  if (!pending) throw new SecondFactorError(401, TWO_FACTOR_MSG.pendingExpired, null, true);
  const db = getDb(env);
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, pending.userId)).limit(1);
  if (!row) throw new SecondFactorError(401, TWO_FACTOR_MSG.pendingExpired, null, true);
  const meta = requestMeta(request, cf.cf);
  const throttle = await throttleKey(row.email);
  const state = await readThrottle(env, throttle);
  if (isBlocked(state, now)) throw new SecondFactorError(429, MSG.rateLimited, null);
  const used = await reservePendingAttempt(env, pending.id, now);
  if (used === null) throw new SecondFactorError(401, SIGN_IN_MSG.tooManyCodes, null, true);

  const refuse = async (
    field: SecondFactorField,
    message: string,
    event: "login_failed" | "two_factor_failed" | "recovery_code_failed",
  ) => {
    const [left, tripped] = await Promise.all([
      attemptsLeftAfterFailure(env, pending.id, used),
      recordLoginFailure(env, throttle, now),
      recordSecurityEvent(securityEventStatement(db, row.id, event, meta, now)),
    ]);
    if (tripped) await tellOwnerOfFailures(env, request, row.email);
    if (!left) throw new SecondFactorError(401, SIGN_IN_MSG.tooManyCodes, null, true);
    return new SecondFactorError(401, message, field);
  };

  let recoveryLeft: number | null = null;
  if ("code" in input) {
    const check = await verifyTotp(env, row.id, input.code, now).catch((error: unknown) => {
      // A missing or changed sealing key: nobody can sign in with a code until it is put right.
      if (error instanceof SealingKeyError) {
        console.error("two-factor sign-in:", error.message);
        throw new SecondFactorError(503, TWO_FACTOR_MSG.unavailable, null);
      }
      throw error;
    });
    if (!check.ok) throw await refuse("code", totpMessage(check.reason), "two_factor_failed");
  } else {
    // The password first, so a mistyped one does not spend a recovery code.
    if (!(await verifyPassword(input.password, row.passwordHash)))
      throw await refuse("password", SIGN_IN_MSG.wrongPassword, "login_failed");
    const used = await spendRecoveryCode(env, row.id, input.recoveryCode, now);
    if (!used) throw await refuse("recoveryCode", TWO_FACTOR_MSG.recoveryWrong, "recovery_code_failed");
    recoveryLeft = used.left;
  }

  if (!(await consumePendingSignIn(env, pending.id, now)))
    throw new SecondFactorError(401, TWO_FACTOR_MSG.pendingExpired, null, true);
  if (state) await clearThrottle(env, row.email);
  const cookie = await createSession(request, env, row.id, { cf: cf.cf, secondFactor: "code", now });
  // One entry that says how: with a code, or with a recovery code.
  await recordSecurityEvent(
    securityEventStatement(db, row.id, recoveryLeft !== null ? "recovery_code_used" : "login_two_factor", meta, now),
  );
  if (recoveryLeft !== null) {
    const email = recoveryCodeUsedEmail({ ...ownerMailContext(env, request, row.firstName), left: recoveryLeft });
    cf.ctx.waitUntil(sendEmail(env, { to: row.email, ...email }));
  }
  return { user: toSessionUser(row, now), cookies: [cookie, clearPendingCookie(secure)] };
}
