// Who gets into the Safety Net's pages and posts, and the shape of a refusal (docs/decisions/0023-safety-net.md,
// 0043-safety-net-second-pass.md): a verified provider, an administrator, and any account about its own
// reports; a post from anyone else is refused with 403 and nothing stored, a page is a 404 to them.
import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getSessionUser } from "~/features/accounts/auth.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { requireUser } from "~/features/accounts/guards.server";
import { safetyAccess, safetyStanding } from "./access.server";
import type { SafetyAccess } from "./access.server";
import { SAFETY_MSG } from "./report-rules";
import { hasSafetyNetKey } from "./safety-key.server";
import { NO_STORE } from "~/platform/http/page-answer";

export const fail = (status: number, error: string, fieldErrors?: Record<string, string>, intent?: string) =>
  data(
    { ok: false as const, error, fieldErrors: fieldErrors ?? {}, intent: intent ?? "" },
    { status, headers: NO_STORE },
  );

export function requireKey(env: object) {
  if (!hasSafetyNetKey(env)) {
    // No default key, in production as anywhere: without the secret nothing is hashed or sealed at all.
    throw data({ ok: false as const, error: SAFETY_MSG.notConfigured }, { status: 503, headers: NO_STORE });
  }
}

/**
 * For the provider pages' loaders: a verified provider gets `access`; an account without access that has
 * reports of its own gets `access: null` (it may still read, answer and withdraw them); anyone else 404
 * (after the usual sign-in redirect).
 */
export async function requireSafetyPage(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: SessionUser; access: SafetyAccess | null; suspended: boolean }> {
  const user = await requireUser(request, context);
  const env = context.cloudflare.env;
  requireKey(env);
  const access = await safetyAccess(env, user.id, Date.now());
  if (access) return { user, access, suspended: false };
  const standing = await safetyStanding(env, user.id);
  if (!standing.ownReports) throw data("Not found", { status: 404, headers: NO_STORE });
  return { user, access: null, suspended: standing.suspended };
}

/** For a post only a verified provider may make: anyone else gets 403 and nothing is stored. */
export async function requireSafetyPost(request: Request, context: AppLoadContext): Promise<SafetyAccess> {
  const env = context.cloudflare.env;
  const user = await requireSignedInPost(request, context);
  const access = await safetyAccess(env, user.id, Date.now());
  if (!access) throw data({ ok: false as const, error: SAFETY_MSG.notAllowed }, { status: 403, headers: NO_STORE });
  return access;
}

/**
 * For a post about the account's own reports (answer, withdraw) or turning the digest off: any signed-in
 * account, whatever its access, since a reporter on a break or no longer verified still owns their reports.
 * Each write names the account, so nobody reaches another's report.
 */
export async function requireSignedInPost(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const env = context.cloudflare.env;
  const user = await getSessionUser(request, env);
  if (!user) throw data({ ok: false as const, error: SAFETY_MSG.notAllowed }, { status: 403, headers: NO_STORE });
  requireKey(env);
  return user;
}
