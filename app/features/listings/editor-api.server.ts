// The editor's JSON endpoints, kept out of the route modules: POST /api/uploads, PUT /api/uploads/draft,
// GET /api/uploads/{id}, POST /api/profiles, PUT /api/profile and DELETE /api/profile/images/{id}. Checks run in this order: method, signed in
// (401), the client's write allowance (429), the body's size and form (413/415/400), then the work.
import { isDevelopment } from "~/platform/env";
import { readListingBody } from "./body";
import { LISTING_RULE_MSG } from "./rules";
import { MAX_PHOTO_BYTES, PHOTO_MSG } from "~/features/photos/rules";
import type { ApiCall } from "~/features/accounts/api-route.server";
import { readBody } from "~/platform/http/body.server";
import { overLimit } from "~/platform/http/rate-limit.server";
import { json, jsonError } from "~/platform/http/responses.server";
import { DRAFT_PHOTO_MSG, keepDraftUploads, readDraftUpload, readKeepBody } from "./editor/drafts/draft-photos.server";
import { deleteListingImage, MAX_SAVE_BYTES, saveListing } from "~/features/listings/save/save.server";
import { mailWaitingAsks } from "./consent/ask.server";
import { sweepPendingUploads } from "~/features/photos/pending-uploads.server";
import { createPendingUpload } from "~/features/photos/uploads.server";
import { ERROR_MSG } from "~/features/site/messages";
import { PRIVATE_NO_STORE } from "~/platform/http/page-answer";

// Room for the multipart framing around one 10 MB photo.
const UPLOAD_BODY_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

// A limiter outage must not lock providers out of their own listings: every editor write fails open.
const writeLimited = (env: Env, key: string) => overLimit(env.WRITE_LIMITER, key, "open");

const limited = () => jsonError(429, ERROR_MSG.tooManyChanges, {}, { "Retry-After": "60" });

/** POST /api/uploads: one photo (multipart `file`), processed and kept private until a save uses it. */
export async function handleUpload({ request, env, ctx, user }: ApiCall<"user">): Promise<Response> {
  if (await writeLimited(env, `upload:${user.id}`)) return limited();
  const body = await readBody(request, {
    maxBytes: UPLOAD_BODY_BYTES,
    accept: ["multipart"],
    tooLarge: PHOTO_MSG.size,
  });
  if (!body.ok) return jsonError(body.status, body.error, { problem: body.status === 413 ? "size" : undefined });
  const files = body.form.getAll("file");
  if (files.length > 1) return jsonError(400, "Send one photo per request");
  const file = files[0];
  if (!file || typeof file === "string") return jsonError(400, PHOTO_MSG.empty);
  const now = Date.now();
  const result = await createPendingUpload(env, user.id, file, now);
  ctx.waitUntil(
    sweepPendingUploads(env, { now, userId: user.id }).catch((error: unknown) =>
      console.error("pending sweep failed", error),
    ),
  );
  if (!result.ok) return jsonError(result.status, result.error, { problem: result.problem });
  return json(result.upload, { status: 201 });
}

/**
 * PUT /api/uploads/draft `{ listingId, uploadIds }`: the uploads the editor's draft holds, kept until the draft
 * expires; answers `{ kept: [{uploadId, width, height}] }`, the ones still there.
 */
export async function handleKeepDraftUploads({ request, env, user }: ApiCall<"user">): Promise<Response> {
  if (await writeLimited(env, `draft:${user.id}`)) return limited();
  const body = await readBody(request, { maxBytes: 8 * 1024, accept: ["json"] });
  if (!body.ok) return jsonError(body.status, body.error);
  const keep = readKeepBody(body.data);
  if (!keep) return jsonError(400, DRAFT_PHOTO_MSG.badBody);
  const kept = await keepDraftUploads(env, user.id, keep.listingId, keep.uploadIds);
  return json({ kept });
}

/** GET /api/uploads/{id}: one of the caller's own unsaved photos, for the editor's restored draft. */
export async function handleDraftUpload({ env, user, params }: ApiCall<"user">): Promise<Response> {
  const object = await readDraftUpload(env, user.id, params.uploadId ?? "");
  if (!object) return jsonError(404, DRAFT_PHOTO_MSG.notFound);
  return new Response(object.body, {
    headers: {
      "Content-Type": "image/webp",
      // Someone's unsaved photo: never in a shared cache, nor kept by the browser past the editor.
      ...PRIVATE_NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** POST /api/profiles (create) and PUT /api/profile (update): the spec's multipart body, answered with the saved profile. */
export async function handleSave(
  { request, env, ctx, cf, user }: ApiCall<"user">,
  mode: "create" | "update",
): Promise<Response> {
  if (await writeLimited(env, `save:${user.id}`)) return limited();
  const form = await readBody(request, {
    maxBytes: MAX_SAVE_BYTES,
    accept: ["multipart"],
    tooLarge: LISTING_RULE_MSG.tooLarge,
  });
  if (!form.ok) return jsonError(form.status, form.error);
  const body = readListingBody(form.form);
  if ("error" in body) {
    return jsonError(400, body.error, { fieldErrors: body.field ? { [body.field]: body.error } : {} });
  }
  const country = typeof cf?.country === "string" ? cf.country : null;
  const outcome = await saveListing({ env, ctx, user, country, body }, mode);
  if (!outcome.ok) return json(outcome.body, { status: outcome.status });
  // A save that asked the worker again (a new name, most photos new): her new link goes out now.
  if (mode === "update") ctx.waitUntil(mailWaitingAsks(env, new URL(request.url).origin, outcome.profile.modelId));
  const headers = new Headers();
  // The bench reads how many D1 statements a save took; only local development tells.
  if (isDevelopment(env)) {
    headers.set("X-D1-Statements", String(outcome.statements));
    headers.set("X-D1-Batch-Statements", String(outcome.batchStatements));
  }
  return json(outcome.profile, { status: outcome.status, headers });
}

/** DELETE /api/profile/images/{imageId}: a saved photo of the caller's own listing. */
export async function handleImageDelete({ env, ctx, user, params }: ApiCall<"user">): Promise<Response> {
  if (await writeLimited(env, `save:${user.id}`)) return limited();
  const outcome = await deleteListingImage(env, ctx, user, params.imageId ?? "");
  if (!outcome.ok) return jsonError(outcome.status, outcome.error);
  return json({ success: true, modelId: outcome.listingId, images: outcome.images });
}
