// The real payment provider: Windcave (formerly Payment Express), a New Zealand gateway, through its REST API
// (docs/decisions/0016-payment-provider.md says why this one). Hosted Payment Page sessions for checkout,
// stored cards ("cardId") for renewals and prorations, and notifications that carry only an id.
//
// Windcave does not sign its notifications. It calls our notification URL naming the session (`sessionId`;
// a `transactionId` is read too), and the merchant asks Windcave for it over the authenticated API. So nothing
// in the notification request is trusted: amount, currency, outcome and our reference all come from Windcave's
// own answer. A forged id is one Windcave does not know (401); a tampered amount cannot be sent at all; a
// replay re-reads the same transaction and yields the same event id, which the caller's idempotency turns
// into a no-op.
import type {
  ChargeRequest,
  ChargeResult,
  CheckoutRequest,
  CheckoutStart,
  LookupRequest,
  LookupResult,
  PaymentGateway,
  RefundRequest,
  RefundResult,
  VerifyResult,
} from "./gateway.server";
import { ProviderUnavailableError } from "./gateway.server";
import {
  findLink,
  isWindcaveTrouble,
  isRecord,
  moneyFields,
  PROVIDER_ID,
  readJson,
  readNotifiedIds,
  responseTextOf,
  toNotification,
  readLookupAnswer,
} from "./windcave-answers.server";
import type { WindcaveRead } from "./windcave-answers.server";

/** The Worker's configuration for Windcave: the URL is a var, the two credentials are secrets. */
export type WindcaveEnv = {
  /** "https://sec.windcave.com/api/v1" in production, "https://uat.windcave.com/api/v1" for Windcave's test host. */
  WINDCAVE_API_URL?: string;
  WINDCAVE_API_USERNAME?: string;
  WINDCAVE_API_KEY?: string;
};

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Windcave could not be asked (network, 5xx) or refused our credentials: not the notifier's fault, so the
 * webhook route should answer 5xx and let Windcave retry; for a charge, the outcome is unknown.
 */
export class WindcaveUnavailableError extends ProviderUnavailableError {
  constructor(message: string) {
    super(message);
    this.name = "WindcaveUnavailableError";
  }
}

export function createWindcaveGateway(env: WindcaveEnv, fetchImpl: Fetch = (input, init) => fetch(input, init)) {
  const baseUrl = env.WINDCAVE_API_URL?.replace(/\/+$/, "");
  const username = env.WINDCAVE_API_USERNAME;
  const key = env.WINDCAVE_API_KEY;
  if (!baseUrl || !username || !key) {
    throw new Error("Windcave needs WINDCAVE_API_URL, WINDCAVE_API_USERNAME and WINDCAVE_API_KEY");
  }
  return new WindcaveGateway(baseUrl, username, key, fetchImpl);
}

export class WindcaveGateway implements PaymentGateway {
  readonly name = "windcave";
  readonly #authorization: string;

  constructor(
    private readonly baseUrl: string,
    username: string,
    key: string,
    private readonly fetchImpl: Fetch,
  ) {
    this.#authorization = `Basic ${btoa(`${username}:${key}`)}`;
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const body = {
      type: "purchase",
      methods: ["card"],
      ...moneyFields(request),
      language: "en",
      storeCard: request.storeMethod,
      // The first payment of a stored-card agreement: later charges are merchant-initiated against it.
      storedCardIndicator: request.storeMethod ? "recurringinitial" : "single",
      callbackUrls: { approved: request.returnUrl, declined: request.returnUrl, cancelled: request.cancelUrl },
      notificationUrl: request.notifyUrl,
      // The page stops taking payment then (UTC, ISO 8601): a tab left open cannot pay days later.
      expires: new Date(request.expiresAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
    };
    // Every way this can fail leaves the payer with nothing to pay on, and nothing was charged: the caller
    // answers 502 and the payer tries again.
    const response = await this.#reach("POST", "/sessions", body, "Windcave could not be reached");
    if (!response.ok)
      throw new WindcaveUnavailableError(`Windcave refused the checkout session (HTTP ${response.status})`);
    const session = await readJson(response);
    const id = isRecord(session) ? session.id : undefined;
    const hpp = isRecord(session) ? findLink(session.links, "hpp") : undefined;
    if (typeof id !== "string" || !hpp) {
      throw new WindcaveUnavailableError("Windcave's session answer has no id or hosted page link");
    }
    return { redirectUrl: hpp, providerRef: id };
  }

  async verifyNotification(request: Request, knows?: (providerRef: string) => Promise<boolean>): Promise<VerifyResult> {
    const ids = await readNotifiedIds(request).catch(() => null);
    if (!ids) return { ok: false, status: 400, error: "The notification could not be read" };
    const { sessionId, transactionId } = ids;
    if (!sessionId && !transactionId) {
      return { ok: false, status: 400, error: "The notification names no session or transaction" };
    }
    for (const id of [sessionId, transactionId]) {
      if (id !== undefined && !PROVIDER_ID.test(id)) {
        return { ok: false, status: 400, error: "The notification's id is malformed" };
      }
    }

    // Every lookup is a call on the merchant's account: only for an id one of our payments holds.
    const id = (sessionId ?? transactionId)!;
    if (knows && !(await knows(id))) return { ok: false, status: 404, error: "No payment of ours has this id" };
    const read = await this.lookupById(sessionId ? { sessionId } : { transactionId: transactionId! });
    return read.ok ? read : { ok: false, status: read.status, error: read.error };
  }

  /**
   * The outcome of a session or transaction as Windcave itself reports it (GET /sessions/{id}, GET
   * /transactions/{id}). verifyNotification uses it for the id a notification names; lookup for a payment of
   * ours. `unpaid`: a session nobody has paid (yet), with its expiry when Windcave gave one.
   */
  async lookupById(id: { sessionId: string } | { transactionId: string }): Promise<WindcaveRead> {
    const sessionId = "sessionId" in id ? id.sessionId : undefined;
    const providerId = "sessionId" in id ? id.sessionId : id.transactionId;
    if (!PROVIDER_ID.test(providerId)) return { ok: false, status: 400, error: "The payment id is malformed" };
    const path = sessionId
      ? `/sessions/${encodeURIComponent(providerId)}`
      : `/transactions/${encodeURIComponent(providerId)}`;
    const response = await this.#reach("GET", path, undefined, "Windcave could not be reached");
    if (response.status === 404 || response.status === 400) {
      return { ok: false, status: 401, error: "Windcave does not know this payment", unknownId: true };
    }
    if (response.status >= 500) throw new WindcaveUnavailableError(`Windcave answered HTTP ${response.status}`);
    if (!response.ok) {
      // 401/403 mean our own credentials are wrong: an operator problem, not the notifier's.
      throw new WindcaveUnavailableError(`Windcave refused our lookup (HTTP ${response.status})`);
    }
    return readLookupAnswer(await readJson(response), sessionId);
  }

  /**
   * One of our payments, as Windcave reports it now. A checkout is its hosted page's session; a charge that
   * answered pending, its transaction. A stored-card charge whose answer was lost has neither, and Windcave
   * documents no lookup by merchantReference: that is `unknown`, never `none`, so it is not sent again (it may
   * have been charged) and waits for an administrator (decision 0016).
   */
  async lookup(request: LookupRequest, now = Date.now()): Promise<LookupResult> {
    if (!request.providerRef) {
      // A checkout without a session: Windcave never gave us a page, so nobody could pay on it.
      if (request.kind === "checkout") return { status: "none" };
      return { status: "unknown", reason: "Windcave has no lookup of a stored-card charge by our reference" };
    }
    let read: WindcaveRead;
    try {
      read = await this.lookupById(
        request.kind === "checkout" ? { sessionId: request.providerRef } : { transactionId: request.providerRef },
      );
    } catch (error) {
      if (error instanceof WindcaveUnavailableError) return { status: "unknown", reason: error.message };
      throw error;
    }
    if (read.ok) {
      const n = read.notification;
      // The answer must be about this payment: a session or transaction of another reference settles nothing.
      if (n.reference !== request.reference)
        return { status: "unknown", reason: "Windcave answered for another payment" };
      if (n.kind === "payment_succeeded") return { status: "settled", notification: n };
      if (n.kind === "payment_failed") return { status: "declined", notification: n };
      return { status: "unknown", reason: `Windcave reports a ${n.kind}` };
    }
    if (read.unknownId) return { status: "none" };
    if (read.unpaid) {
      // A hosted page nobody paid: still payable until it expires; after that (or with no expiry given) none.
      const { expiresAt } = read.unpaid;
      return expiresAt !== null && expiresAt > now ? { status: "pending" } : { status: "none" };
    }
    return { status: "unknown", reason: read.error };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const body = {
      type: "purchase",
      ...moneyFields(request),
      cardId: request.methodRef,
      // Merchant-initiated under the agreement made at checkout; the amount varies (renewal or proration).
      storedCardIndicator: "recurringvariable",
    };
    // When the request or its answer is lost, Windcave may have charged the card: that is not a failure to
    // record (the cron would charge again), so it throws, and the caller keeps the payment open.
    const response = await this.#reach(
      "POST",
      "/transactions",
      body,
      "Windcave could not be reached; the charge's outcome is unknown",
    );
    // 5xx: Windcave's own trouble; 401/403: our credentials. Neither says anything about the card, so neither
    // may count as a declined renewal (that would expire a listing for an outage or a configuration slip).
    if (isWindcaveTrouble(response.status)) {
      throw new WindcaveUnavailableError(`Windcave answered HTTP ${response.status}; the charge's outcome is unknown`);
    }
    const answer = await readJson(response);
    const id = isRecord(answer) && typeof answer.id === "string" ? answer.id : undefined;
    // 202: Windcave has the transaction but no outcome yet: lookup reads it later.
    if (response.status === 202 && id) return { status: "pending", providerRef: id };
    if (response.ok && isRecord(answer) && id) {
      if (answer.authorised !== true) return { status: "failed", reason: responseTextOf(answer), providerRef: id };
      // Windcave sends no notification for a merchant-initiated charge: its answer to this request settles it.
      // An answer too thin to settle from leaves the charge to a lookup.
      const settled = toNotification(answer, request.reference);
      if (!settled || settled.reference !== request.reference) return { status: "pending", providerRef: id };
      return { status: "succeeded", providerRef: id, settled };
    }
    // Only an answered transaction that was not authorised is a decline. Any other 4xx (429 throttling, a
    // request Windcave would not take) charged nothing and says nothing about the card: tried again later.
    return { status: "not_charged", reason: `Windcave did not take the charge (HTTP ${response.status})` };
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const body = {
      type: "refund",
      ...moneyFields(request),
      transactionId: request.providerRef,
    };
    const response = await this.#reach("POST", "/transactions", body, "Windcave could not be reached for a refund");
    // Windcave's trouble, our credentials, or throttling: asked again on a later run.
    if (isWindcaveTrouble(response.status) || response.status === 429) {
      throw new WindcaveUnavailableError(`Windcave answered HTTP ${response.status} to a refund`);
    }
    const answer = await readJson(response);
    const id = isRecord(answer) && typeof answer.id === "string" ? answer.id : undefined;
    if (response.status === 202 && id) return { status: "pending", providerRef: id };
    if (response.ok && isRecord(answer) && id) {
      return answer.authorised === true
        ? { status: "succeeded", providerRef: id }
        : { status: "failed", reason: responseTextOf(answer) };
    }
    return { status: "failed", reason: `Windcave refused the refund (HTTP ${response.status})` };
  }

  /** Windcave has no call to end a session early: the page runs out at the `expires` sent with it. */
  async cancelCheckout(providerRef: string): Promise<boolean> {
    void providerRef;
    return false;
  }

  /**
   * Windcave never charges a stored card by itself: every renewal is a merchant-initiated transaction we send.
   * So cancelling is simply never charging `methodRef` again. Removing the stored card from Windcave's vault is
   * not part of the REST API we could verify (see the decision doc), so nothing is sent.
   */
  async cancel(methodRef: string): Promise<void> {
    void methodRef;
  }

  /** A call that did not reach Windcave (network, DNS) throws `unreachable` with the cause. */
  async #reach(method: "GET" | "POST", path: string, body: unknown, unreachable: string): Promise<Response> {
    try {
      return await this.#send(method, path, body);
    } catch (error) {
      throw new WindcaveUnavailableError(`${unreachable}: ${String(error)}`);
    }
  }

  #send(method: "GET" | "POST", path: string, body?: unknown): Promise<Response> {
    return this.fetchImpl(`${this.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: this.#authorization,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}
