import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSessionUser } from "~/server/auth.server";
import { verificationFileResponse } from "~/server/verification.server";

/**
 * GET: one file of a pending verification request, for administrators only (anyone else: 404, the same
 * as a file that does not exist). Streamed from R2's private prefix with Cache-Control: private, no-store.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await getSessionUser(request, env);
  return verificationFileResponse(env, viewer, params.requestId, params.index);
}
