// The owner JSON API (spec provider §7): the dashboard list, the Active/Live toggles, the editor's read
// and the two deletes. Every answer is JSON and never cached. Order of checks: signed in (401), the id's
// shape (400), then ownership (403, the same whether the id exists or not, so ids cannot be probed).
import { MSG } from "~/features/accounts/auth-schemas";
import { clearSessionCookie } from "~/platform/http/token-cookie.server";
import { parseDesired } from "~/features/listings/state";
import { isId } from "~/platform/data/ids";
import { reauthenticate } from "~/features/accounts/account-changes.server";
import { getCurrentSession } from "~/features/accounts/auth.server";
import { cookieIsSecure } from "~/platform/env";
import { loadDashboardListings, loadOwnerProfile, NOT_YOUR_LISTING, setListingFlag } from "./dashboard.server";
import type { ApiCall } from "~/features/accounts/api-route.server";
import { readBody, SMALL_BODY_BYTES } from "~/platform/http/body.server";
import { CLEAR_STORAGE_HEADER, json, jsonError } from "~/platform/http/responses.server";
import { findManageableListing } from "~/features/listings/access.server";
import { deleteAccount, deleteListing } from "~/features/listings/delete.server";
import { requestMeta } from "~/features/accounts/security-log.server";
import { ERROR_MSG } from "~/features/site/messages";
import { adminDeleteAudit } from "~/features/audit/audit";
import { ownerWriteLimited } from "~/features/listings/own-listing.server";

export const INVALID_USER_ID = "Invalid user id";

function limited(): Response {
  return jsonError(429, ERROR_MSG.tooManyChanges, {}, { "Retry-After": "60" });
}

/** The account's own id, or the 400/403 answer. Another user's id is 403 even for an administrator. */
function ownAccountId(userId: string | undefined, viewerId: string): Response | null {
  if (userId === viewerId) return null;
  if (!isId(userId)) return jsonError(400, INVALID_USER_ID);
  return jsonError(403, MSG.forbidden);
}

/** GET /api/modelswvisits/{userId}: the owner's listings in the dashboard shape. */
export async function ownerListings({ env, user, params }: ApiCall<"user">): Promise<Response> {
  const refused = ownAccountId(params.userId, user.id);
  if (refused) return refused;
  return json(await loadDashboardListings(env, user.id));
}

/**
 * PUT /api/profiles/{modelId}/active and .../live. No body flips the flag, as the original API did; a
 * body {active: true|false} (or {live: ...}) asks for a state, so a repeated request cannot undo itself.
 */
export async function toggleFlag(
  { request, env, ctx, user, params }: ApiCall<"user">,
  flag: "active" | "live",
): Promise<Response> {
  const listingId = params.modelId;
  if (!isId(listingId)) return jsonError(400, ERROR_MSG.invalidListingId);
  const body = await readBody(request, { maxBytes: SMALL_BODY_BYTES, accept: ["json", "form"] });
  if (!body.ok) return jsonError(body.status, body.error);
  const desired = parseDesired(body.data[flag]);
  if (desired === null) return jsonError(400, `${flag} must be true or false`);
  if (await ownerWriteLimited(env, user.id)) return limited();
  const result = await setListingFlag(env, ctx, user.id, listingId, flag, desired);
  if (!result.ok) return jsonError(result.status, result.error);
  return json({ success: true, ...result.state });
}

/** GET /api/modelP/{id}: the owner's profile for the editor and its preview, hidden or not. */
export async function ownerProfile({ env, user, params }: ApiCall<"user">): Promise<Response> {
  const listingId = params.id;
  if (!isId(listingId)) return jsonError(400, ERROR_MSG.invalidListingId);
  const profile = await loadOwnerProfile(env, user.id, listingId);
  if (!profile) return jsonError(403, NOT_YOUR_LISTING);
  return json(profile);
}

/** DELETE /api/profiles/{modelId}/listing: the owner, or an administrator. */
export async function deleteListingApi({ request, env, ctx, cf, user, params }: ApiCall<"user">): Promise<Response> {
  const listingId = params.modelId;
  if (!isId(listingId)) return jsonError(400, ERROR_MSG.invalidListingId);
  const listing = await findManageableListing(env, user, listingId);
  if (!listing) return jsonError(403, NOT_YOUR_LISTING);
  if (await ownerWriteLimited(env, user.id)) return limited();
  // An administrator's delete is an administrator action: its audit row goes in the same batch.
  const meta = listing.userId === user.id ? requestMeta(request, cf) : undefined;
  await deleteListing(env, ctx, listing.id, { audit: user.isAdmin ? adminDeleteAudit(user) : undefined, meta });
  return json({ success: true });
}

/** DELETE /api/profiles/{userId}/account: one's own account only; signs this browser out too. */
/**
 * Deleting the account needs the current password in the body (`password`), or a second factor proved in
 * this session in the last minutes (docs/accounts.md): a stolen or forgotten-open session alone cannot do it.
 */
export async function deleteAccountApi({
  request,
  context,
  env,
  ctx,
  user,
  params,
}: ApiCall<"user">): Promise<Response> {
  const refused = ownAccountId(params.userId, user.id);
  if (refused) return refused;
  const body = await readBody(request, { maxBytes: SMALL_BODY_BYTES, accept: ["json", "form"] });
  if (!body.ok) return jsonError(body.status, body.error);
  const current = await getCurrentSession(request, env);
  if (!current) return jsonError(401, MSG.notAuthenticated);
  const identity = await reauthenticate(request, context.cloudflare, user, current.session, body.data.password);
  if (!identity.ok) return jsonError(identity.status, identity.error);
  await deleteAccount(env, ctx, user.id);
  const headers = new Headers({ "Set-Cookie": clearSessionCookie(cookieIsSecure(env)) });
  headers.set(...CLEAR_STORAGE_HEADER);
  return json({ success: true }, { headers });
}
