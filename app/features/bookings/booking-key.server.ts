// The booking requests' one Worker secret, BOOKINGS_KEY (32 random bytes in base64; `openssl rand -base64 32 |
// npx wrangler secret put BOOKINGS_KEY`, .dev.vars locally, written by scripts/dev-vars.mjs). Two keys are
// derived from it with HKDF, one per use:
// - HMAC-SHA-256 for what is kept as a keyed hash: the visitor's number (blocks and limits), their client
//   network (the /64 limit) and the code sent to them. A plain hash would not do: every NZ mobile number can
//   be hashed in seconds.
// - AES-256-GCM for what the provider reads back: the request's details and, while it is open, the number,
//   each bound to its row and field so a sealed text copied elsewhere does not open there.
// Not the Safety Net's key: a request's number hashed under SAFETY_NET_KEY would be the very hash the alerts
// keep, joining a copy of the inbox to the alerts without any key. Not SEALING_KEY either: one leaked secret
// should open one thing. Without it the form and the inbox answer 503 (docs/decisions/0052-booking-requests.md).
import { hashingAndSealingKeys } from "~/platform/crypto/hashing-and-sealing-keys.server";
import { openWith, sealWith, toBase64Url } from "~/platform/crypto/worker-key.server";

export const BOOKINGS_KEY_NAME = "BOOKINGS_KEY";

export class BookingsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BookingsKeyError";
  }
}

const fail = (message: string) => new BookingsKeyError(message);

const { check: rawBytes, keysFor } = hashingAndSealingKeys(
  BOOKINGS_KEY_NAME,
  { hmac: "booking hashes v1", seal: "booking sealed text v1" },
  fail,
);

/** What the form and the inbox answer (503) without the key. */
export const BOOKINGS_UNAVAILABLE_MSG =
  "Booking requests are not available right now. Nothing was sent or stored. Please try again later.";

/** True when the Worker has a usable BOOKINGS_KEY. */
export function hasBookingsKey(env: object): boolean {
  try {
    rawBytes(env);
    return true;
  } catch {
    return false;
  }
}

/** The keyed hash of `kind:value` ("number:+64211234567", "network:203.0.113.9"), base64url. */
export async function bookingHash(env: object, kind: "number" | "network" | "code", value: string): Promise<string> {
  const { hmac } = await keysFor(env);
  const mac = await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(`${kind}:${value}`));
  return toBase64Url(new Uint8Array(mac));
}

/** `text` sealed for one row's one field ("request:{id}:number"). */
export async function sealBooking(env: object, binding: string, text: string): Promise<string> {
  return sealWith((await keysFor(env)).seal, binding, text);
}

/** The text, or a BookingsKeyError when the key is missing or is not the one it was sealed with. */
export async function openBooking(env: object, binding: string, sealed: string): Promise<string> {
  const opened = await openWith((await keysFor(env)).seal, binding, sealed);
  if (opened.ok) return opened.text;
  throw new BookingsKeyError(opened.why === "format" ? "unknown sealed text format" : "sealed text does not open");
}
