import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminProfileAction } from "~/server/admin-api.server";
import { methodNotAllowed } from "~/server/request-body.server";

/** PUT: administrators only. Flips live (or sets it from {live}); only a verified listing can go live. */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  adminProfileAction(request, context, params.id, "live");
export const loader = () => methodNotAllowed("PUT");
