// The editor's JSON endpoints, kept out of the route modules: POST /api/uploads, POST /api/profiles,
// PUT /api/profile and DELETE /api/profile/images/{id}. Checks run in this order: method, signed in
// (401), the client's write allowance (429), the body's size and form (413/415/400), then the work.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readListingBody } from "~/lib/listing-body";
import { LISTING_RULE_MSG } from "~/lib/listing-rules";
import { MAX_PHOTO_BYTES, PHOTO_MSG } from "~/lib/photo-rules";
import { requireUserApi } from "./auth.server";
import { deleteListingImage, MAX_SAVE_BYTES, saveListing } from "./listing-save.server";
import { readMultipart } from "./multipart.server";
import { jsonNoStore, methodNotAllowed } from "./request-body.server";
import { sweepPendingUploads } from "./pending-uploads.server";
import { createPendingUpload } from "./uploads.server";

export const TOO_MANY_WRITES = "Too many changes, please wait a minute and try again.";
// Room for the multipart framing around one 10 MB photo.
const UPLOAD_BODY_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

async function overLimit(env: Env, key: string): Promise<boolean> {
  try {
    const { success } = await env.WRITE_LIMITER.limit({ key });
    return !success;
  } catch (error) {
    // A limiter outage must not lock providers out of their own listings.
    console.error("write limiter failed", error);
    return false;
  }
}

const limited = () => jsonNoStore({ error: TOO_MANY_WRITES }, { status: 429, headers: { "Retry-After": "60" } });

/** POST /api/uploads: one photo (multipart `file`), processed and kept private until a save uses it. */
export async function handleUpload(request: Request, context: AppLoadContext): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { env, ctx } = context.cloudflare;
  const user = await requireUserApi(request, context);
  if (await overLimit(env, `upload:${user.id}`)) return limited();
  const body = await readMultipart(request, UPLOAD_BODY_BYTES, PHOTO_MSG.size);
  if (!body.ok)
    return jsonNoStore(
      { error: body.error, problem: body.status === 413 ? "size" : undefined },
      { status: body.status },
    );
  const files = body.form.getAll("file");
  if (files.length > 1) return jsonNoStore({ error: "Send one photo per request" }, { status: 400 });
  const file = files[0];
  if (!file || typeof file === "string") return jsonNoStore({ error: PHOTO_MSG.empty }, { status: 400 });
  const now = Date.now();
  const result = await createPendingUpload(env, user.id, file, now);
  ctx.waitUntil(
    sweepPendingUploads(env, { now, userId: user.id }).catch((error: unknown) =>
      console.error("pending sweep failed", error),
    ),
  );
  if (!result.ok) return jsonNoStore({ error: result.error, problem: result.problem }, { status: result.status });
  return jsonNoStore(result.upload, { status: 201 });
}

/** POST /api/profiles (create) and PUT /api/profile (update): the spec's multipart body, answered with the saved profile. */
export async function handleSave(
  request: Request,
  context: AppLoadContext,
  mode: "create" | "update",
): Promise<Response> {
  const method = mode === "create" ? "POST" : "PUT";
  if (request.method !== method) return methodNotAllowed(method);
  const { env, ctx, cf } = context.cloudflare;
  const user = await requireUserApi(request, context);
  if (await overLimit(env, `save:${user.id}`)) return limited();
  const form = await readMultipart(request, MAX_SAVE_BYTES, LISTING_RULE_MSG.tooLarge);
  if (!form.ok) return jsonNoStore({ error: form.error }, { status: form.status });
  const body = readListingBody(form.form);
  if ("error" in body)
    return jsonNoStore(
      { error: body.error, fieldErrors: body.field ? { [body.field]: body.error } : {} },
      { status: 400 },
    );
  const country = typeof cf?.country === "string" ? cf.country : null;
  const outcome = await saveListing({ env, ctx, user, country, body }, mode);
  if (!outcome.ok) return jsonNoStore(outcome.body, { status: outcome.status });
  const headers = new Headers();
  // The bench reads how many D1 statements a save took; only local development tells.
  if (env.APP_ENV === "development") {
    headers.set("X-D1-Statements", String(outcome.statements));
    headers.set("X-D1-Batch-Statements", String(outcome.batchStatements));
  }
  return jsonNoStore(outcome.profile, { status: outcome.status, headers });
}

/** DELETE /api/profile/images/{imageId}: a saved photo of the caller's own listing. */
export async function handleImageDelete(
  request: Request,
  context: AppLoadContext,
  imageId: string | undefined,
): Promise<Response> {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const { env, ctx } = context.cloudflare;
  const user = await requireUserApi(request, context);
  if (await overLimit(env, `save:${user.id}`)) return limited();
  const outcome = await deleteListingImage(env, ctx, user, imageId ?? "");
  if (!outcome.ok) return jsonNoStore({ error: outcome.error }, { status: outcome.status });
  return jsonNoStore({ success: true, modelId: outcome.listingId, images: outcome.images });
}
