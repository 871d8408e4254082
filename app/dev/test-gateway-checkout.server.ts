// The test gateway's hosted page keeps no store: what it needs about a checkout travels in its link, signed so
// that nobody can change the amount or the reference on the way (app/routes/dev.gateway.checkout.$ref.tsx).
import { z } from "zod";
import type { CheckoutRequest } from "~/features/payments/gateway.server";
import { sign, TEST_GATEWAY_SECRET, verify } from "./test-gateway-signature.server";

const encoder = new TextEncoder();

/** What the hosted page needs about a checkout, carried in its signed URL (the gateway keeps no store). */
export type TestCheckout = Omit<CheckoutRequest, "customerEmail"> & { providerRef: string };

const checkoutToken = z.object({
  reference: z.string(),
  description: z.string(),
  amountCents: z.number().int().nonnegative(),
  currency: z.literal("NZD"),
  returnUrl: z.string(),
  cancelUrl: z.string(),
  notifyUrl: z.string(),
  storeMethod: z.boolean(),
  expiresAt: z.number().int(),
  providerRef: z.string(),
});

function base64url(text: string): string {
  return btoa(String.fromCharCode(...encoder.encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function unbase64url(text: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

export async function encodeCheckout(checkout: TestCheckout, secret = TEST_GATEWAY_SECRET): Promise<string> {
  const payload = base64url(JSON.stringify(checkout));
  return `${payload}.${await sign(`checkout.${payload}`, secret)}`;
}

export async function decodeCheckout(token: string | null, secret = TEST_GATEWAY_SECRET): Promise<TestCheckout | null> {
  const [payload, signature, extra] = (token ?? "").split(".");
  if (!payload || !signature || extra !== undefined) return null;
  if (!(await verify(`checkout.${payload}`, signature, secret))) return null;
  const text = unbase64url(payload);
  if (text === null) return null;
  try {
    const parsed = checkoutToken.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
