// The administrator JSON API (spec public §7) and the providers' verification requests (spec provider
// §7). Every answer is JSON and never cached. Order of checks: signed in (401), role (403), the id's
// shape (400), then the rules (404/409).
import { parseDesired } from "~/features/listings/state";
import { parseVerifyFlag } from "./moderation";
import { ID_MSG, PHOTO_VERIFY_MSG } from "~/features/verification/verification";
import type { VerificationKind } from "~/features/verification/verification";
import type { ApiCall } from "~/features/accounts/api-route.server";
import { readBody, SMALL_BODY_BYTES } from "~/platform/http/body.server";
import { json, jsonError } from "~/platform/http/responses.server";
import { moderateListing } from "./moderation.server";
import type { ModeratedListing } from "./moderation.server";
import { readVerificationBody, submitVerification } from "~/features/verification/verification.server";

function listingState(listing: ModeratedListing) {
  return {
    modelId: listing.listingId,
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
  { request, env, ctx, user: admin, params }: ApiCall<"admin">,
  kind: "verify" | "live" | "hot",
): Promise<Response> {
  const listingId = params.id;
  const body = await readBody(request, { maxBytes: SMALL_BODY_BYTES, accept: ["json", "form"] });
  if (!body.ok) return jsonError(body.status, body.error);

  let result;
  if (kind === "verify") {
    const verify = parseVerifyFlag(body.data.verify);
    if (verify === null) return jsonError(400, "verify must be true or false");
    result = await moderateListing(env, ctx, admin, listingId ?? "", verify ? "verify" : "unverify");
  } else {
    const desired = parseDesired(body.data[kind]);
    if (desired === null) return jsonError(400, `${kind} must be true or false`);
    result = await moderateListing(env, ctx, admin, listingId ?? "", (current) => {
      const on = desired ?? !current[kind];
      return kind === "live" ? (on ? "live" : "unlive") : on ? "hot" : "unhot";
    });
  }
  if (!result.ok) return jsonError(result.status, result.error);
  return json({ success: true, changed: result.changed, ...listingState(result.listing) });
}

/**
 * POST /api/verify/request/{modelId} (frontLicense, backLicense) and /api/photo-verify/request/{modelId}
 * (photo1..3). 201 {success, message, requestId}; failures {error, message} with a 4xx (the spec's
 * client reads either field).
 */
export async function verificationRequestApi(
  { request, env, user, params }: ApiCall<"user">,
  kind: VerificationKind,
): Promise<Response> {
  const fail = (error: string, status: number, field?: string) => jsonError(status, error, { message: error, field });
  const body = await readVerificationBody(env, user.id, request, kind);
  if (!body.ok) return fail(body.error, body.status);
  const result = await submitVerification(env, user, kind, params.modelId, body.form);
  if (!result.ok) return fail(result.error, result.status, result.field);
  const message = kind === "id" ? ID_MSG.success : PHOTO_VERIFY_MSG.success;
  return json({ success: true, message, requestId: result.requestId }, { status: 201 });
}
