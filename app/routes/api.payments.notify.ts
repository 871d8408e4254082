// The payment provider's webhook (issue 15): signed notifications about checkouts and charges. The only
// place money state changes; app/server/payments/notify.server.ts checks and applies them.
import { apiRoute } from "~/server/http/api-route.server";
import { json } from "~/server/http/responses.server";
import { handlePaymentNotification } from "~/server/payments/notify.server";
import { GatewayUnavailableError, paymentGateway } from "~/server/payments/select.server";
import { siteOrigin } from "~/server/site-origin.server";

const api = apiRoute({
  method: "POST",
  auth: "none",
  handler: async ({ request, env, ctx }) => {
    const origin = siteOrigin(env, request);
    try {
      return await handlePaymentNotification(env, ctx, paymentGateway(env, ctx, origin), request, origin);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) return json({ error: error.message }, { status: 503 });
      throw error;
    }
  },
});

export const loader = api.loader;
export const action = api.action;
