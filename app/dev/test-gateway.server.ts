// The local test gateway (docs/billing.md): a stand-in payment provider for development and the tests, so that
// `npm start` takes payments with no account anywhere. It behaves as a hosted-checkout provider does: the
// payer is sent to its page (app/routes/dev.gateway.checkout.$ref.tsx, served only in development on a
// loopback host), chooses Approve, Decline or Approve after a delay, and the gateway then sends a signed
// notification to the app's webhook before sending the payer back. It records every charge and every outcome
// of its hosted page in KV (as a provider keeps its own books), so `lookup` answers truthfully; the page's
// "Approve, but lose the notification" and the `tgm_lose_` cards make a payment the app never hears about,
// which is how the lookups are tried locally. Nothing here is reachable in production:
// app/features/payments/select.server.ts picks this gateway only when APP_ENV is "development".
import { newId } from "~/platform/data/ids";
import { ProviderUnavailableError } from "~/features/payments/gateway.server";
import { encodeCheckout } from "./test-gateway-checkout.server";
import type { TestCheckout } from "./test-gateway-checkout.server";
import { notificationRequest, verifyTestNotification } from "./test-gateway-signature.server";
import type {
  ChargeRequest,
  ChargeResult,
  CheckoutRequest,
  CheckoutStart,
  LookupRequest,
  LookupResult,
  PaymentGateway,
  PaymentNotification,
  RefundRequest,
  RefundResult,
  VerifyResult,
} from "~/features/payments/gateway.server";

export const TEST_GATEWAY_NAME = "test";
/** Stored methods whose renewals the gateway declines: how a failing card is tried locally. */
export const FAILING_METHOD_PREFIX = "tgm_fail_";
export const GOOD_METHOD_PREFIX = "tgm_ok_";
/** Stored methods whose charges go through but whose answer is lost (no reply, no notification). */
export const LOSING_METHOD_PREFIX = "tgm_lose_";
/** Stored methods whose charges the gateway keeps undecided (pending), as a provider sometimes does. */
export const PENDING_METHOD_PREFIX = "tgm_pending_";
/** The gateway's own books, in KV: one record per payment reference. */
export const TEST_GATEWAY_KEY_PREFIX = "dev-test-gateway:";
const RECORD_TTL_S = 30 * 24 * 3600;

export type Deliver = (request: Request) => Promise<Response>;

/** What the gateway knows of one of our references: what happened, and the notification it made (or lost). */
export type TestRecord = { status: "settled" | "declined" | "pending"; notification: PaymentNotification };

export type TestGatewayOptions = {
  /** The app's own origin: the hosted page lives there, under /dev/gateway. */
  origin: string;
  /** The webhook the gateway notifies about charges of stored methods. */
  notifyUrl: string;
  /** Hands a signed notification to the app's webhook (app/features/payments/select.server.ts). */
  deliver: Deliver;
  /** The gateway's books (the PROFILES KV namespace, under its own prefix). */
  store: KVNamespace;
  now?: () => number;
};

export class TestGateway implements PaymentGateway {
  readonly name = TEST_GATEWAY_NAME;
  constructor(private readonly options: TestGatewayOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const providerRef = `tgc_${request.reference}`;
    const { customerEmail: _email, ...rest } = request;
    const token = await encodeCheckout({ ...rest, providerRef });
    const redirectUrl = `${this.options.origin}/dev/gateway/checkout/${encodeURIComponent(request.reference)}?t=${token}`;
    return { redirectUrl, providerRef };
  }

  verifyNotification(request: Request): Promise<VerifyResult> {
    return verifyTestNotification(request, this.now());
  }

  /** Writes what happened to a reference in the gateway's books. */
  async record(record: TestRecord): Promise<void> {
    await this.options.store.put(`${TEST_GATEWAY_KEY_PREFIX}${record.notification.reference}`, JSON.stringify(record), {
      expirationTtl: RECORD_TTL_S,
    });
  }

  async readRecord(reference: string): Promise<TestRecord | null> {
    return this.options.store.get<TestRecord>(`${TEST_GATEWAY_KEY_PREFIX}${reference}`, "json");
  }

  /** Signs and hands a notification to the app's webhook, as a provider posts it. */
  async notify(notification: PaymentNotification): Promise<Response> {
    const response = await this.options.deliver(
      await notificationRequest(this.options.notifyUrl, notification, this.now()),
    );
    if (!response.ok) console.error("test gateway: the app refused a notification", response.status);
    return response;
  }

  /**
   * A method made with the failing card is declined at once; a losing one is charged but its answer is lost
   * (the app sees the provider as unreachable and hears nothing more); a pending one stays undecided; any other
   * good one is charged and notified. Every outcome is recorded first, as a provider's books would have it.
   */
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const known = [GOOD_METHOD_PREFIX, FAILING_METHOD_PREFIX, LOSING_METHOD_PREFIX, PENDING_METHOD_PREFIX];
    if (!known.some((prefix) => request.methodRef.startsWith(prefix))) {
      return { status: "failed", reason: "Unknown card" };
    }
    const providerRef = `tgp_${newId()}`;
    const declined = request.methodRef.startsWith(FAILING_METHOD_PREFIX);
    const notification: PaymentNotification = {
      eventId: `evt_${newId()}`,
      kind: declined ? "payment_failed" : "payment_succeeded",
      reference: request.reference,
      providerRef,
      amountCents: request.amountCents,
      currency: request.currency,
      methodRef: request.methodRef,
      occurredAt: this.now(),
    };
    if (declined) {
      await this.record({ status: "declined", notification });
      return { status: "failed", reason: "Card declined", providerRef };
    }
    if (request.methodRef.startsWith(PENDING_METHOD_PREFIX)) {
      await this.record({ status: "pending", notification });
      return { status: "pending", providerRef };
    }
    await this.record({ status: "settled", notification });
    if (request.methodRef.startsWith(LOSING_METHOD_PREFIX)) {
      throw new ProviderUnavailableError("test gateway: the charge went through but its answer was lost");
    }
    await this.notify(notification);
    return { status: "succeeded", providerRef };
  }

  /** From the gateway's books: a reference it has no record of was never seen (none). */
  async lookup(request: LookupRequest): Promise<LookupResult> {
    const record = await this.readRecord(request.reference);
    if (!record) return { status: "none" };
    if (record.status === "pending") return { status: "pending" };
    return { status: record.status, notification: record.notification };
  }

  /**
   * The hosted page's choice (app/routes/dev.gateway.checkout.$ref.tsx): recorded, then notified, after a
   * delay for approve_delayed (through `waitUntil`), or never for approve_lost.
   */
  async completeCheckout(
    checkout: TestCheckout,
    outcome: TestOutcome,
    waitUntil: (promise: Promise<unknown>) => void,
  ): Promise<void> {
    const notification = outcomeNotification(checkout, outcome, this.now());
    const status = notification.kind === "payment_succeeded" ? "settled" : "declined";
    if (outcome === "approve_delayed") {
      await this.record({ status: "pending", notification });
      waitUntil(
        new Promise((resolve) => setTimeout(resolve, TEST_DELAY_MS)).then(async () => {
          await this.record({ status, notification });
          await this.notify(notification);
        }),
      );
      return;
    }
    await this.record({ status, notification });
    if (outcome !== "approve_lost") await this.notify(notification);
  }

  async cancel(_methodRef: string): Promise<void> {
    // Nothing is kept on this side: the reference simply stops being charged.
  }

  /** Refunds at once, as a provider's books would have it; the answer settles it (no notification). */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const providerRef = `tgr_${newId()}`;
    await this.options.store.put(
      `${TEST_GATEWAY_KEY_PREFIX}refund:${request.providerRef}`,
      JSON.stringify({ ...request, refundRef: providerRef }),
      { expirationTtl: RECORD_TTL_S },
    );
    return { status: "succeeded", providerRef };
  }

  /** Ends a hosted page early, as some providers allow: the page then refuses payment (`payable`). */
  async cancelCheckout(providerRef: string): Promise<boolean> {
    await this.options.store.put(`${TEST_GATEWAY_KEY_PREFIX}cancelled:${providerRef}`, "1", {
      expirationTtl: RECORD_TTL_S,
    });
    return true;
  }

  /** Whether the hosted page still takes payment: not past its expiry, and not cancelled. */
  async payable(checkout: TestCheckout): Promise<boolean> {
    if (this.now() >= checkout.expiresAt) return false;
    return (await this.options.store.get(`${TEST_GATEWAY_KEY_PREFIX}cancelled:${checkout.providerRef}`)) === null;
  }

  /** What the gateway refunded for a transaction (the tests read its books). */
  async refundOf(providerRef: string): Promise<(RefundRequest & { refundRef: string }) | null> {
    return this.options.store.get(`${TEST_GATEWAY_KEY_PREFIX}refund:${providerRef}`, "json");
  }
}

/** The outcomes the hosted page offers. */
export const TEST_OUTCOMES = ["approve", "approve_failing_card", "approve_delayed", "approve_lost", "decline"] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];
export const TEST_DELAY_MS = 3000;

/** The notification the hosted page sends for an outcome. */
export function outcomeNotification(checkout: TestCheckout, outcome: TestOutcome, now: number): PaymentNotification {
  const approved = outcome !== "decline";
  const methodRef =
    approved && checkout.storeMethod
      ? `${outcome === "approve_failing_card" ? FAILING_METHOD_PREFIX : GOOD_METHOD_PREFIX}${newId()}`
      : undefined;
  return {
    eventId: `evt_${newId()}`,
    kind: approved ? "payment_succeeded" : "payment_failed",
    reference: checkout.reference,
    providerRef: checkout.providerRef,
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    methodRef,
    occurredAt: now,
  };
}
