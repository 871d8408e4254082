import { apiRoute } from "~/features/accounts/api-route.server";
import { destroySession } from "~/features/accounts/auth.server";
import { json } from "~/platform/http/responses.server";

/** POST: ends this session. Succeeds when signed out too: the client clears its state either way. */
const api = apiRoute({
  method: "POST",
  auth: "none",
  handler: async ({ request, env }) => {
    const cookie = await destroySession(request, env);
    return json({ success: true }, { headers: { "Set-Cookie": cookie } });
  },
});

export const loader = api.loader;
export const action = api.action;
