import { apiRoute } from "~/features/accounts/api-route.server";
import { handleDraftUpload } from "~/features/listings/editor-api.server";

/** GET /api/uploads/{uploadId}: one of the caller's own unsaved photos (never anyone else's). */
const api = apiRoute({ method: "GET", auth: "user", handler: handleDraftUpload });

export const loader = api.loader;
export const action = api.action;
