import { apiRoute } from "~/server/http/api-route.server";
import { liveProfilesApi } from "~/server/controllers/public.server";

/** GET /api/LPmodels: live listings as full profiles, paged by cursor. */
const api = apiRoute({ method: "GET", auth: "none", handler: liveProfilesApi });

export const loader = api.loader;
export const action = api.action;
