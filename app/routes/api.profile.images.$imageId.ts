import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleImageDelete } from "~/server/editor-api.server";
import { methodNotAllowed } from "~/server/request-body.server";

/** DELETE /api/profile/images/{imageId}: removes a saved photo of the caller's own listing. */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  handleImageDelete(request, context, params.imageId);
export const loader = () => methodNotAllowed("DELETE");
