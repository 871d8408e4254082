// Account flows shared by the pages (/login, the reset pages) and the JSON API: sign-up, reset request,
// reset. Each does the same work whether or not the e-mail has an account, and mails through
// ctx.waitUntil, so neither the answer nor its timing tells a stranger who is registered.
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { passwordChangedEmail, passwordResetEmail, signupAttemptEmail } from "./auth-emails";
import { AFTER_LOGIN_DEFAULT } from "./auth-redirect";
import type { SignupInput } from "./auth-schemas";
import { RESET_REQUESTS_PER_HOUR, RESET_TOKEN_TTL_MS } from "./auth-session";
import { clearSessionCookie, isTokenShape, sha256Hex } from "~/platform/http/token-cookie.server";
import { newId, newToken } from "~/platform/data/ids";
import { hashPassword } from "./password.server";
import { newPasswordProblem } from "./password-policy.server";
import { clearThrottle } from "./sign-in/login-throttle.server";
import { AuthError, readPreviousSessionId } from "./auth.server";
import { cookieIsSecure } from "~/platform/env";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import {
  issueLinkStatements,
  mayHaveNewLink,
  newSignupBrowser,
  sendConfirmationEmail,
} from "./email-confirmation.server";
import { claimMailSlot, SIGNUP_ATTEMPT_MAIL_INTERVAL_MS } from "./mail-caps.server";
import { countPasskeys, removeAllPasskeysStatements } from "./second-factor/passkeys.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "./security-log.server";
import type { RequestContext } from "~/platform/request-context";

export type SignupResult = {
  /**
   * Set-Cookie values, the same shape for every address: the cleared session cookie (nobody is signed in by
   * a sign-up) and the signing-up browser's cookie, which lets the link sign in this browser only.
   */
  cookies: string[];
};

/**
 * Starts a sign-up, with one answer for every address (docs/decisions/0010-confirmed-signup.md): nobody is
 * signed in and the session the browser came with ends. The same PBKDF2 and the same one batch run whether
 * the address is new (an unconfirmed account is made), has an unconfirmed sign-up (it is refreshed with
 * these details: whoever reads the mailbox wins, so a squatter cannot hold an address) or has an account
 * (left untouched). A confirmation link is mailed in the first two cases, within the hourly cap; the owner
 * of an account is told that someone tried. Mail goes out after the answer.
 */
export async function signup(
  request: Request,
  cf: RequestContext,
  input: SignupInput,
  options: { redirectTo?: string; now?: number } = {},
): Promise<SignupResult> {
  const { env } = cf;
  const now = options.now ?? Date.now();
  // Before anything is read: the refusal is the same whether or not the address has an account.
  const problem = await newPasswordProblem(env, input.password);
  if (problem) throw new AuthError(400, problem);
  const token = newToken();
  const [passwordHash, tokenHash, previousId, browser] = await Promise.all([
    hashPassword(input.password),
    sha256Hex(token),
    readPreviousSessionId(request, env),
    // Made for every address, so the answer's cookies are the same whichever path this takes.
    newSignupBrowser(env),
  ]);
  const db = getDb(env);
  const u = schema.users;
  const sa = schema.signupAttempts;
  const [voidOlder, insertLink] = issueLinkStatements(
    db,
    eq(u.email, input.email),
    { tokenHash, redirectTo: options.redirectTo ?? AFTER_LOGIN_DEFAULT, browserHash: browser.hash },
    now,
  );
  const details = { passwordHash, firstName: input.firstName, lastName: input.lastName, agency: input.agency };
  const [, , issued] = await db.batch([
    // A new address makes an unconfirmed account. An unconfirmed one takes these details, and counts as made
    // now for the unconfirmed-account sweep, but only when it may have a new link (the same condition as the
    // link's): over the cap nothing changes, so the one usable link always matches the stored password.
    db
      .insert(u)
      .values({
        id: newId(),
        email: input.email,
        ...details,
        accountType: "unpaid",
        createdAt: now,
        updatedAt: now,
        emailConfirmedAt: null,
      })
      .onConflictDoUpdate({
        target: u.email,
        set: { ...details, createdAt: now, updatedAt: now },
        setWhere: mayHaveNewLink(db, now),
      }),
    voidOlder,
    insertLink,
    // A confirmed account keeps the password this sign-up typed, so that signing in with it is told to confirm
    // first, as it would be had the address been free (docs/decisions/0026-sign-in-before-confirming.md).
    db
      .insert(sa)
      .select(
        db
          .select({
            userId: u.id,
            passwordHash: sql<string>`${passwordHash}`.as("password_hash"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(u)
          .where(and(eq(u.email, input.email), isNotNull(u.emailConfirmedAt))),
      )
      .onConflictDoUpdate({
        target: sa.userId,
        set: { passwordHash: sql`excluded.password_hash`, createdAt: sql`excluded.created_at` },
      }),
    // Whatever session the browser came with ends here, whichever path this was.
    db.delete(schema.sessions).where(eq(schema.sessions.id, previousId ?? "")),
  ]);
  cf.ctx.waitUntil(notifySignup(request, env, input.email, issued[0] ? { userId: issued[0].userId, token } : null));
  return { cookies: [clearSessionCookie(cookieIsSecure(env)), browser.cookie] };
}

async function notifySignup(request: Request, env: Env, email: string, link: { userId: string; token: string } | null) {
  if (link) return sendConfirmationEmail(request, env, link.userId, link.token);
  const [owner] = await getDb(env).select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
  // An unconfirmed sign-up over its hourly cap gets nothing more; a confirmed account's owner is told, once a
  // day at most: repeated sign-ups with someone's address must not become a mail bomb.
  if (!owner || owner.emailConfirmedAt === null) return;
  if (!(await claimMailSlot(env, "signup-attempt", email, SIGNUP_ATTEMPT_MAIL_INTERVAL_MS))) return;
  await sendEmail(env, {
    to: email,
    ...signupAttemptEmail({ origin: siteOrigin(env, request), firstName: owner.firstName, siteName: siteName(env) }),
  });
}

/**
 * Records a reset token for the account with this e-mail, if there is one and it has not asked too often
 * this hour, in a single statement that runs the same way either way. The e-mail goes out afterwards.
 */
export async function requestPasswordReset(
  request: Request,
  cf: RequestContext,
  email: string,
  now = Date.now(),
): Promise<void> {
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
      // The mail says the reset page can remove them too, when there are any.
      passkeys: await countPasskeys(env, userId),
    }),
  });
}

/**
 * What the reset page needs from its link (read-only: opening the link does not spend it): null when the
 * token cannot be used, else how many passkeys the account has (the page offers to remove them).
 */
export async function readResetLink(env: Env, token: string, now = Date.now()): Promise<{ passkeys: number } | null> {
  if (!isTokenShape(token)) return null;
  const [row] = await getDb(env)
    .select({ expiresAt: schema.passwordResets.expiresAt, userId: schema.passwordResets.userId })
    .from(schema.passwordResets)
    .where(and(eq(schema.passwordResets.tokenHash, await sha256Hex(token)), isNull(schema.passwordResets.usedAt)))
    .limit(1);
  if (!row || row.expiresAt <= now) return null;
  return { passkeys: await countPasskeys(env, row.userId) };
}

/** True when the link's token can still be used (read-only: opening the link does not spend it). */
export async function isResetTokenUsable(env: Env, token: string, now = Date.now()): Promise<boolean> {
  return (await readResetLink(env, token, now)) !== null;
}

/** A completed reset: how many passkeys it removed, and how many the account kept. */
export type ResetOutcome = { passkeysRemoved: number; passkeysKept: number };

/**
 * Spends the token (once: the conditional UPDATE lets exactly one request win), sets the new password,
 * confirms the address, ends every session of the account and voids its other reset and confirmation links;
 * with `removePasskeys`, removes every passkey of the account in the same batch (a passkey would otherwise
 * still let in whoever the reset is meant to keep out). Null when the token is unknown, expired or already
 * used.
 */
export async function resetPassword(
  request: Request,
  cf: RequestContext,
  token: string,
  newPassword: string,
  { removePasskeys, now = Date.now() }: { removePasskeys: boolean; now?: number },
): Promise<ResetOutcome | null> {
  const { env } = cf;
  if (!isTokenShape(token)) return null;
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
  if (!spent) return null;
  const { userId } = spent;
  const meta = requestMeta(request, cf.cf);
  const [dropPasskeys, dropChallenges] = removeAllPasskeysStatements(db, userId);
  const results = await db.batch([
    // The reset link came through the mailbox, which is all a confirmation link proves: the address is
    // confirmed now if it was not, and its confirmation links are no longer needed.
    db
      .update(schema.users)
      .set({ passwordHash, updatedAt: now, emailConfirmedAt: sql`coalesce(${schema.users.emailConfirmedAt}, ${now})` })
      .where(eq(schema.users.id, userId)),
    db.delete(schema.sessions).where(eq(schema.sessions.userId, userId)),
    db
      .update(schema.passwordResets)
      .set({ usedAt: now })
      .where(and(eq(schema.passwordResets.userId, userId), isNull(schema.passwordResets.usedAt))),
    db
      .update(schema.emailConfirmations)
      .set({ usedAt: now })
      .where(and(eq(schema.emailConfirmations.userId, userId), isNull(schema.emailConfirmations.usedAt))),
    ...(removePasskeys ? [dropPasskeys, dropChallenges] : []),
  ]);
  const passkeysRemoved = removePasskeys ? (results[4] as { id: string }[]).length : 0;
  const passkeysKept = removePasskeys ? 0 : await countPasskeys(env, userId);
  await recordSecurityEvent(
    db.batch([
      securityEventStatement(db, userId, "reset_completed", meta, now),
      ...(passkeysRemoved > 0 ? [securityEventStatement(db, userId, "passkeys_removed", meta, now)] : []),
    ]),
  );
  // A reset lifts the sign-in delays at once: the per-account budget never locks the owner out.
  const [owner] = await db.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, userId));
  if (owner) await clearThrottle(env, owner.email);
  const outcome = { passkeysRemoved, passkeysKept };
  cf.ctx.waitUntil(notifyPasswordChanged(request, env, userId, outcome));
  return outcome;
}

async function notifyPasswordChanged(request: Request, env: Env, userId: string, passkeys: ResetOutcome) {
  const [row] = await getDb(env).select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  if (!row) return;
  await sendEmail(env, {
    to: row.email,
    ...passwordChangedEmail({
      origin: siteOrigin(env, request),
      firstName: row.firstName,
      siteName: siteName(env),
      passkeys,
    }),
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
