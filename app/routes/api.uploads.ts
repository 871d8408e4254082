import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleUpload } from "~/server/editor-api.server";
import { methodNotAllowed } from "~/server/request-body.server";

/** POST /api/uploads: one photo for the editor, processed now, kept private until the listing is saved. */
export const action = ({ request, context }: ActionFunctionArgs) => handleUpload(request, context);
export const loader = () => methodNotAllowed("POST");
