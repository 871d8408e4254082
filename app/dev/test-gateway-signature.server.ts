// The test gateway's signatures (docs/billing.md): it signs its notifications and its hosted page's links with
// HMAC-SHA-256 under a development secret, as real providers sign theirs, so the webhook's checks are tried
// locally. Also the notification's wire format: what the gateway posts and what the webhook accepts.
import { z } from "zod";
import type { PaymentNotification, VerifyResult } from "~/features/payments/gateway.server";

export const TEST_SIGNATURE_HEADER = "Test-Gateway-Signature";
/** A notification older or newer than this is refused: a captured one cannot be replayed later. */
export const TEST_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;
/**
 * The development secret. It is public on purpose: this gateway only exists in development, where the
 * person who could forge a notification is the developer paying themselves.
 */
export const TEST_GATEWAY_SECRET = "kiwi-companions-test-gateway-development-only";

const encoder = new TextEncoder();

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  const out = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export async function sign(message: string, secret: string): Promise<string> {
  return toHex(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(message)));
}

/** crypto.subtle.verify compares in constant time. */
export async function verify(message: string, hex: string, secret: string): Promise<boolean> {
  const signature = fromHex(hex);
  if (!signature) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(message));
}

/** The header value: the timestamp is inside what is signed, so it cannot be moved to make a replay fresh. */
export async function signatureHeader(body: string, timestamp: number, secret = TEST_GATEWAY_SECRET): Promise<string> {
  return `t=${timestamp},v1=${await sign(`${timestamp}.${body}`, secret)}`;
}

const notificationBody = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(["payment_succeeded", "payment_failed", "refund_succeeded", "method_cancelled"]),
  created: z.number().int().nonnegative(),
  data: z.object({
    reference: z.string().min(1).max(100),
    provider_ref: z.string().min(1).max(100),
    amount: z.number().int().nonnegative(),
    currency: z.string().min(3).max(3),
    method_ref: z.string().min(1).max(100).optional(),
  }),
});

/** The body the gateway sends for a notification. */
export function notificationJson(n: PaymentNotification): string {
  return JSON.stringify({
    id: n.eventId,
    type: n.kind,
    created: n.occurredAt,
    data: {
      reference: n.reference,
      provider_ref: n.providerRef,
      amount: n.amountCents,
      currency: n.currency,
      ...(n.methodRef ? { method_ref: n.methodRef } : {}),
    },
  });
}

/** The signed POST the gateway makes to the app's webhook. */
export async function notificationRequest(
  notifyUrl: string,
  n: PaymentNotification,
  now = Date.now(),
  secret = TEST_GATEWAY_SECRET,
): Promise<Request> {
  const body = notificationJson(n);
  return new Request(notifyUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", [TEST_SIGNATURE_HEADER]: await signatureHeader(body, now, secret) },
    body,
  });
}

export async function verifyTestNotification(
  request: Request,
  now = Date.now(),
  secret = TEST_GATEWAY_SECRET,
): Promise<VerifyResult> {
  const header = request.headers.get(TEST_SIGNATURE_HEADER) ?? "";
  const match = /^t=(\d{1,16}),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return { ok: false, status: 401, error: "Missing or malformed signature" };
  const timestamp = Number(match[1]);
  if (Math.abs(now - timestamp) > TEST_SIGNATURE_TOLERANCE_MS) {
    return { ok: false, status: 401, error: "Signature timestamp outside the tolerance window" };
  }
  let body: string;
  try {
    body = await request.text();
  } catch {
    return { ok: false, status: 400, error: "Unreadable body" };
  }
  if (!(await verify(`${timestamp}.${body}`, match[2], secret))) {
    return { ok: false, status: 401, error: "Bad signature" };
  }
  let parsed: z.infer<typeof notificationBody>;
  try {
    const result = notificationBody.safeParse(JSON.parse(body));
    if (!result.success) return { ok: false, status: 400, error: "Malformed notification" };
    parsed = result.data;
  } catch {
    return { ok: false, status: 400, error: "Malformed notification" };
  }
  return {
    ok: true,
    notification: {
      eventId: parsed.id,
      kind: parsed.type,
      reference: parsed.data.reference,
      providerRef: parsed.data.provider_ref,
      amountCents: parsed.data.amount,
      currency: parsed.data.currency,
      methodRef: parsed.data.method_ref,
      occurredAt: parsed.created,
    },
  };
}
