import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/request-body.server";
import { ownerListings } from "~/server/owner-api.server";

/** GET: the signed-in owner's listings in the dashboard shape (spec §3), with this month's counters. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return ownerListings(request, context, params.userId);
}

export const action = () => methodNotAllowed("GET");
