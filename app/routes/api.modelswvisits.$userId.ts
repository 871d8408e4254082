import { apiRoute } from "~/features/accounts/api-route.server";
import { ownerListings } from "~/features/dashboard/api.server";

/** GET: the signed-in owner's listings in the dashboard shape (spec §3), with this month's counters. */
const api = apiRoute({ method: "GET", auth: "user", handler: ownerListings });

export const loader = api.loader;
export const action = api.action;
