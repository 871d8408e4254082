// Sensitive changes an owner makes to their own account (docs/accounts.md): a new password, a new e-mail address.
// Each starts with confirmIdentity (the current password, or a code proved in this session in the last few
// minutes; a passkey sign-in is not enough for these two), so a session left open or stolen is not enough. Mail goes out after the answer
// (ctx.waitUntil), so neither its timing nor its recipient shows in the response.
import { ownerMailContext } from "./owner-mail.server";
import { and, eq, notExists, sql } from "drizzle-orm";
import {
  confirmEmailChangeEmail,
  emailChangedEmail,
  emailChangeRequestedEmail,
  emailChangeTakenEmail,
  passwordChangedHereEmail,
} from "./account-emails";
import {
  ACCOUNT_MSG,
  EMAIL_CHANGE_TTL_MS,
  EMAIL_CHANGES_PER_HOUR,
  FIELD,
} from "~/features/accounts/settings/account-settings";
import type { ChangeEmailInput, ChangePasswordInput } from "~/features/accounts/settings/account-settings";
import type { SessionUser } from "~/core/session-user";
import { endSessionsForPassword } from "./settings/sessions.server";
import type { CurrentSession } from "./auth.server";
import { getDb, schema } from "~/platform/data/db.server";
import { newLink, peekLink, spendLink, unspentWhere } from "~/platform/data/one-time-links.server";
import { EMAIL_CHANGE_LINK, endEmailChanges, linksInLastHour, RESET_LINK } from "./link-kinds.server";
import { canSendEmail, EMAIL_UNAVAILABLE_MSG, sendEmail, siteName } from "~/platform/email/email.server";
import { claimMailSlot } from "./mail-caps.server";
import { hashPassword } from "./password.server";
import { newPasswordProblem } from "./password-policy.server";
import { confirmIdentity, REAUTH_MSG } from "./reauth.server";
import type { Reauth, ReauthPurpose } from "./reauth.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "./security-log.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import type { RequestContext } from "~/platform/request-context";

type Owner = Pick<SessionUser, "id" | "email" | "firstName">;

/** A refusal, with the form field it is about (null: about the whole form) and the status to answer. */
export type ChangeRefused = { ok: false; status: number; field: string | null; error: string };
export type ChangeOutcome = { ok: true } | ChangeRefused;

const ec = schema.emailChanges;

const DAY_MS = 24 * 60 * 60_000;
/** The 'someone tried to move an account to your address' notice goes at most once a day per recipient. */
const TAKEN_NOTICE_INTERVAL_MS = DAY_MS;

/**
 * confirmIdentity, plus a line in the owner's security log for a wrong password: someone at this session
 * guessing the password is worth knowing about. The refusal is about the current-password field.
 */
export async function reauthenticate(
  request: Request,
  cf: RequestContext,
  user: Pick<SessionUser, "id" | "email">,
  session: Pick<CurrentSession, "secondFactorAt" | "secondFactorVia">,
  password: unknown,
  purpose: ReauthPurpose = "change",
): Promise<Reauth & { field?: string }> {
  const result = await confirmIdentity(request, cf.env, user, session, password, Date.now(), purpose);
  if (result.ok) return result;
  if (result.error === REAUTH_MSG.wrong) {
    await recordSecurityEvent(
      securityEventStatement(getDb(cf.env), user.id, "reauth_failed", requestMeta(request, cf.cf), Date.now()),
    );
  }
  return { ...result, field: FIELD.currentPassword };
}

function refused(r: { status: number; error: string; field?: string | null }): ChangeRefused {
  return { ok: false, status: r.status, field: r.field ?? null, error: r.error };
}

/**
 * A new password from the settings page: checked against the policy before the identity is (a refused
 * password costs no sign-in budget), then set; every other session of the account ends, this one stays.
 */
export async function changePassword(
  request: Request,
  cf: RequestContext,
  user: Owner,
  session: CurrentSession,
  input: ChangePasswordInput,
  now = Date.now(),
): Promise<ChangeOutcome> {
  const { env } = cf;
  const problem = await newPasswordProblem(env, input.newPassword);
  if (problem) return refused({ status: 400, field: FIELD.newPassword, error: problem });
  // A passkey sign-in is not enough here: the password, or a recent code (reauth.server.ts).
  const identity = await reauthenticate(request, cf, user, session, input.currentPassword, "credentials");
  if (!identity.ok) return refused(identity);
  const passwordHash = await hashPassword(input.newPassword);
  const db = getDb(env);
  await db.batch([
    db.update(schema.users).set({ passwordHash, updatedAt: now }).where(eq(schema.users.id, user.id)),
    // The other browsers are signed out, and told why when they come back.
    ...endSessionsForPassword(db, user.id, now, session.id),
    // Reset links asked for before the change would set a password over this one: they are void now.
    db
      .update(schema.passwordResets)
      .set(RESET_LINK.spend(now))
      .where(unspentWhere(RESET_LINK, eq(schema.passwordResets.userId, user.id))),
    // So are e-mail changes: one asked for by whoever the new password shuts out must not move the account.
    endEmailChanges(db, user.id, now),
    securityEventStatement(db, user.id, "password_changed", requestMeta(request, cf.cf), now),
  ]);
  cf.ctx.waitUntil(
    sendEmail(env, {
      to: user.email,
      ...passwordChangedHereEmail(ownerMailContext(env, request, user.firstName)),
    }),
  );
  return { ok: true };
}

/**
 * Asks for a change of address: after confirmIdentity, a single-use link (24 hours, only its hash stored)
 * goes to the NEW address; nothing changes until it is used. An address that already has an account gets
 * the same answer and the same kind of row, but one born spent with no address in it and no link sent, so
 * nothing can ever come of it; that address's owner may get a short notice (capped per day).
 */
export async function requestEmailChange(
  request: Request,
  cf: RequestContext,
  user: Owner,
  session: Pick<CurrentSession, "secondFactorAt" | "secondFactorVia">,
  input: ChangeEmailInput,
  now = Date.now(),
): Promise<ChangeOutcome> {
  const { env } = cf;
  const newEmail = input.newEmail;
  if (newEmail === user.email) return refused({ status: 400, field: FIELD.newEmail, error: ACCOUNT_MSG.emailSame });
  // The change only ever happens through the mailed link: where none can go out, say so before the password is
  // tried (a refusal here costs no sign-in budget).
  if (!canSendEmail(env)) return refused({ status: 503, error: EMAIL_UNAVAILABLE_MSG });
  // Where the mail (and so every later reset link) goes: a passkey sign-in is not enough here either.
  const identity = await reauthenticate(request, cf, user, session, input.currentPassword, "credentials");
  if (!identity.ok) return refused(identity);
  const db = getDb(env);
  const [recent] = await linksInLastHour(db, ec, user.id, now);
  if ((recent?.n ?? 0) >= EMAIL_CHANGES_PER_HOUR)
    return refused({ status: 429, field: null, error: ACCOUNT_MSG.emailChangeTooMany });
  const [taken] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, newEmail))
    .limit(1);
  const [{ token, hash }, cancel] = await Promise.all([newLink(), newLink()]);
  await db.batch([
    // One pending change at a time: an older link stops working when a newer one is asked for.
    endEmailChanges(db, user.id, now),
    db.insert(ec).values({
      tokenHash: hash,
      userId: user.id,
      newEmail: taken ? "" : newEmail,
      createdAt: now,
      expiresAt: now + EMAIL_CHANGE_TTL_MS,
      usedAt: taken ? now : null,
    }),
    // The old address's way to stop it, for as long as the change could be made. Issued for a taken address
    // too: that someone asked at all means someone else knows the password.
    db.insert(schema.emailChangeCancels).values({
      tokenHash: cancel.hash,
      userId: user.id,
      createdAt: now,
      expiresAt: now + EMAIL_CHANGE_TTL_MS,
    }),
    securityEventStatement(db, user.id, "email_change_requested", requestMeta(request, cf.cf), now),
  ]);
  const origin = siteOrigin(env, request);
  const common = { origin, firstName: user.firstName, siteName: siteName(env) };
  cf.ctx.waitUntil(
    Promise.all([
      taken
        ? noticeToTakenAddress(env, newEmail, origin)
        : sendEmail(env, { to: newEmail, ...confirmEmailChangeEmail({ ...common, token }) }),
      sendEmail(env, { to: user.email, ...emailChangeRequestedEmail({ ...common, token: cancel.token }) }),
    ]),
  );
  return { ok: true };
}

async function noticeToTakenAddress(env: Env, address: string, origin: string) {
  if (!(await claimMailSlot(env, "email-change-taken", address, TAKEN_NOTICE_INTERVAL_MS))) return;
  await sendEmail(env, { to: address, ...emailChangeTakenEmail({ origin, siteName: siteName(env) }) });
}

/** True when the link can still be used (read-only: opening the page does not spend it). */
export async function isEmailChangeUsable(env: Env, token: string, now = Date.now()): Promise<boolean> {
  return (await peekLink(getDb(env), EMAIL_CHANGE_LINK, token, { now, fields: {} })).ok;
}

export type EmailChangeResult = "changed" | "invalid" | "taken";

/**
 * Uses the link: spends it (a conditional UPDATE, so exactly one request wins), then moves the account to
 * the new address unless another account has taken it meanwhile, and tells the old address.
 */
export async function confirmEmailChange(
  request: Request,
  cf: RequestContext,
  token: string,
  now = Date.now(),
): Promise<EmailChangeResult> {
  const { env } = cf;
  const db = getDb(env);
  const link = await spendLink(db, EMAIL_CHANGE_LINK, token, {
    now,
    fields: { userId: ec.userId, newEmail: ec.newEmail },
  });
  // A change asked for an address that has an account is born spent, with no address: never usable.
  if (!link.ok || link.row.newEmail === "") return "invalid";
  const spent = link.row;
  const [before] = await db
    .select({ email: schema.users.email, firstName: schema.users.firstName })
    .from(schema.users)
    .where(eq(schema.users.id, spent.userId))
    .limit(1);
  if (!before) return "invalid";
  const u = schema.users;
  const other = db
    .select({ one: sql`1` })
    .from(u)
    .where(eq(u.email, spent.newEmail));
  // The address is unique: the condition keeps a sign-up that took it meanwhile from becoming a 500.
  const [updated] = await db.batch([
    db
      .update(u)
      .set({ email: spent.newEmail, updatedAt: now })
      .where(and(eq(u.id, spent.userId), notExists(other)))
      .returning({ id: u.id }),
    endEmailChanges(db, spent.userId, now),
  ]);
  if (updated.length === 0) return "taken";
  await recordSecurityEvent(
    securityEventStatement(db, spent.userId, "email_changed", requestMeta(request, cf.cf), now),
  );
  cf.ctx.waitUntil(
    sendEmail(env, {
      to: before.email,
      ...emailChangedEmail(ownerMailContext(env, request, before.firstName)),
    }),
  );
  return "changed";
}
