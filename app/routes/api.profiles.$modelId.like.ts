import { apiRoute } from "~/features/accounts/api-route.server";
import { handleLike } from "~/features/catalogue/api.server";

/** POST likes, DELETE unlikes; body {fingerprint}. Answers {success, liked, likes} or {success: false, error}. */
const api = apiRoute({
  method: ["POST", "DELETE"],
  auth: "none",
  handler: (call) => handleLike(call, call.request.method.toUpperCase() === "POST"),
});

export const loader = api.loader;
export const action = api.action;
