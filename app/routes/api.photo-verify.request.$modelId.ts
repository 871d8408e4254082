import { apiRoute } from "~/features/accounts/api-route.server";
import { verificationRequestApi } from "~/features/moderation/api.server";

/** POST multipart photo1, photo2, photo3: the owner asks for the listing's photos to be verified. */
const api = apiRoute({
  method: "POST",
  auth: "user",
  handler: (call) => verificationRequestApi(call, "photo"),
});

export const loader = api.loader;
export const action = api.action;
