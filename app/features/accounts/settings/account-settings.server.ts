// The /managesub side of the owner's sessions and sensitive changes (docs/accounts.md): what the page shows and
// the form posts it answers. The route hands over every intent; this answers the ones it owns and null
// for the rest, so the route stays a dispatcher and other sections can be added beside it.
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/ui/form-submission";
import { data, redirect } from "@remix-run/cloudflare";
import {
  ACCOUNT_MSG,
  changeEmailSchema,
  changePasswordSchema,
  FIELD,
  isAccountIntent,
  isPublicSessionId,
} from "./account-settings";
import type { AccountFormResult, AccountIntent, SessionView } from "./account-settings";
import type { SessionUser } from "~/core/session-user";
import type { NoticeKey } from "~/features/site/messages";
import { formatNzTime } from "~/platform/time/date-text";
import { changePassword, requestEmailChange } from "../account-changes.server";
import type { ChangeRefused } from "../account-changes.server";
import { destroySession, getCurrentSession } from "../auth.server";
import type { CurrentSession } from "../auth.server";
import { setFlash } from "~/features/site/flash.server";
import { hasFreshSecondFactor } from "../reauth.server";
import { requestMeta } from "../security-log.server";
import { listOwnSessions, revokeOtherSessions, revokeOwnSession } from "./sessions.server";
import type { RequestContext } from "~/platform/request-context";
import { NO_STORE } from "~/platform/http/page-answer";

export type AccountSettingsView = {
  sessions: SessionView[];
  /** A second factor proved in this session in the last minutes stands in for the current password. */
  freshSecondFactor: boolean;
  /** The same for a new password or e-mail address, where a passkey sign-in does not count (reauth.server.ts). */
  freshForCredentials: boolean;
};

// Passwords are never sent back in the page.
const HIDDEN = { hideFields: [FIELD.currentPassword, FIELD.newPassword, FIELD.confirmPassword] };

/** The signed-in request's own session: the route already required a user, so it exists. */
async function currentSession(request: Request, env: Env): Promise<CurrentSession> {
  const current = await getCurrentSession(request, env);
  if (!current) throw new Response(null, { status: 401 });
  return current.session;
}

export async function loadAccountSettings(request: Request, env: Env, user: SessionUser): Promise<AccountSettingsView> {
  const session = await currentSession(request, env);
  const sessions = await listOwnSessions(env, user.id, session.id);
  return {
    sessions: sessions.map((s) => ({
      publicId: s.publicId,
      device: s.device,
      place: s.place,
      started: formatNzTime(s.createdAt),
      startedAt: new Date(s.createdAt).toISOString(),
      lastSeen: formatNzTime(s.lastSeenAt),
      lastSeenAt: new Date(s.lastSeenAt).toISOString(),
      current: s.current,
    })),
    freshSecondFactor: hasFreshSecondFactor(session),
    freshForCredentials: hasFreshSecondFactor(session, Date.now(), "credentials"),
  };
}

async function backWith(env: Env, notice: NoticeKey): Promise<never> {
  throw redirect("/managesub", { status: 303, headers: await setFlash(new Headers(NO_STORE), env, notice) });
}

function answer(accountForm: AccountIntent, result: SubmissionResult<string[]>, status: number) {
  return data<AccountFormResult>({ accountForm, result }, { status, headers: NO_STORE });
}

/** A refusal shown beside its field (or above the form when it is about none); nothing was changed. */
function refusal(
  accountForm: AccountIntent,
  submission: { reply: (o: object) => SubmissionResult<string[]> },
  r: ChangeRefused,
) {
  const errors = r.field ? { fieldErrors: { [r.field]: [r.error] } } : { formErrors: [r.error] };
  return answer(accountForm, submission.reply({ ...HIDDEN, ...errors }), r.status);
}

/**
 * Answers the account intents of a /managesub post (data for the page, or throws a redirect), or null when the
 * intent is not one of them. `user` is the signed-in owner (requireUserForPost ran).
 */
export async function accountSettingsAction(
  request: Request,
  cf: RequestContext,
  user: SessionUser,
  intent: unknown,
  form: FormData,
): Promise<ReturnType<typeof answer> | null> {
  if (!isAccountIntent(intent)) return null;
  const { env } = cf;
  const session = await currentSession(request, env);
  const meta = requestMeta(request, cf.cf);

  if (intent === "revokeSession") {
    const publicId = form.get(FIELD.session);
    const notFound = () =>
      answer("revokeSession", { status: "error", error: { "": [ACCOUNT_MSG.sessionNotFound] } }, 404);
    if (!isPublicSessionId(publicId)) return notFound();
    const outcome = await revokeOwnSession(env, user.id, publicId, session.id, meta);
    if (outcome === "not-found") return notFound();
    if (outcome === "current") {
      // Signing out this device from the list is the same as Sign Out.
      throw redirect("/login", {
        status: 303,
        headers: { ...NO_STORE, "Set-Cookie": await destroySession(request, env) },
      });
    }
    return backWith(env, "sessionSignedOut");
  }

  if (intent === "revokeOtherSessions") {
    await revokeOtherSessions(env, user.id, session.id, meta);
    return backWith(env, "otherSessionsSignedOut");
  }

  if (intent === "changePassword") {
    const submission = parseForm(form, changePasswordSchema);
    if (submission.status !== "success") return answer("changePassword", submission.reply(HIDDEN), 400);
    const outcome = await changePassword(request, cf, user, session, submission.value);
    if (!outcome.ok) return refusal("changePassword", submission, outcome);
    return backWith(env, "passwordChanged");
  }

  const submission = parseForm(form, changeEmailSchema);
  if (submission.status !== "success") return answer("changeEmail", submission.reply(HIDDEN), 400);
  const outcome = await requestEmailChange(request, cf, user, session, submission.value);
  if (!outcome.ok) return refusal("changeEmail", submission, outcome);
  return backWith(env, "emailChangeSent");
}
