// The owner JSON API (spec provider §7): the dashboard list, the Active/Live toggles, the editor's read
// and the two deletes. Every answer is JSON and never cached. Order of checks: signed in (401), the id's
// shape (400), then ownership (403, the same whether the id exists or not, so ids cannot be probed).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { MSG } from "~/lib/auth-schemas";
import { parseDesired } from "~/lib/dashboard";
import { isId } from "~/lib/ids";
import { jsonError } from "./auth-api.server";
import { cookieIsSecure, requireUserApi } from "./auth.server";
import { clearSessionCookie } from "~/lib/auth-session";
import {
  loadDashboardListings,
  loadOwnerProfile,
  NOT_YOUR_LISTING,
  ownerWriteLimited,
  RATE_LIMITED,
  setListingFlag,
} from "./dashboard.server";
import { deleteAccount, deleteListing } from "./listing-delete.server";
import { findManageableListing } from "./listing-access.server";
import { adminDeleteAudit } from "./moderation.server";
import { jsonNoStore, readBody } from "./request-body.server";
import { requestMeta } from "./security-log.server";

export const INVALID_MODEL_ID = "Invalid model id";
export const INVALID_USER_ID = "Invalid user id";

/** Tells the browser to drop this site's local storage (the cached user, drafts, favourites) as well. */
export const CLEAR_STORAGE_HEADER = ["Clear-Site-Data", '"storage"'] as const;

function limited(): Response {
  return jsonError(RATE_LIMITED, 429, { "Retry-After": "60" });
}

/** The account's own id, or the 400/403 answer. Another user's id is 403 even for an administrator. */
function ownAccountId(userId: string | undefined, viewerId: string): Response | null {
  if (userId === viewerId) return null;
  if (!isId(userId)) return jsonError(INVALID_USER_ID, 400);
  return jsonError(MSG.forbidden, 403);
}

/** GET /api/modelswvisits/{userId}: the owner's listings in the dashboard shape. */
export async function ownerListings(
  request: Request,
  context: AppLoadContext,
  userId: string | undefined,
): Promise<Response> {
  const user = await requireUserApi(request, context);
  const refused = ownAccountId(userId, user.id);
  if (refused) return refused;
  return jsonNoStore(await loadDashboardListings(context.cloudflare.env, user.id));
}

/**
 * PUT /api/profiles/{modelId}/active and .../live. No body flips the flag, as the original API did; a
 * body {active: true|false} (or {live: ...}) asks for a state, so a repeated request cannot undo itself.
 */
export async function toggleFlag(
  request: Request,
  context: AppLoadContext,
  modelId: string | undefined,
  flag: "active" | "live",
): Promise<Response> {
  const { env, ctx } = context.cloudflare;
  const user = await requireUserApi(request, context);
  if (!isId(modelId)) return jsonError(INVALID_MODEL_ID, 400);
  const body = await readBody(request);
  if (!body.ok) return jsonError(body.error, body.status);
  const desired = parseDesired(body.data[flag]);
  if (desired === null) return jsonError(`${flag} must be true or false`, 400);
  if (await ownerWriteLimited(env, user.id)) return limited();
  const result = await setListingFlag(env, ctx, user.id, modelId, flag, desired);
  if (!result.ok) return jsonError(result.error, result.status);
  return jsonNoStore({ success: true, ...result.state });
}

/** GET /api/modelP/{id}: the owner's profile for the editor and its preview, hidden or not. */
export async function ownerProfile(
  request: Request,
  context: AppLoadContext,
  modelId: string | undefined,
): Promise<Response> {
  const user = await requireUserApi(request, context);
  if (!isId(modelId)) return jsonError(INVALID_MODEL_ID, 400);
  const profile = await loadOwnerProfile(context.cloudflare.env, user.id, modelId);
  if (!profile) return jsonError(NOT_YOUR_LISTING, 403);
  return jsonNoStore(profile);
}

/** DELETE /api/profiles/{modelId}/listing: the owner, or an administrator. */
export async function deleteListingApi(
  request: Request,
  context: AppLoadContext,
  modelId: string | undefined,
): Promise<Response> {
  const { env, ctx } = context.cloudflare;
  const user = await requireUserApi(request, context);
  if (!isId(modelId)) return jsonError(INVALID_MODEL_ID, 400);
  const listing = await findManageableListing(env, user, modelId);
  if (!listing) return jsonError(NOT_YOUR_LISTING, 403);
  if (await ownerWriteLimited(env, user.id)) return limited();
  // An administrator's delete is an administrator action: its audit row goes in the same batch.
  const meta = listing.userId === user.id ? requestMeta(request, context.cloudflare.cf) : undefined;
  await deleteListing(env, ctx, listing.id, { audit: user.isAdmin ? adminDeleteAudit(user) : undefined, meta });
  return jsonNoStore({ success: true });
}

/** DELETE /api/profiles/{userId}/account: one's own account only; signs this browser out too. */
export async function deleteAccountApi(
  request: Request,
  context: AppLoadContext,
  userId: string | undefined,
): Promise<Response> {
  const { env, ctx } = context.cloudflare;
  const user = await requireUserApi(request, context);
  const refused = ownAccountId(userId, user.id);
  if (refused) return refused;
  await deleteAccount(env, ctx, user.id);
  const headers = new Headers({ "Set-Cookie": clearSessionCookie(cookieIsSecure(env)) });
  headers.set(...CLEAR_STORAGE_HEADER);
  return jsonNoStore({ success: true }, { headers });
}
