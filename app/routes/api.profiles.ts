import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleSave } from "~/server/editor-api.server";
import { methodNotAllowed } from "~/server/request-body.server";

/** POST /api/profiles: creates a listing from the editor's multipart body (spec §7); answers 201 and the profile. */
export const action = ({ request, context }: ActionFunctionArgs) => handleSave(request, context, "create");
export const loader = () => methodNotAllowed("POST");
