// Reading what Windcave sends and answers (windcave.server.ts holds the calls): the ids a notification names,
// a session's outcome, a transaction as our PaymentNotification. Nothing read here is trusted as is: every
// field is checked, and an answer without what we need reads as missing.
import { centsToDecimal, decimalToCents } from "~/platform/money";
import type { NotificationKind, PaymentNotification } from "./gateway.server";

// Windcave's ids are short alphanumeric strings (sessions 32 characters, transactions 16 hex digits). Anything
// else is refused before it reaches a URL.
export const PROVIDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
// merchantReference is limited to 64 characters by Windcave.
const MAX_REFERENCE = 64;
const MAX_NOTIFICATION_BODY = 4096;

export type NotifiedIds = { sessionId?: string; transactionId?: string };

/** The id Windcave notifies: a query parameter on GET, a form or JSON field on POST. */
export async function readNotifiedIds(request: Request): Promise<NotifiedIds> {
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

/** lookupById's answer: a notification, or why there is none (a session nobody paid, an id Windcave does not know). */
export type WindcaveRead =
  | { ok: true; notification: PaymentNotification }
  | { ok: false; status: 400 | 401; error: string; unknownId?: true; unpaid?: { expiresAt: number | null } };

/**
 * What GET /sessions/{id} or GET /transactions/{id} answered, read: the notification it amounts to, a session
 * nobody has paid (yet, with its expiry when Windcave gave one), or why it says nothing.
 */
export function readLookupAnswer(answer: unknown, sessionId: string | undefined): WindcaveRead {
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
 * A session can hold several attempts (a decline, then an approval). The outcome is the authorised one if any,
 * else the latest; a session still at "init" or without transactions has no outcome yet.
 */
function finalTransactionOf(session: unknown, sessionId: string): unknown {
  if (!isRecord(session) || session.id !== sessionId || !Array.isArray(session.transactions)) return undefined;
  const attempts = session.transactions.filter((t): t is Record<string, unknown> => isRecord(t) && !!t.id);
  return attempts.find((t) => t.authorised === true) ?? attempts.at(-1);
}

export function toNotification(
  transaction: Record<string, unknown>,
  fallbackReference: unknown,
): PaymentNotification | null {
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

/** The amount, currency and our reference: the same three fields on a checkout, a charge and a refund. */
export function moneyFields(request: { amountCents: number; currency: string; reference: string }) {
  return {
    amount: centsToDecimal(request.amountCents),
    currency: request.currency,
    merchantReference: checkedReference(request.reference),
  };
}

/** 5xx is Windcave's own trouble; 401/403 are our credentials: neither says anything about the card. */
export function isWindcaveTrouble(status: number): boolean {
  return status >= 500 || status === 401 || status === 403;
}

export function findLink(links: unknown, rel: string): string | undefined {
  if (!Array.isArray(links)) return undefined;
  const link = links.find((l) => isRecord(l) && l.rel === rel);
  return isRecord(link) ? stringOrUndefined(link.href) : undefined;
}

export function responseTextOf(answer: Record<string, unknown>): string {
  return stringOrUndefined(answer.responseText) ?? "declined";
}

export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
