// The real payment provider: Windcave (formerly Payment Express), a New Zealand gateway, through its REST API
// (docs/decisions/0016-payment-provider.md says why this one). Hosted Payment Page sessions for checkout,
// stored cards ("cardId") for renewals and prorations, and notifications that carry only an id.
//
// Windcave does not sign its notifications. It calls our notification URL naming the session (`sessionId`;
// a `transactionId` is read too), and the merchant asks Windcave for it over the authenticated API. So nothing in the notification request is trusted: amount, currency, outcome and our
// reference all come from Windcave's own answer. A forged id is one Windcave does not know (401); a tampered
// amount cannot be sent at all; a replay re-reads the same transaction and yields the same event id, which the
// caller's idempotency turns into a no-op.
import { centsToDecimal, decimalToCents } from "~/platform/money";
import type {
  ChargeRequest,
  ChargeResult,
  CheckoutRequest,
  CheckoutStart,
  LookupRequest,
  LookupResult,
  NotificationKind,
  PaymentGateway,
  PaymentNotification,
  RefundRequest,
  RefundResult,
  VerifyResult,
} from "./gateway.server";
import { ProviderUnavailableError } from "./gateway.server";

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

// Windcave's ids are short alphanumeric strings (sessions 32 characters, transactions 16 hex digits). Anything
// else is refused before it reaches a URL.
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
// merchantReference is limited to 64 characters by Windcave.
const MAX_REFERENCE = 64;
const MAX_NOTIFICATION_BODY = 4096;

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
      amount: centsToDecimal(request.amountCents),
      currency: request.currency,
      merchantReference: checkedReference(request.reference),
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
    let response: Response;
    try {
      response = await this.#send("POST", "/sessions", body);
    } catch (error) {
      throw new WindcaveUnavailableError(`Windcave could not be reached: ${String(error)}`);
    }
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
    let ids: NotifiedIds;
    try {
      ids = await readNotifiedIds(request);
    } catch {
      return { ok: false, status: 400, error: "The notification could not be read" };
    }
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
    let response: Response;
    try {
      response = await this.#send("GET", path);
    } catch (error) {
      throw new WindcaveUnavailableError(`Windcave could not be reached: ${String(error)}`);
    }
    if (response.status === 404 || response.status === 400) {
      return { ok: false, status: 401, error: "Windcave does not know this payment", unknownId: true };
    }
    if (response.status >= 500) throw new WindcaveUnavailableError(`Windcave answered HTTP ${response.status}`);
    if (!response.ok) {
      // 401/403 mean our own credentials are wrong: an operator problem, not the notifier's.
      throw new WindcaveUnavailableError(`Windcave refused our lookup (HTTP ${response.status})`);
    }
    const answer = await readJson(response);
    if (sessionId && (!isRecord(answer) || answer.id !== sessionId)) {
      return { ok: false, status: 400, error: "Windcave answered for another session" };
    }
    const transaction = sessionId ? finalTransactionOf(answer, sessionId) : answer;
    if (!isRecord(transaction) || !transaction.id) {
      const expires = isRecord(answer) ? Date.parse(stringOrUndefined(answer.expires) ?? "") : NaN;
      return {
        ok: false,
        status: 400,
        error: "The payment has no outcome yet",
        unpaid: { expiresAt: Number.isNaN(expires) ? null : expires },
      };
    }
    const fallbackReference = sessionId && isRecord(answer) ? answer.merchantReference : undefined;
    const notification = toNotification(transaction, fallbackReference);
    if (!notification) return { ok: false, status: 400, error: "Windcave's answer is incomplete" };
    return { ok: true, notification };
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
      amount: centsToDecimal(request.amountCents),
      currency: request.currency,
      cardId: request.methodRef,
      merchantReference: checkedReference(request.reference),
      // Merchant-initiated under the agreement made at checkout; the amount varies (renewal or proration).
      storedCardIndicator: "recurringvariable",
    };
    // When the request or its answer is lost, Windcave may have charged the card: that is not a failure to
    // record (the cron would charge again), so it throws, and the caller keeps the payment open.
    let response: Response;
    try {
      response = await this.#send("POST", "/transactions", body);
    } catch (error) {
      throw new WindcaveUnavailableError(
        `Windcave could not be reached; the charge's outcome is unknown: ${String(error)}`,
      );
    }
    // 5xx: Windcave's own trouble; 401/403: our credentials. Neither says anything about the card, so neither
    // may count as a declined renewal (that would expire a listing for an outage or a configuration slip).
    if (response.status >= 500 || response.status === 401 || response.status === 403) {
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
      amount: centsToDecimal(request.amountCents),
      currency: request.currency,
      transactionId: request.providerRef,
      merchantReference: checkedReference(request.reference),
    };
    let response: Response;
    try {
      response = await this.#send("POST", "/transactions", body);
    } catch (error) {
      throw new WindcaveUnavailableError(`Windcave could not be reached for a refund: ${String(error)}`);
    }
    // Windcave's trouble, our credentials, or throttling: asked again on a later run.
    if (response.status >= 500 || response.status === 401 || response.status === 403 || response.status === 429) {
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

/** lookupById's answer: a notification, or why there is none (a session nobody paid, an id Windcave does not know). */
type WindcaveRead =
  | { ok: true; notification: PaymentNotification }
  | { ok: false; status: 400 | 401; error: string; unknownId?: true; unpaid?: { expiresAt: number | null } };

type NotifiedIds = { sessionId?: string; transactionId?: string };

/** The id Windcave notifies: a query parameter on GET, a form or JSON field on POST. */
async function readNotifiedIds(request: Request): Promise<NotifiedIds> {
  const url = new URL(request.url);
  const fromQuery = {
    sessionId: url.searchParams.get("sessionId") ?? undefined,
    transactionId: url.searchParams.get("transactionId") ?? undefined,
  };
  if (fromQuery.sessionId || fromQuery.transactionId || request.method !== "POST") return fromQuery;

  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_NOTIFICATION_BODY) {
    throw new Error("notification body too large");
  }
  const text = await request.text();
  if (text.length > MAX_NOTIFICATION_BODY) throw new Error("notification body too large");
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) return {};
    return { sessionId: stringOrUndefined(parsed.sessionId), transactionId: stringOrUndefined(parsed.transactionId) };
  }
  const form = new URLSearchParams(text);
  return {
    sessionId: form.get("sessionId") ?? undefined,
    transactionId: form.get("transactionId") ?? undefined,
  };
}

/**
 * A session can hold several attempts (a decline, then an approval). The outcome is the authorised one if any,
 * else the latest; a session still at "init" or without transactions has no outcome yet.
 */
function finalTransactionOf(session: unknown, sessionId: string): unknown {
  if (!isRecord(session) || session.id !== sessionId || !Array.isArray(session.transactions)) return undefined;
  const attempts = session.transactions.filter((t): t is Record<string, unknown> => isRecord(t) && !!t.id);
  return attempts.find((t) => t.authorised === true) ?? attempts.at(-1);
}

function toNotification(transaction: Record<string, unknown>, fallbackReference: unknown): PaymentNotification | null {
  const id = stringOrUndefined(transaction.id);
  const amountCents = decimalToCents(transaction.amount);
  const currency = stringOrUndefined(transaction.currency);
  const reference = stringOrUndefined(transaction.merchantReference) ?? stringOrUndefined(fallbackReference);
  const occurredAt = Date.parse(stringOrUndefined(transaction.dateTimeUtc) ?? "");
  if (!id || amountCents === null || !currency || !reference || Number.isNaN(occurredAt)) return null;

  const card = isRecord(transaction.card) ? transaction.card : undefined;
  const methodRef = stringOrUndefined(card?.id);
  return {
    // One Windcave transaction is one event: the same notification twice names the same transaction.
    eventId: `windcave:${id}`,
    kind: kindOf(transaction),
    reference,
    providerRef: id,
    amountCents,
    currency,
    ...(methodRef ? { methodRef } : {}),
    occurredAt,
  };
}

function kindOf(transaction: Record<string, unknown>): NotificationKind {
  const approved = transaction.authorised === true;
  if (transaction.type === "refund") return approved ? "refund_succeeded" : "payment_failed";
  return approved ? "payment_succeeded" : "payment_failed";
}

function checkedReference(reference: string): string {
  if (!reference || reference.length > MAX_REFERENCE) {
    throw new RangeError(`A Windcave merchantReference is 1 to ${MAX_REFERENCE} characters`);
  }
  return reference;
}

function findLink(links: unknown, rel: string): string | undefined {
  if (!Array.isArray(links)) return undefined;
  const link = links.find((l) => isRecord(l) && l.rel === rel);
  return isRecord(link) ? stringOrUndefined(link.href) : undefined;
}

function responseTextOf(answer: Record<string, unknown>): string {
  return stringOrUndefined(answer.responseText) ?? "declined";
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
