// Which payment gateway this deployment talks to. Development (APP_ENV=development, as `npm start` and the
// tests run) uses the local test gateway, with no set-up; anything else needs the real provider's adapter,
// and until one is configured, checkout is unavailable rather than pointed at a stand-in.
import type { PaymentGateway } from "./gateway.server";
import { handlePaymentNotification, type NotifyEnv } from "./notify.server";
import { TestGateway } from "./test-gateway.server";
import { isLocalDevelopment } from "../security.server";
import type { Ctx } from "../subscriptions.server";

export const NOTIFY_PATH = "/api/payments/notify";

export class GatewayUnavailableError extends Error {
  constructor() {
    super("No payment provider is configured");
  }
}

/**
 * The gateway for requests at `origin` (the site's own origin). The test gateway hands its notifications
 * straight to the webhook's handler in this Worker: the same signed request a POST to NOTIFY_PATH carries,
 * without a Worker fetching its own origin (which workerd does not route back to itself).
 */
export function paymentGateway(env: NotifyEnv & Pick<Env, "APP_ENV">, ctx: Ctx, origin: string): PaymentGateway {
  if (!isLocalDevelopment(env)) throw new GatewayUnavailableError();
  const notifyUrl = `${origin}${NOTIFY_PATH}`;
  const gateway: PaymentGateway = new TestGateway({
    origin,
    notifyUrl,
    deliver: (request) => handlePaymentNotification(env, ctx, gateway, request, origin),
  });
  return gateway;
}

/** The gateway, or null where none is configured (the cron then reminds and expires, but charges nothing). */
export function billingGateway(env: NotifyEnv & Pick<Env, "APP_ENV">, ctx: Ctx, origin: string): PaymentGateway | null {
  try {
    return paymentGateway(env, ctx, origin);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return null;
    throw error;
  }
}
