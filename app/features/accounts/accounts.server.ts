// Account flows shared by the pages (/login) and the JSON API: sign-up and reading an account (the reset is
// in password-reset.server.ts). A sign-up does the same work whether or not the e-mail has an account, and
// mails through ctx.waitUntil, so neither the answer nor its timing tells a stranger who is registered.
import { ownerMailContext } from "./owner-mail.server";
import type { RequestContext } from "~/platform/request-context";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { signupAttemptEmail } from "./auth-emails";
import { AFTER_LOGIN_DEFAULT } from "./auth-redirect";
import type { SignupInput } from "./auth-schemas";
import { clearSessionCookie } from "~/platform/http/token-cookie.server";
import { newId } from "~/platform/data/ids";
import { newLink } from "~/platform/data/one-time-links.server";
import { hashPassword } from "./password.server";
import { newPasswordProblem } from "./password-policy.server";
import { AuthError } from "./auth-errors";
import { readPreviousSessionId } from "./auth.server";
import { cookieIsSecure } from "~/platform/env";
import { getDb, schema } from "~/platform/data/db.server";
import { canSendEmail, EMAIL_UNAVAILABLE_MSG, sendEmail } from "~/platform/email/email.server";
import {
  issueLinkStatements,
  mayHaveNewLink,
  newSignupBrowser,
  sendConfirmationEmail,
} from "./email-confirmation.server";
import { claimMailSlot, SIGNUP_ATTEMPT_MAIL_INTERVAL_MS } from "./mail-caps.server";

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
  // A sign-up only ever finishes through the mailed link: where none can go out, say so (503) rather than
  // "check your inbox". The same for every address.
  if (!canSendEmail(env)) throw new AuthError(503, EMAIL_UNAVAILABLE_MSG);
  // Before anything is read: the refusal is the same whether or not the address has an account.
  const problem = await newPasswordProblem(env, input.password);
  if (problem) throw new AuthError(400, problem);
  const [passwordHash, { token, hash: tokenHash }, previousId, browser] = await Promise.all([
    hashPassword(input.password),
    newLink(),
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
    ...signupAttemptEmail(ownerMailContext(env, request, owner.firstName)),
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
