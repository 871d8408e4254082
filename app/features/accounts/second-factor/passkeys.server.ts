// Passkeys (WebAuthn) as a second way in: the account's passkeys as /managesub lists them, and removing
// one. Registering one is passkey-registration.server.ts, signing in with one passkey-sign-in.server.ts.
import { ownerMailContext } from "../owner-mail.server";
import { data, redirect } from "@remix-run/cloudflare";
import { count, and, eq, sql } from "drizzle-orm";
import { MSG } from "~/features/accounts/auth-schemas";
import type { SessionUser } from "~/core/session-user";
import { formatNzTime } from "~/platform/time/date-text";
import { passkeyAddedEmail, passkeyRemovedEmail } from "./passkey-emails";
import { PASSKEY_MSG } from "./passkeys";
import type { PasskeySectionData, PasskeyView } from "./passkeys";
import { getCurrentSession } from "../auth.server";
import type { CurrentSession } from "../auth.server";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { sendEmail } from "~/platform/email/email.server";
import { setFlash } from "~/features/site/flash.server";
import { reauthenticate } from "../account-changes.server";
import { endEmailChanges } from "../link-kinds.server";
import { CURRENT_PASSWORD_FIELD, hasFreshSecondFactor } from "../reauth.server";
import type { Reauth } from "../reauth.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "../security-log.server";
import type { RequestContext } from "~/platform/request-context";
import { NO_STORE, noStore } from "~/platform/http/page-answer";

const pk = schema.passkeys;
const pc = schema.passkeyChallenges;

// ---------------------------------------------------------------------------------------------------
// Reading

/** How many passkeys the user has: the second factors the account can use include them. */
export async function countPasskeys(env: DbEnv, userId: string): Promise<number> {
  const [row] = await getDb(env).select({ n: count() }).from(pk).where(eq(pk.userId, userId));
  return row?.n ?? 0;
}

/** The owner's passkeys for /managesub, oldest first. */
export async function listPasskeys(env: DbEnv, userId: string): Promise<PasskeyView[]> {
  const rows = await getDb(env)
    .select({ id: pk.id, name: pk.name, createdAt: pk.createdAt, lastUsedAt: pk.lastUsedAt })
    .from(pk)
    .where(eq(pk.userId, userId))
    .orderBy(pk.createdAt, pk.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    added: formatNzTime(r.createdAt),
    addedAt: new Date(r.createdAt).toISOString(),
    lastUsed: r.lastUsedAt == null ? null : formatNzTime(r.lastUsedAt),
  }));
}

/** What /managesub's Passkeys section shows: the list, whether a change needs the password, a name to offer. */
export async function loadPasskeySection(request: Request, env: Env, userId: string): Promise<PasskeySectionData> {
  const [passkeys, current] = await Promise.all([listPasskeys(env, userId), getCurrentSession(request, env)]);
  return {
    passkeys,
    needsPassword: !current || !hasFreshSecondFactor(current.session),
    defaultName: requestMeta(request, null).device || "Passkey",
  };
}

// ---------------------------------------------------------------------------------------------------
// Removing (signed in, confirmed with confirmIdentity)

/**
 * For the caller's batch: removes every passkey of the account and its unspent challenges. A password reset
 * and a two-factor set-up offer this ('Also remove all passkeys'): a passkey is a whole way in, so a
 * person who fears someone got into their account must be able to close that way too in the same step.
 * The first statement returns the removed ids.
 */
export function removeAllPasskeysStatements(db: Db, userId: string) {
  return [
    db.delete(pk).where(eq(pk.userId, userId)).returning({ id: pk.id }),
    db.delete(pc).where(eq(pc.userId, userId)),
  ] as const;
}

export type RemoveResult = { ok: true } | { ok: false; status: number; error: string };

/** Removes one of the signed-in owner's passkeys after confirmIdentity; another account's is "not found". */
export async function removePasskey(
  request: Request,
  cf: RequestContext,
  user: Pick<SessionUser, "id" | "email" | "firstName">,
  session: Pick<CurrentSession, "secondFactorAt" | "secondFactorVia">,
  passkeyId: unknown,
  password: unknown,
  now = Date.now(),
): Promise<RemoveResult> {
  if (typeof passkeyId !== "string" || passkeyId.length === 0 || passkeyId.length > 1366) {
    return { ok: false, status: 400, error: PASSKEY_MSG.notFound };
  }
  const reauth: Reauth = await reauthenticate(request, cf, user, session, password);
  if (!reauth.ok) return reauth;
  const db = getDb(cf.env);
  const own = and(eq(pk.id, passkeyId), eq(pk.userId, user.id));
  // Pending e-mail changes end with it (docs/accounts.md), but only when there is a passkey of theirs to remove:
  // the first statement runs while it is still there.
  const [, removed] = await db.batch([
    endEmailChanges(db, sql`(${db.select({ userId: pk.userId }).from(pk).where(own)})`, now),
    db.delete(pk).where(own).returning({ id: pk.id }),
  ]);
  if (removed.length === 0) return { ok: false, status: 404, error: PASSKEY_MSG.notFound };
  const meta = requestMeta(request, cf.cf);
  await recordSecurityEvent(securityEventStatement(db, user.id, "passkey_removed", meta, now));
  cf.ctx.waitUntil(notifyOwner(request, cf.env, user, "removed", meta));
  return { ok: true };
}

/**
 * /managesub's form post that removes a passkey (works without JavaScript): back to the page with a notice,
 * or {error} with its status for the page (or the section's fetcher) to show. The redirect is thrown, as
 * Remix actions do.
 */
export async function removePasskeyAction(
  request: Request,
  cf: RequestContext,
  user: Pick<SessionUser, "id" | "email" | "firstName">,
  form: FormData | null,
) {
  const current = await getCurrentSession(request, cf.env);
  const result = current
    ? await removePasskey(request, cf, user, current.session, form?.get("passkeyId"), form?.get(CURRENT_PASSWORD_FIELD))
    : { ok: false as const, status: 401, error: MSG.notAuthenticated };
  if (!result.ok) return data({ error: result.error }, { status: result.status, headers: NO_STORE });
  throw redirect("/managesub", {
    status: 303,
    headers: await setFlash(noStore(), cf.env, "passkeyRemoved"),
  });
}

/** Mails the owner that a passkey was added to or removed from their account, and where from. */
export async function notifyOwner(
  request: Request,
  env: Env,
  user: Pick<SessionUser, "email" | "firstName">,
  what: "added" | "removed",
  where: { device: string; place: string },
) {
  const content = { ...ownerMailContext(env, request, user.firstName), ...where };
  await sendEmail(env, {
    to: user.email,
    ...(what === "added" ? passkeyAddedEmail(content) : passkeyRemovedEmail(content)),
  });
}
