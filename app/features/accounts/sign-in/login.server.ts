// Signing in with e-mail and password: the credentials checked through remix-auth's FormStrategy, the
// per-account and per-client budgets, and what a right password leads to (a session or a pending sign-in).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { cookieIsSecure } from "~/platform/env";
import { getDb, schema } from "~/platform/data/db.server";
import { formToObject } from "~/platform/http/form-object";
import { UNCONFIRMED_ACCOUNT_DAYS } from "~/features/site/retention";
import { AuthError, EmailUnconfirmedError } from "../auth-errors";
import { loginSchema, MSG, parseWith } from "../auth-schemas";
import { createSession } from "../auth.server";
import { toSessionUser } from "~/core/session-user";
import type { SessionUser } from "../auth.server";
import { hashPassword, needsRehash, verifyPassword } from "../password.server";
import {
  recordSecurityEvent,
  requestMeta,
  securityEventForEmailStatement,
  securityEventStatement,
} from "../security-log.server";
import { secondFactorsOf } from "../second-factor/factors.server";
import { isBlocked } from "./login-throttle";
import {
  clearThrottle,
  readThrottle,
  recordLoginFailure,
  tellOwnerOfFailures,
  throttleKey,
} from "./login-throttle.server";
import { startPendingSignIn } from "./pending-sign-in.server";

// Unknown e-mails are checked against this so they cost the same PBKDF2 as known ones: the answer time
// does not tell whether an account exists. (Salt and hash are zero bytes; nothing ever matches it.)
const DUMMY_HASH = `pbkdf2-sha256$100000$${"A".repeat(22)}==$${"A".repeat(43)}=`;

/** How long a sign-up's password for a confirmed account's address is remembered: as long as a pending sign-up lives. */
const SIGNUP_ATTEMPT_TTL_MS = UNCONFIRMED_ACCOUNT_DAYS * 24 * 60 * 60_000;

async function verifyCredentials(env: Env, input: unknown): Promise<SessionUser> {
  const parsed = parseWith(loginSchema, input);
  if (!parsed.ok) throw new AuthError(400, parsed.error);
  const { email, password } = parsed.data;
  const db = getDb(env);
  const sa = schema.signupAttempts;
  const [found] = await db
    .select({ user: schema.users, attemptHash: sa.passwordHash })
    .from(schema.users)
    .leftJoin(sa, and(eq(sa.userId, schema.users.id), gt(sa.createdAt, Date.now() - SIGNUP_ATTEMPT_TTL_MS)))
    .where(eq(schema.users.email, email))
    .limit(1);
  const row = found?.user;
  const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  if (row && valid && row.emailConfirmedAt !== null) {
    if (needsRehash(row.passwordHash)) {
      await db
        .update(schema.users)
        .set({ passwordHash: await hashPassword(password), updatedAt: Date.now() })
        .where(eq(schema.users.id, row.id));
    }
    return toSessionUser(row, null);
  }
  // Every answer but a sign-in costs a second derivation, against the password a sign-up typed for this
  // confirmed address (or against nothing), so the time taken does not tell the answers apart either.
  const attempt = row && !valid && row.emailConfirmedAt !== null ? found.attemptHash : null;
  const typedAtSignup = await verifyPassword(password, attempt ?? DUMMY_HASH);
  if (row && valid) throw new EmailUnconfirmedError(row.id);
  if (row && typedAtSignup) throw new EmailUnconfirmedError(null);
  throw new AuthError(401, MSG.invalidLogin);
}

function authenticatorFor(env: Env) {
  return new Authenticator<SessionUser>().use(
    new FormStrategy(async ({ form }) => verifyCredentials(env, formToObject(form))),
    "form",
  );
}

/**
 * Checks e-mail and password from a form-encoded request through remix-auth's FormStrategy. Throws
 * AuthError (400 for bad input, 401 for wrong credentials). Does not start a session.
 */
async function authenticateLogin(request: Request, env: Env): Promise<SessionUser> {
  try {
    return await authenticatorFor(env).authenticate("form", request);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // FormStrategy could not read a form body: that is bad input, not a server fault.
    if (error instanceof TypeError || (error instanceof Error && error.name === "BodyUsedError")) {
      throw new AuthError(400, MSG.required);
    }
    throw error;
  }
}

/** A form-encoded POST carrying `fields`, for handing JSON input to the FormStrategy. */
function formRequest(url: string, fields: Record<string, string>): Request {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

/** What a right password leads to: a session, or (two-factor on) a pending sign-in that waits for a code. */
export type LoginResult =
  { kind: "session"; user: SessionUser; cookie: string } | { kind: "second-factor"; cookie: string };

/** What login needs from the request's context: where it came from, and a way to work after the answer. */
export type LoginContext = {
  cf?: AppLoadContext["cloudflare"]["cf"];
  /** ctx.waitUntil: the owner's 'several failed sign-ins' mail goes out after the answer. */
  waitUntil: (work: Promise<unknown>) => void;
};

/**
 * Logs in with e-mail and password (from a page form or a JSON body): checks them through remix-auth,
 * then starts a fresh session, or, when the account has a second factor, a pending sign-in (no session
 * yet; see pending-sign-in.server.ts). Throws AuthError; answers the Set-Cookie value.
 */
export async function login(
  request: Request,
  env: Env,
  input: Record<string, unknown>,
  { cf, waitUntil }: LoginContext,
): Promise<LoginResult> {
  const parsed = parseWith(loginSchema, input);
  if (!parsed.ok) throw new AuthError(400, parsed.error);
  const meta = requestMeta(request, cf);
  const now = Date.now();
  // The per-account budget, read for every address, registered or not: the answer and the work are the same.
  const throttle = await throttleKey(parsed.data.email);
  const state = await readThrottle(env, throttle);
  if (isBlocked(state, now)) throw new AuthError(429, MSG.rateLimited);
  let user: SessionUser;
  try {
    user = await authenticateLogin(formRequest(request.url, parsed.data), env);
  } catch (error) {
    // Logged against the account only if the address has one; the same statement runs either way.
    if (error instanceof AuthError && error.status === 401) {
      const [, tripped] = await Promise.all([
        recordSecurityEvent(
          securityEventForEmailStatement(getDb(env), parsed.data.email, "login_failed", meta, Date.now()),
        ),
        recordLoginFailure(env, throttle, now),
      ]);
      // After the answer, like every mail: looking the owner up and mailing them would otherwise make the
      // failure that trips the budget slower for an address with an account than for one without.
      if (tripped)
        waitUntil(
          tellOwnerOfFailures(env, request, parsed.data.email).catch((mailError: unknown) =>
            console.error("login: failed sign-ins mail", mailError),
          ),
        );
    }
    throw error;
  }
  if ((await secondFactorsOf(env, user.id)).length > 0) {
    // The budget is not cleared by the password alone: wrong codes count against it too, so someone who
    // has the password cannot reset the count by typing it again between guesses at the code.
    return { kind: "second-factor", cookie: await startPendingSignIn(env, user.id, cookieIsSecure(env), now) };
  }
  if (state) await clearThrottle(env, parsed.data.email);
  const cookie = await createSession(request, env, user.id, { cf, now });
  await recordSecurityEvent(securityEventStatement(getDb(env), user.id, "login", meta, Date.now()));
  return { kind: "session", user, cookie };
}
