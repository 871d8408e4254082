import { apiRoute } from "~/features/accounts/api-route.server";
import { handleKeepDraftUploads } from "~/features/listings/editor-api.server";

/** PUT /api/uploads/draft: the unsaved photos the editor's draft holds, kept until the draft expires. */
const api = apiRoute({ method: "PUT", auth: "user", handler: handleKeepDraftUploads });

export const loader = api.loader;
export const action = api.action;
