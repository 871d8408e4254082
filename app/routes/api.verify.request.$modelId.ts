import { apiRoute } from "~/features/accounts/api-route.server";
import { verificationRequestApi } from "~/features/moderation/api.server";

/** POST multipart frontLicense, backLicense: the owner asks for ID verification of a listing. */
const api = apiRoute({
  method: "POST",
  auth: "user",
  handler: (call) => verificationRequestApi(call, "id"),
});

export const loader = api.loader;
export const action = api.action;
