import { apiRoute } from "~/features/accounts/api-route.server";
import { handleImageDelete } from "~/features/listings/editor-api.server";

/** DELETE /api/profile/images/{imageId}: removes a saved photo of the caller's own listing. */
const api = apiRoute({ method: "DELETE", auth: "user", handler: handleImageDelete });

export const loader = api.loader;
export const action = api.action;
