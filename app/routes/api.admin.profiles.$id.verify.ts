import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminProfileAction } from "~/server/admin-api.server";
import { methodNotAllowed } from "~/server/request-body.server";

/** PUT {verify: boolean}: administrators only. Unverifying also takes the listing off the site (live off). */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  adminProfileAction(request, context, params.id, "verify");
export const loader = () => methodNotAllowed("PUT");
