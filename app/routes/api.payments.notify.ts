// The payment provider's webhook: notifications about checkouts and charges. The only place a provider tells
// us of money (app/features/payments/notify.server.ts checks and applies it). GET as well as POST: Windcave may
// call the notification URL either way, naming only a session, which is then looked up.
import { apiRoute } from "~/features/accounts/api-route.server";
import { limiterKey, overLimit } from "~/platform/http/rate-limit.server";
import { json } from "~/platform/http/responses.server";
import { ProviderUnavailableError } from "~/features/payments/gateway.server";
import { handlePaymentNotification } from "~/features/payments/notify.server";
import { GatewayUnavailableError, paymentGateway } from "~/features/payments/select.server";
import { isDevelopment } from "~/platform/env";
import { devToolsAllowed, siteOrigin } from "~/platform/http/site-origin.server";

const api = apiRoute({
  method: ["GET", "POST"],
  auth: "none",
  handler: async ({ request, env, ctx }) => {
    // In development the gateway is the local test one, whose signing secret is published in the code: only
    // this machine may call it, as with /dev/outbox.
    if (isDevelopment(env) && !devToolsAllowed(env, request)) return json({ error: "Not found" }, { status: 404 });
    // Per client, then for everyone: a limiter outage lets notifications through (money must not be lost
    // to our outage; the provider's lookup still decides). 429 makes a provider send it again later.
    if (
      (await overLimit(env.NOTIFY_LIMITER, limiterKey("notify", request.headers), "open")) ||
      (await overLimit(env.NOTIFY_TOTAL_LIMITER, "notify:all", "open"))
    ) {
      return json(
        { error: "Too many notifications. Try again later." },
        { status: 429, headers: { "Retry-After": "60" } },
      );
    }
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
