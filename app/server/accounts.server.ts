// Account flows shared by the pages (/login, the reset pages) and the JSON API: sign-up, reset request,
// reset. Each does the same work whether or not the e-mail has an account, and mails through
// ctx.waitUntil, so neither the answer nor its timing tells a stranger who is registered.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, count, eq, exists, gt, isNull, lt, sql } from "drizzle-orm";
import { passwordChangedEmail, passwordResetEmail, signupAttemptEmail, welcomeEmail } from "~/lib/auth-emails";
import type { SignupInput } from "~/lib/auth-schemas";
import { ABSOLUTE_TIMEOUT_MS, RESET_REQUESTS_PER_HOUR, RESET_TOKEN_TTL_MS, sessionExpiry } from "~/lib/auth-session";
import { isTokenShape, serializeSessionCookie, sha256Hex } from "./session-cookie.server";
import { newId, newToken } from "~/lib/ids";
import { hashPassword } from "./password.server";
import { newPasswordProblem } from "./password-policy.server";
import { clearThrottle } from "./login-throttle.server";
import { AuthError, cookieIsSecure, readPreviousSessionId, type SessionUser } from "./auth.server";
import { getDb, insertWhere, schema } from "./db.server";
import { sendEmail } from "./email.server";
import { claimMailSlot, SIGNUP_ATTEMPT_MAIL_INTERVAL_MS } from "./mail-caps.server";
import { siteOrigin } from "./site-origin.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "./security-log.server";

type Ctx = AppLoadContext["cloudflare"];

function siteName(env: Env): string {
  return env.SITE_NAME || "Kiwi Companions";
}

export type SignupResult = {
  /** False when the e-mail already had an account: nobody is logged in, the owner is told by e-mail. */
  created: boolean;
  user: SessionUser;
  /** Set-Cookie value: the new session, or a cleared cookie when no account was made. */
  cookie: string;
};

/**
 * Creates the account and its first session in one atomic batch. If the e-mail is taken, the same
 * statements run and change nothing, the answer has the same shape, and the owner gets an e-mail
 * (docs/decisions/0002-signup-enumeration.md).
 */
export async function signup(request: Request, cf: Ctx, input: SignupInput, now = Date.now()): Promise<SignupResult> {
  const { env } = cf;
  // Before anything is read: the refusal is the same whether or not the address has an account.
  const problem = await newPasswordProblem(env, input.password);
  if (problem) throw new AuthError(400, problem);
  const secure = cookieIsSecure(env);
  const userId = newId();
  const token = newToken();
  const [passwordHash, sessionId, previousId] = await Promise.all([
    hashPassword(input.password),
    sha256Hex(token),
    readPreviousSessionId(request, env),
  ]);
  const db = getDb(env);
  const [inserted] = await db.batch([
    db
      .insert(schema.users)
      .values({
        id: userId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        accountType: "unpaid",
        agency: input.agency,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: schema.users.email }),
    // Only if the row above was really inserted (this id is new, so it exists only then).
    insertWhere(
      db,
      schema.sessions,
      { id: sessionId, userId, createdAt: now, lastSeenAt: now, expiresAt: sessionExpiry(now) },
      exists(
        db
          .select({ one: sql`1` })
          .from(schema.users)
          .where(eq(schema.users.id, userId)),
      ),
    ),
    // Whatever session the browser came with ends here, new account or not.
    db.delete(schema.sessions).where(eq(schema.sessions.id, previousId ?? "")),
  ]);
  const created = (inserted as D1Result).meta.changes === 1;
  const user: SessionUser = {
    id: userId,
    email: input.email,
    firstName: input.firstName,
    accountType: "unpaid",
    agency: input.agency,
    isAdmin: false,
  };
  cf.ctx.waitUntil(notifySignup(request, env, input.email, created));
  const cookie = created
    ? serializeSessionCookie(token, secure, Math.floor(ABSOLUTE_TIMEOUT_MS / 1000))
    : serializeSessionCookie("", secure, 0);
  return { created, user, cookie };
}

async function notifySignup(request: Request, env: Env, email: string, created: boolean) {
  const origin = siteOrigin(env, request);
  if (created) {
    const [row] = await getDb(env).select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
    if (row)
      await sendEmail(env, {
        to: email,
        ...welcomeEmail({ origin, firstName: row.firstName, siteName: siteName(env) }),
      });
    return;
  }
  const [owner] = await getDb(env).select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
  // Capped per recipient: repeated sign-ups with someone's address must not become a mail bomb.
  if (!owner || !(await claimMailSlot(env, "signup-attempt", email, SIGNUP_ATTEMPT_MAIL_INTERVAL_MS))) return;
  await sendEmail(env, {
    to: email,
    ...signupAttemptEmail({ origin, firstName: owner.firstName, siteName: siteName(env) }),
  });
}

/**
 * Records a reset token for the account with this e-mail, if there is one and it has not asked too often
 * this hour, in a single statement that runs the same way either way. The e-mail goes out afterwards.
 */
export async function requestPasswordReset(request: Request, cf: Ctx, email: string, now = Date.now()): Promise<void> {
  const { env } = cf;
  const token = newToken();
  const tokenHash = await sha256Hex(token);
  const db = getDb(env);
  const u = schema.users;
  const pr = schema.passwordResets;
  const recent = db
    .select({ n: count() })
    .from(pr)
    .where(and(eq(pr.userId, u.id), gt(pr.createdAt, now - 60 * 60_000)));
  // Keys in the table's column order: drizzle lists the table's columns for the INSERT.
  const rows = await db
    .insert(pr)
    .select(
      db
        .select({
          tokenHash: sql<string>`${tokenHash}`.as("token_hash"),
          userId: u.id,
          createdAt: sql<number>`${now}`.as("created_at"),
          expiresAt: sql<number>`${now + RESET_TOKEN_TTL_MS}`.as("expires_at"),
          usedAt: sql<number | null>`null`.as("used_at"),
        })
        .from(u)
        .where(and(eq(u.email, email), lt(recent, RESET_REQUESTS_PER_HOUR))),
    )
    .returning({ userId: pr.userId });
  if (!rows[0]) return;
  cf.ctx.waitUntil(sendResetEmail(request, env, rows[0].userId, token));
  // After the answer, like the mail, so a known address answers no slower than an unknown one.
  cf.ctx.waitUntil(
    recordSecurityEvent(
      securityEventStatement(db, rows[0].userId, "reset_requested", requestMeta(request, cf.cf), now),
    ),
  );
}

async function sendResetEmail(request: Request, env: Env, userId: string, token: string) {
  const [row] = await getDb(env).select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  if (!row) return;
  await sendEmail(env, {
    to: row.email,
    ...passwordResetEmail({
      origin: siteOrigin(env, request),
      token,
      firstName: row.firstName,
      siteName: siteName(env),
    }),
  });
}

/** True when the link's token can still be used (read-only: opening the link does not spend it). */
export async function isResetTokenUsable(env: Env, token: string, now = Date.now()): Promise<boolean> {
  if (!isTokenShape(token)) return false;
  const [row] = await getDb(env)
    .select({ expiresAt: schema.passwordResets.expiresAt })
    .from(schema.passwordResets)
    .where(and(eq(schema.passwordResets.tokenHash, await sha256Hex(token)), isNull(schema.passwordResets.usedAt)))
    .limit(1);
  return !!row && row.expiresAt > now;
}

/**
 * Spends the token (once: the conditional UPDATE lets exactly one request win), sets the new password,
 * ends every session of the account and voids its other reset links. False when the token is unknown,
 * expired or already used.
 */
export async function resetPassword(
  request: Request,
  cf: Ctx,
  token: string,
  newPassword: string,
  now = Date.now(),
): Promise<boolean> {
  const { env } = cf;
  if (!isTokenShape(token)) return false;
  // Before the token is spent: a refused password leaves the link usable for a better one.
  const problem = await newPasswordProblem(env, newPassword);
  if (problem) throw new AuthError(400, problem);
  const [passwordHash, tokenHash] = await Promise.all([hashPassword(newPassword), sha256Hex(token)]);
  const db = getDb(env);
  const [spent] = await db
    .update(schema.passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(schema.passwordResets.tokenHash, tokenHash),
        isNull(schema.passwordResets.usedAt),
        sql`${schema.passwordResets.expiresAt} > ${now}`,
      ),
    )
    .returning({ userId: schema.passwordResets.userId });
  if (!spent) return false;
  const { userId } = spent;
  await db.batch([
    db.update(schema.users).set({ passwordHash, updatedAt: now }).where(eq(schema.users.id, userId)),
    db.delete(schema.sessions).where(eq(schema.sessions.userId, userId)),
    db
      .update(schema.passwordResets)
      .set({ usedAt: now })
      .where(and(eq(schema.passwordResets.userId, userId), isNull(schema.passwordResets.usedAt))),
  ]);
  await recordSecurityEvent(securityEventStatement(db, userId, "reset_completed", requestMeta(request, cf.cf), now));
  // A reset lifts the sign-in delays at once: the per-account budget never locks the owner out.
  const [owner] = await db.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, userId));
  if (owner) await clearThrottle(env, owner.email);
  cf.ctx.waitUntil(notifyPasswordChanged(request, env, userId));
  return true;
}

async function notifyPasswordChanged(request: Request, env: Env, userId: string) {
  const [row] = await getDb(env).select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  if (!row) return;
  await sendEmail(env, {
    to: row.email,
    ...passwordChangedEmail({ origin: siteOrigin(env, request), firstName: row.firstName, siteName: siteName(env) }),
  });
}

export type AccountRecord = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  accountType: string;
  /** The spec's wire format: the string 'true' or 'false'. */
  agency: "true" | "false";
};

export async function getAccount(env: Env, userId: string): Promise<AccountRecord | null> {
  const [row] = await getDb(env).select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  if (!row) return null;
  return {
    userId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    accountType: row.accountType,
    agency: row.agency ? "true" : "false",
  };
}
