import { apiRoute } from "~/features/accounts/api-route.server";
import { handleSave } from "~/features/listings/editor-api.server";

/** POST /api/profiles: creates a listing from the editor's multipart body (spec §7); answers 201 and the profile. */
const api = apiRoute({
  method: "POST",
  auth: "user",
  handler: (call) => handleSave(call, "create"),
});

export const loader = api.loader;
export const action = api.action;
