// The payment provider's webhook (issue 15): notifications about checkouts and charges. The only place a
// provider tells us of money (app/server/payments/notify.server.ts checks and applies it). GET as well as POST:
// Windcave may call the notification URL either way, naming only a session, which is then looked up.
import { apiRoute } from "~/server/http/api-route.server";
import { json } from "~/server/http/responses.server";
import { ProviderUnavailableError } from "~/server/payments/gateway.server";
import { handlePaymentNotification } from "~/server/payments/notify.server";
import { GatewayUnavailableError, paymentGateway } from "~/server/payments/select.server";
import { siteOrigin } from "~/server/site-origin.server";

const api = apiRoute({
  method: ["GET", "POST"],
  auth: "none",
  handler: async ({ request, env, ctx }) => {
    const origin = siteOrigin(env, request);
    try {
      return await handlePaymentNotification(env, ctx, paymentGateway(env, ctx, origin), request, origin);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) return json({ error: error.message }, { status: 503 });
      // The provider could not be asked about the notification: a 5xx makes it send the notification again.
      if (error instanceof ProviderUnavailableError) {
        console.error("payments: a notification could not be checked with the provider", error.message);
        return json({ error: "The payment provider could not be reached" }, { status: 503 });
      }
      throw error;
    }
  },
});

export const loader = api.loader;
export const action = api.action;
