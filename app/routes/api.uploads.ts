import { apiRoute } from "~/features/accounts/api-route.server";
import { handleUpload } from "~/features/listings/editor-api.server";

/** POST /api/uploads: one photo for the editor, processed now, kept private until the listing is saved. */
const api = apiRoute({ method: "POST", auth: "user", handler: handleUpload });

export const loader = api.loader;
export const action = api.action;
