import { apiRoute } from "~/features/accounts/api-route.server";
import { handleSave } from "~/features/listings/editor-api.server";

/** PUT /api/profile: saves an edit of the caller's listing (modelId in the multipart body); answers the profile. */
const api = apiRoute({
  method: "PUT",
  auth: "user",
  handler: (call) => handleSave(call, "update"),
});

export const loader = api.loader;
export const action = api.action;
