import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { verificationRequestApi } from "~/server/admin-api.server";
import { methodNotAllowed } from "~/server/request-body.server";

/** POST multipart photo1, photo2, photo3: the owner asks for the listing's photos to be verified. */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  verificationRequestApi(request, context, params.modelId, "photo");
export const loader = () => methodNotAllowed("POST");
