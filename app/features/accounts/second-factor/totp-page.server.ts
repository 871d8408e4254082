// /account/two-factor, the server side: what the page shows and what each of its forms does. Every change
// that weakens or replaces the second factor asks who is at the keyboard (confirmIdentity: the current
// password, or a second factor proved in this session in the last few minutes). Codes typed here count
// against the same per-account budget as sign-in.
import { ADMIN_ACCOUNT_TYPE } from "~/core/session-user";
import type { SessionUser } from "~/core/session-user";
import { MSG } from "~/features/accounts/auth-schemas";
import { isBlocked } from "~/features/accounts/sign-in/login-throttle";
import { safeRedirect } from "~/platform/http/redirects";
import { groupedSecret, totpMessage, TWO_FACTOR_MSG } from "./totp";
import { twoFactorDisabledEmail } from "./totp-emails";
import { REMOVE_ALL_PASSKEYS, REMOVE_ALL_PASSKEYS_FIELD } from "./passkeys";
import { markSecondFactor } from "../auth.server";
import type { CurrentSession } from "../auth.server";
import { getDb } from "~/platform/data/db.server";
import { siteName } from "~/platform/email/email.server";
import { readThrottle, recordLoginFailure, tellOwnerOfFailures, throttleKey } from "../sign-in/login-throttle.server";
import { countPasskeys, removeAllPasskeysStatements } from "./passkeys.server";
import { confirmIdentity, CURRENT_PASSWORD_FIELD } from "../reauth.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "../security-log.server";
import { revokeOtherSessions } from "../settings/sessions.server";
import { mailOwner } from "~/features/accounts/owner-mail.server";
import { hasSealingKey, SealingKeyError } from "~/platform/crypto/sealing-key.server";
import {
  cancelSetUp,
  confirmTotpSetUp,
  disableTotp,
  pendingSetUp,
  regenerateRecoveryCodes,
  totpStatus,
  verifyTotp,
} from "./totp.server";
import type { RequestContext } from "~/platform/request-context";

export type TwoFactorPageData = {
  enabled: boolean;
  enabledAt: number | null;
  recoveryCodesLeft: number;
  /** The account has TOTP but this session has not proved it: the page asks for a code first. */
  stepUpNeeded: boolean;
  /** An administrator sent here because admin tools need a second factor. */
  requiredForAdmin: boolean;
  isAdminAccount: boolean;
  /** Where to go once done (a same-site path), or null. */
  redirectTo: string | null;
  setUp: { uri: string; secret: string } | null;
  /** The Worker has no usable sealing key (SEALING_KEY): set-up cannot start. */
  unavailable: boolean;
  /** How many passkeys the account has: the set-up offers to remove them all. */
  passkeys: number;
};

export async function twoFactorPageData(
  request: Request,
  env: Env,
  user: SessionUser,
  session: CurrentSession,
): Promise<TwoFactorPageData> {
  const url = new URL(request.url);
  const [status, passkeys] = await Promise.all([totpStatus(env, user.id), countPasskeys(env, user.id)]);
  const isAdminAccount = user.accountType === ADMIN_ACCOUNT_TYPE;
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "") || null;
  let setUp: TwoFactorPageData["setUp"] = null;
  const unavailable = !hasSealingKey(env);
  if (status.pending && !unavailable) {
    try {
      const pending = await pendingSetUp(env, user, siteName(env), { create: false, sessionId: session.id });
      if (pending) setUp = { uri: pending.uri, secret: groupedSecret(pending.secret) };
    } catch (error) {
      if (!(error instanceof SealingKeyError)) throw error;
      console.error("two-factor page:", error.message);
    }
  }
  return {
    enabled: status.enabled,
    enabledAt: status.enabledAt,
    recoveryCodesLeft: status.recoveryCodesLeft,
    stepUpNeeded: status.enabled && session.secondFactorAt == null,
    requiredForAdmin: isAdminAccount && url.searchParams.get("required") === "admin",
    isAdminAccount,
    redirectTo,
    setUp,
    unavailable,
    passkeys,
  };
}

export type TwoFactorIntent = "start" | "cancel" | "confirm" | "stepUp" | "disable" | "regenerate";

/** What a form post answers: a notice, new recovery codes to show once, or a message beside a field. */
export type TwoFactorActionResult = {
  intent: TwoFactorIntent | null;
  notice?: string;
  recoveryCodes?: string[];
  error?: string;
  field?: "code" | typeof CURRENT_PASSWORD_FIELD;
};

type Answer = { status: number; body: TwoFactorActionResult };

const ok = (intent: TwoFactorIntent, body: Omit<TwoFactorActionResult, "intent"> = {}): Answer => ({
  status: 200,
  body: { intent, ...body },
});
const refuse = (
  intent: TwoFactorIntent | null,
  status: number,
  error: string,
  field?: TwoFactorActionResult["field"],
): Answer => ({ status, body: { intent, error, field } });

const INTENTS: readonly TwoFactorIntent[] = ["start", "cancel", "confirm", "stepUp", "disable", "regenerate"];

/** A string field of at most `max` characters, or null (absent, a file, too long). */
function textField(form: FormData, name: string, max: number): string | null {
  const value = form.get(name);
  return typeof value === "string" && value.length <= max ? value : null;
}

export async function twoFactorAction(
  request: Request,
  cf: Pick<RequestContext, "env" | "ctx" | "cf">,
  user: SessionUser,
  session: CurrentSession,
  form: FormData,
  now = Date.now(),
): Promise<Answer> {
  const { env } = cf;
  const raw = form.get("intent");
  const intent = INTENTS.find((i) => i === raw);
  if (!intent) return refuse(null, 400, "Unknown action.");
  const meta = requestMeta(request, cf.cf);
  const password = form.get(CURRENT_PASSWORD_FIELD);
  if (typeof password !== "string" && password !== null) return refuse(intent, 400, "Password must be text");
  const identity = () => confirmIdentity(request, env, user, session, password, now);
  const step: Step = { request, env, user, session, form, meta, identity, now };
  // With two-factor on, a session that has not proved it (one from before the set-up) changes nothing about
  // it: the password alone must not be enough to swap in someone else's app or drop the factor.
  if (intent !== "stepUp" && intent !== "cancel" && session.secondFactorAt == null) {
    const status = await totpStatus(env, user.id, now);
    if (status.enabled) return refuse(intent, 403, TWO_FACTOR_MSG.stepUpFirst);
  }

  try {
    switch (intent) {
      case "start": {
        if (!hasSealingKey(env)) return refuse(intent, 503, TWO_FACTOR_MSG.unavailable);
        await pendingSetUp(env, user, siteName(env), { create: true, sessionId: session.id, now });
        return ok(intent);
      }
      case "cancel": {
        await cancelSetUp(env, user.id);
        return ok(intent);
      }
      case "confirm":
        return await confirmSetUp(step);
      case "stepUp":
        return await stepUp(step);
      case "disable": {
        // An administrator's tools need the second factor: they may replace it, never drop it.
        if (user.accountType === ADMIN_ACCOUNT_TYPE) return refuse(intent, 403, TWO_FACTOR_MSG.adminCannotDisable);
        const status = await totpStatus(env, user.id, now);
        if (!status.enabled) return refuse(intent, 409, TWO_FACTOR_MSG.notSetUp);
        const who = await identity();
        if (!who.ok) return refuse(intent, who.status, who.error, CURRENT_PASSWORD_FIELD);
        await disableTotp(env, user.id, meta, now);
        cf.ctx.waitUntil(tellOwnerDisabled(request, env, user.id));
        return ok(intent, { notice: TWO_FACTOR_MSG.disabled });
      }
      case "regenerate": {
        const status = await totpStatus(env, user.id, now);
        if (!status.enabled) return refuse(intent, 409, TWO_FACTOR_MSG.notSetUp);
        const who = await identity();
        if (!who.ok) return refuse(intent, who.status, who.error, CURRENT_PASSWORD_FIELD);
        const codes = await regenerateRecoveryCodes(env, user.id, meta, now);
        return ok(intent, { recoveryCodes: codes, notice: TWO_FACTOR_MSG.regenerated });
      }
    }
  } catch (error) {
    if (error instanceof SealingKeyError) {
      console.error("two-factor page:", error.message);
      return refuse(intent, 503, TWO_FACTOR_MSG.unavailable);
    }
    throw error;
  }
}

/** What the longer steps of the action need: who asks, from where, with what form, and how to confirm them. */
type Step = {
  request: Request;
  env: Env;
  user: SessionUser;
  session: CurrentSession;
  form: FormData;
  meta: ReturnType<typeof requestMeta>;
  identity: () => ReturnType<typeof confirmIdentity>;
  now: number;
};

/** Confirms a set-up with the first code from the app (and who is at the keyboard). */
async function confirmSetUp({ request, env, user, session, form, meta, identity, now }: Step): Promise<Answer> {
  const code = textField(form, "code", 20);
  if (code === null) return refuse("confirm", 400, TWO_FACTOR_MSG.codeFormat, "code");
  const who = await identity();
  if (!who.ok) return refuse("confirm", who.status, who.error, CURRENT_PASSWORD_FIELD);
  const result = await confirmTotpSetUp(env, user.id, code, meta, session.id, now);
  if (!result.ok) {
    return result.reason === "no-pending"
      ? refuse("confirm", 409, TWO_FACTOR_MSG.noPendingSetUp)
      : refuse("confirm", 400, totpMessage(result.reason), "code");
  }
  // Setting up proves the factor: this session may now use what needs it (an administrator's tools).
  // Every other session ends: one that signed in with the password alone (perhaps a stolen cookie) must
  // not go on, or step up with a code, under the new factor.
  await markSecondFactor(request, env, now);
  await revokeOtherSessions(env, user.id, session.id, meta, now);
  // 'Also remove all passkeys', ticked by default: a new app keeps out whoever has the password, not
  // whoever holds a passkey.
  const removed = form.has(REMOVE_ALL_PASSKEYS_FIELD) ? await removeAllPasskeys(env, user.id, meta, now) : 0;
  const notice = result.replaced ? TWO_FACTOR_MSG.replaced : TWO_FACTOR_MSG.enabled;
  return ok("confirm", {
    notice: removed > 0 ? `${notice} ${REMOVE_ALL_PASSKEYS.removed(removed)}` : notice,
    recoveryCodes: result.recoveryCodes ?? undefined,
  });
}

/** A session from before two-factor was on proves it with a code; wrong codes count against the sign-in budget. */
async function stepUp({ request, env, user, form, now }: Step): Promise<Answer> {
  const code = textField(form, "code", 20);
  if (code === null) return refuse("stepUp", 400, TWO_FACTOR_MSG.codeFormat, "code");
  const key = await throttleKey(user.email);
  const state = await readThrottle(env, key);
  if (isBlocked(state, now)) return refuse("stepUp", 429, MSG.rateLimited, "code");
  const check = await verifyTotp(env, user.id, code, now);
  if (!check.ok) {
    // A malformed code is a typing slip, not a guess: only real attempts count.
    if (check.reason !== "format" && (await recordLoginFailure(env, key, now)))
      await tellOwnerOfFailures(env, request, user.email);
    return refuse("stepUp", 400, totpMessage(check.reason), "code");
  }
  await markSecondFactor(request, env, now);
  return ok("stepUp", { notice: TWO_FACTOR_MSG.stepUpDone });
}

/** Removes every passkey of the account and logs it; answers how many there were. */
async function removeAllPasskeys(
  env: Env,
  userId: string,
  meta: ReturnType<typeof requestMeta>,
  now: number,
): Promise<number> {
  const db = getDb(env);
  const [removed] = await db.batch(removeAllPasskeysStatements(db, userId));
  if (removed.length > 0) await recordSecurityEvent(securityEventStatement(db, userId, "passkeys_removed", meta, now));
  return removed.length;
}

async function tellOwnerDisabled(request: Request, env: Env, userId: string): Promise<void> {
  await mailOwner(request, env, userId, twoFactorDisabledEmail);
}
