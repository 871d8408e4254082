import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSessionUser } from "~/features/accounts/auth.server";
import { thumbnailOf } from "~/features/verification/thumbnails.server";
import { verificationFileResponse } from "~/features/verification/files.server";

/**
 * GET: one file of a pending verification request, for administrators only (anyone else: 404, the same
 * as a file that does not exist). Streamed from R2's private prefix with Cache-Control: private, no-store.
 * `?size=thumb` answers it small, for the queue (the original opens on demand).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await getSessionUser(request, env);
  const file = await verificationFileResponse(env, viewer, params.requestId, params.index);
  if (!file.ok || new URL(request.url).searchParams.get("size") !== "thumb") return file;
  return thumbnailOf(env.IMAGES, file);
}
