import { apiRoute } from "~/features/accounts/api-route.server";
import { ownerProfile } from "~/features/dashboard/api.server";

/** GET: the owner's own listing for the editor (hidden ones too), the profile shape plus lastName. */
const api = apiRoute({ method: "GET", auth: "user", handler: ownerProfile });

export const loader = api.loader;
export const action = api.action;
