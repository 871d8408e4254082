import { apiRoute } from "~/server/http/api-route.server";
import { handleUpload } from "~/server/controllers/editor.server";

/** POST /api/uploads: one photo for the editor, processed now, kept private until the listing is saved. */
const api = apiRoute({ method: "POST", auth: "user", handler: handleUpload });

export const loader = api.loader;
export const action = api.action;
