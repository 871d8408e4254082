import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleSave } from "~/server/editor-api.server";
import { methodNotAllowed } from "~/server/request-body.server";

/** PUT /api/profile: saves an edit of the caller's listing (modelId in the multipart body); answers the profile. */
export const action = ({ request, context }: ActionFunctionArgs) => handleSave(request, context, "update");
export const loader = () => methodNotAllowed("PUT");
