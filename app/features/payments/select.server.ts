// Which payment gateway this deployment talks to. Development (APP_ENV=development on a loopback host, as
// `npm start` and the tests run, in a build made with the development tools) uses the local test gateway,
// with no set-up. Anywhere else it is Windcave
// (docs/decisions/0016-payment-provider.md) once its three settings are there and the receipts have a real GST
// number to print (docs/decisions/0045-account-recovery-mail-and-receipts.md); until then checkout is
// unavailable (503) rather than pointed at a stand-in, and the cron charges nothing.
import type { PaymentGateway } from "./gateway.server";
import { handlePaymentNotification } from "./notify.server";
import type { NotifyEnv } from "./notify.server";
// The one way into app/dev from the app: used only under __DEV_TOOLS__, which a production build sets to
// false, so Rollup drops this import with the branch (scripts/check-production-build.mjs proves it).
// eslint-disable-next-line import-x/no-restricted-paths
import { TestGateway } from "~/dev/test-gateway.server";
import { createWindcaveGateway } from "./windcave.server";
import type { WindcaveEnv } from "./windcave.server";
import { supplierProblem } from "~/features/billing/supplier";
import { isLoopbackHost } from "~/platform/http/loopback";
import { isDevelopment } from "~/platform/env";
import type { WaitUntil } from "~/platform/request-context";

export const NOTIFY_PATH = "/api/payments/notify";

export class GatewayUnavailableError extends Error {
  constructor() {
    super("No payment provider is configured");
  }
}

/** What the owner is told when payment cannot be taken now (no provider configured, or it did not answer). */
export const PAYMENT_UNAVAILABLE_MSG =
  "Online payment is not available right now. Nothing was charged. Please try again later.";

export type GatewayEnv = NotifyEnv & Pick<Env, "APP_ENV" | "PROFILES"> & WindcaveEnv;
type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
type SupplierEnv = Pick<Env, "BILLING_SUPPLIER_NAME" | "BILLING_GST_NUMBER">;

/** Windcave's URL is a var in wrangler.toml; the username and key are secrets, so "configured" means all three. */
export function windcaveConfigured(env: WindcaveEnv): boolean {
  return Boolean(env.WINDCAVE_API_URL && env.WINDCAVE_API_USERNAME && env.WINDCAVE_API_KEY);
}

/**
 * True when this deployment can take real payments: Windcave's settings, and a supplier the receipts can name
 * (every payment issues a tax invoice, which must carry a real GST number: app/features/billing/supplier.ts).
 */
export function windcaveReady(env: WindcaveEnv & SupplierEnv): boolean {
  return windcaveConfigured(env) && supplierProblem(env) === null;
}

/**
 * The gateway for requests at `origin` (the site's own origin). The test gateway hands its notifications
 * straight to the webhook's handler in this Worker: the same signed request a POST to NOTIFY_PATH carries,
 * without a Worker fetching its own origin (which workerd does not route back to itself). `fetchImpl` is for
 * the tests, which stand in for Windcave's host.
 */
export function paymentGateway(env: GatewayEnv, ctx: WaitUntil, origin: string, fetchImpl?: Fetch): PaymentGateway {
  // Three locks, like /dev/outbox: a build with the development tools (a production build leaves this
  // branch and the whole test gateway out: docs/testing.md), local development, and this machine.
  if (__DEV_TOOLS__ && isDevelopment(env) && isLoopbackHost(new URL(origin).hostname)) {
    const notifyUrl = `${origin}${NOTIFY_PATH}`;
    const gateway: PaymentGateway = new TestGateway({
      origin,
      notifyUrl,
      store: env.PROFILES,
      deliver: (request) => handlePaymentNotification(env, ctx, gateway, request, origin),
    });
    return gateway;
  }
  if (windcaveReady(env)) return createWindcaveGateway(env, fetchImpl);
  throw new GatewayUnavailableError();
}

/** The gateway, or null where none is configured (the cron then reminds and expires, but charges nothing). */
export function billingGateway(env: GatewayEnv, ctx: WaitUntil, origin: string): PaymentGateway | null {
  try {
    return paymentGateway(env, ctx, origin);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return null;
    throw error;
  }
}
