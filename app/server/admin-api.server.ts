// The administrator JSON API (spec public §7) and the providers' verification requests (spec provider
// §7). Every answer is JSON and never cached. Order of checks: signed in (401), role (403), the id's
// shape (400), then the rules (404/409).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseDesired } from "~/lib/dashboard";
import { parseVerifyFlag } from "~/lib/moderation";
import {
  ID_MSG,
  maxRequestBytes,
  PHOTO_VERIFY_MSG,
  VERIFY_MSG,
  fileMessage,
  type VerificationKind,
} from "~/lib/verification";
import { jsonError } from "./auth-api.server";
import { requireAdminApi, requireUserApi } from "./auth.server";
import { moderateListing, type ModeratedListing } from "./moderation.server";
import { readMultipart } from "./multipart.server";
import { jsonNoStore, readBody } from "./request-body.server";
import { submitVerification } from "./verification.server";

function listingState(listing: ModeratedListing) {
  return {
    modelId: listing.modelId,
    verified: listing.verified,
    live: listing.live,
    hot: listing.hot,
    active: listing.active,
    active_until: listing.activeUntil,
  };
}

/**
 * PUT /api/admin/profiles/{id}/verify {verify}, .../toggle-live, .../toggle-hot. The toggles flip what is
 * stored; a body {live: true|false} (or {hot: ...}) asks for a state instead, so a retried request cannot
 * undo itself.
 */
export async function adminProfileAction(
  request: Request,
  context: AppLoadContext,
  modelId: string | undefined,
  kind: "verify" | "live" | "hot",
): Promise<Response> {
  if (request.method.toUpperCase() !== "PUT")
    return jsonNoStore({ error: "Method not allowed" }, { status: 405, headers: { Allow: "PUT" } });
  const { env, ctx } = context.cloudflare;
  const admin = await requireAdminApi(request, context);
  const body = await readBody(request);
  if (!body.ok) return jsonError(body.error, body.status);

  let result;
  if (kind === "verify") {
    const verify = parseVerifyFlag(body.data.verify);
    if (verify === null) return jsonError("verify must be true or false", 400);
    result = await moderateListing(env, ctx, admin, modelId ?? "", verify ? "verify" : "unverify");
  } else {
    const desired = parseDesired(body.data[kind]);
    if (desired === null) return jsonError(`${kind} must be true or false`, 400);
    result = await moderateListing(env, ctx, admin, modelId ?? "", (current) => {
      const on = desired ?? !current[kind];
      return kind === "live" ? (on ? "live" : "unlive") : on ? "hot" : "unhot";
    });
  }
  if (!result.ok) return jsonError(result.error, result.status);
  return jsonNoStore({ success: true, changed: result.changed, ...listingState(result.listing) });
}

/**
 * POST /api/verify/request/{modelId} (frontLicense, backLicense) and /api/photo-verify/request/{modelId}
 * (photo1..3). 201 {success, message, requestId}; failures {error, message} with a 4xx (the spec's
 * client reads either field).
 */
export async function verificationRequestApi(
  request: Request,
  context: AppLoadContext,
  modelId: string | undefined,
  kind: VerificationKind,
): Promise<Response> {
  if (request.method.toUpperCase() !== "POST")
    return jsonNoStore({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const { env } = context.cloudflare;
  const user = await requireUserApi(request, context);
  const fail = (error: string, status: number, field?: string) =>
    jsonNoStore({ error, message: error, field }, { status });
  if (await verificationLimited(env, user.id)) return fail(VERIFY_MSG.rateLimited, 429);
  const body = await readMultipart(request, maxRequestBytes(kind), fileMessage(kind, "size"));
  if (!body.ok) return fail(body.error, body.status);
  const result = await submitVerification(env, user, kind, modelId, body.form);
  if (!result.ok) return fail(result.error, result.status, result.field);
  const message = kind === "id" ? ID_MSG.success : PHOTO_VERIFY_MSG.success;
  return jsonNoStore({ success: true, message, requestId: result.requestId }, { status: 201 });
}

/**
 * Requests per provider: each carries up to 15 MB of images to process, so a script must not be able to
 * send them in a loop. A limiter outage lets the request through.
 */
export async function verificationLimited(env: Pick<Env, "WRITE_LIMITER">, userId: string): Promise<boolean> {
  try {
    const { success } = await env.WRITE_LIMITER.limit({ key: `verify:${userId}` });
    return !success;
  } catch (error) {
    console.error("verification limiter failed", error);
    return false;
  }
}
