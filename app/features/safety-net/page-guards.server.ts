// Who gets into the Safety Net's pages and posts, and the shape of a refusal (docs/decisions/0023-safety-net.md):
// a verified provider, an administrator; a post from anyone else is refused with 403 and nothing stored, a
// page is a 404 to them.
import { data } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getSessionUser } from "~/features/accounts/auth.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { requireUser } from "~/features/accounts/guards.server";
import { safetyAccess } from "./access.server";
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

/** For the provider pages' loaders: a verified provider, or 404 (after the usual sign-in redirect). */
export async function requireSafetyPage(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: SessionUser; access: SafetyAccess }> {
  const user = await requireUser(request, context);
  const env = context.cloudflare.env;
  requireKey(env);
  const access = await safetyAccess(env, user.id, Date.now());
  if (!access) throw data("Not found", { status: 404, headers: NO_STORE });
  return { user, access };
}

/** For the provider pages' actions: anonymous, unverified or paused accounts get 403 and nothing is stored. */
export async function requireSafetyPost(request: Request, context: AppLoadContext): Promise<SafetyAccess> {
  const env = context.cloudflare.env;
  const user = await getSessionUser(request, env);
  if (!user) throw data({ ok: false as const, error: SAFETY_MSG.notAllowed }, { status: 403, headers: NO_STORE });
  requireKey(env);
  const access = await safetyAccess(env, user.id, Date.now());
  if (!access) throw data({ ok: false as const, error: SAFETY_MSG.notAllowed }, { status: 403, headers: NO_STORE });
  return access;
}
