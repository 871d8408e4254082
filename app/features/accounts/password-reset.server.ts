// The password reset by e-mail, shared by the pages (/login's reset form, /login/{token} and
// /reset-password/{token}) and the JSON API. Its link is a one-time link (app/platform/data/one-time-links.server.ts)
// kept in password_resets, valid RESET_TOKEN_TTL_MS. The request does the same work whether or not the e-mail
// has an account, and mails through ctx.waitUntil, so neither the answer nor its timing tells who is registered.
import { endSessionsForPassword } from "./settings/sessions.server";
import type { RequestContext } from "~/platform/request-context";
import { and, eq, lt, sql } from "drizzle-orm";
import { passwordChangedEmail, passwordResetEmail } from "./auth-emails";
import { RESET_REQUESTS_PER_HOUR, RESET_TOKEN_TTL_MS } from "./auth-session";
import { AuthError } from "./auth-errors";
import { CONFIRMATION_LINK, endEmailChanges, linksInLastHour, RESET_LINK } from "./link-kinds.server";
import { hashPassword } from "./password.server";
import { newPasswordProblem } from "./password-policy.server";
import { countPasskeys, removeAllPasskeysStatements } from "./second-factor/passkeys.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "./security-log.server";
import { clearThrottle } from "./sign-in/login-throttle.server";
import { getDb, schema } from "~/platform/data/db.server";
import { linkHash, newLink, peekLink, spendLink, unspentWhere } from "~/platform/data/one-time-links.server";
import { mailOwner } from "./owner-mail.server";
import { canSendEmail, EMAIL_UNAVAILABLE_MSG } from "~/platform/email/email.server";

const pr = schema.passwordResets;

/**
 * Records a reset token for the account with this e-mail, if there is one and it has not asked too often
 * this hour, in a single statement that runs the same way either way. The e-mail goes out afterwards. Where
 * no mail can go out (production without its e-mail settings) it is refused with 503 for every address,
 * rather than saying a link was sent.
 */
export async function requestPasswordReset(
  request: Request,
  cf: RequestContext,
  email: string,
  now = Date.now(),
): Promise<void> {
  const { env } = cf;
  if (!canSendEmail(env)) throw new AuthError(503, EMAIL_UNAVAILABLE_MSG);
  const { token, hash } = await newLink();
  const db = getDb(env);
  const u = schema.users;
  const recent = linksInLastHour(db, pr, u.id, now);
  // Keys in the table's column order: drizzle lists the table's columns for the INSERT.
  const rows = await db
    .insert(pr)
    .select(
      db
        .select({
          tokenHash: sql<string>`${hash}`.as("token_hash"),
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
  await mailOwner(request, env, userId, async (o) =>
    // The mail says the reset page can remove them too, when there are any.
    passwordResetEmail({ ...o, token, passkeys: await countPasskeys(env, userId) }),
  );
}

/**
 * What the reset page needs from its link (a peek: opening the link does not spend it): null when the
 * token cannot be used, else how many passkeys the account has (the page offers to remove them).
 */
export async function readResetLink(env: Env, token: string, now = Date.now()): Promise<{ passkeys: number } | null> {
  const link = await peekLink(getDb(env), RESET_LINK, token, { now, fields: { userId: pr.userId } });
  if (!link.ok) return null;
  return { passkeys: await countPasskeys(env, link.row.userId) };
}

/** A completed reset: how many passkeys it removed, and how many the account kept. */
export type ResetOutcome = { passkeysRemoved: number; passkeysKept: number };

/**
 * Spends the token (once), sets the new password, confirms the address, ends every session of the account
 * and voids its other reset and confirmation links and its pending e-mail changes; with `removePasskeys`,
 * removes every passkey of the account in the same batch (a passkey would otherwise still let in whoever the
 * reset is meant to keep out).
 * Null when the token is unknown, expired or already used.
 */
export async function resetPassword(
  request: Request,
  cf: RequestContext,
  token: string,
  newPassword: string,
  { removePasskeys, now = Date.now() }: { removePasskeys: boolean; now?: number },
): Promise<ResetOutcome | null> {
  const { env } = cf;
  if (!(await linkHash(token))) return null;
  // Before the token is spent: a refused password leaves the link usable for a better one.
  const problem = await newPasswordProblem(env, newPassword);
  if (problem) throw new AuthError(400, problem);
  const passwordHash = await hashPassword(newPassword);
  const db = getDb(env);
  const spent = await spendLink(db, RESET_LINK, token, { now, fields: { userId: pr.userId } });
  if (!spent.ok) return null;
  const { userId } = spent.row;
  const meta = requestMeta(request, cf.cf);
  const [dropPasskeys, dropChallenges] = removeAllPasskeysStatements(db, userId);
  const ec = schema.emailConfirmations;
  const results = await db.batch([
    // The reset link came through the mailbox, which is all a confirmation link proves: the address is
    // confirmed now if it was not, and its confirmation links are no longer needed.
    db
      .update(schema.users)
      .set({ passwordHash, updatedAt: now, emailConfirmedAt: sql`coalesce(${schema.users.emailConfirmedAt}, ${now})` })
      .where(eq(schema.users.id, userId)),
    // Every browser signed in is signed out, and told why when it comes back (not 'session expired').
    ...endSessionsForPassword(db, userId, now),
    db
      .update(pr)
      .set(RESET_LINK.spend(now))
      .where(unspentWhere(RESET_LINK, eq(pr.userId, userId))),
    db
      .update(ec)
      .set(CONFIRMATION_LINK.spend(now))
      .where(unspentWhere(CONFIRMATION_LINK, eq(ec.userId, userId))),
    // An e-mail change asked for by whoever this reset shuts out must not move the account afterwards.
    endEmailChanges(db, userId, now),
    ...(removePasskeys ? [dropPasskeys, dropChallenges] : []),
  ]);
  // dropPasskeys's answer: the batch's last but one when passkeys are removed.
  const passkeysRemoved = removePasskeys ? (results[results.length - 2] as { id: string }[]).length : 0;
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
  await mailOwner(request, env, userId, (o) => passwordChangedEmail({ ...o, passkeys }));
}
