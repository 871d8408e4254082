import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminProfileAction } from "~/server/admin-api.server";
import { methodNotAllowed } from "~/server/request-body.server";

/** PUT: administrators only. Flips hot (or sets it from {hot}); the answer carries `hot`. */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  adminProfileAction(request, context, params.id, "hot");
export const loader = () => methodNotAllowed("PUT");
