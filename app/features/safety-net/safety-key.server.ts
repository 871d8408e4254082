// The Safety Net's one Worker secret, SAFETY_NET_KEY (32 random bytes in base64; `wrangler secret put
// SAFETY_NET_KEY`, .dev.vars locally, written by scripts/dev-vars.mjs). Two keys are derived from it with
// HKDF, one per use, so neither use can stand in for the other:
// - identifiers (phone numbers, e-mail addresses, names) are kept only as HMAC-SHA-256 under the first: a
//   copy of the database cannot be turned back into numbers by trying every NZ mobile number, as a plain
//   hash could;
// - a report's texts (the description, the administrator's question, the reporter's answer, the reason for a
//   decline, the alert's text) are sealed with AES-256-GCM under the second, with the report id and field
//   bound in, so a sealed text copied onto another report does not open there.
// Why not the sealing key (SEALING_KEY): a leak of one secret should open one thing. Why not a key kept in D1
// (site-secrets.server.ts): it would travel with the database it protects. Without the secret the feature
// refuses to run (503), in production as anywhere; there is no default (docs/decisions/0023-safety-net.md).
// Reading and checking the secret, and the sealed format, are shared with the sealing key
// (app/platform/crypto/worker-key.server.ts).
import { hashingAndSealingKeys } from "~/platform/crypto/hashing-and-sealing-keys.server";
import { openWith, sealWith, toBase64Url } from "~/platform/crypto/worker-key.server";

export class SafetyNetKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SafetyNetKeyError";
  }
}

const fail = (message: string) => new SafetyNetKeyError(message);

const { check: rawBytes, keysFor } = hashingAndSealingKeys(
  "SAFETY_NET_KEY",
  { hmac: "safety-net identifiers v1", seal: "safety-net sealed text v1" },
  fail,
);

/** True when the Worker has a usable SAFETY_NET_KEY; every Safety Net route answers 503 without one. */
export function hasSafetyNetKey(env: object): boolean {
  try {
    rawBytes(env);
    return true;
  } catch {
    return false;
  }
}

/** The keyed hash of an identifier key ("phone:+64211234567"), base64url. */
export async function identifierHash(env: object, key: string): Promise<string> {
  const { hmac } = await keysFor(env);
  const mac = await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(key));
  return toBase64Url(new Uint8Array(mac));
}

export async function identifierHashes(env: object, keys: readonly string[]): Promise<string[]> {
  return Promise.all(keys.map((k) => identifierHash(env, k)));
}

/** `text` sealed for one report's one field. */
export async function sealText(env: object, binding: string, text: string): Promise<string> {
  const { seal } = await keysFor(env);
  return sealWith(seal, binding, text);
}

/** The text, or a SafetyNetKeyError when the key is missing or is not the one it was sealed with. */
export async function openText(env: object, binding: string, sealed: string): Promise<string> {
  if (sealed === "") return "";
  const opened = await openWith((await keysFor(env)).seal, binding, sealed);
  if (opened.ok) return opened.text;
  throw new SafetyNetKeyError(
    opened.why === "format" ? "unknown sealed text format" : "sealed text does not open with SAFETY_NET_KEY",
  );
}

/** Sealed texts start with the format's version; nothing written since migration 0060 is stored without it. */
const SEALED = /^v1\./;

/**
 * A question, decline reason or alert text as stored: sealed, or in clear when it was written before these
 * were sealed (migration 0060) and the sweep has not sealed it yet (sweep.server.ts sealOldTexts).
 */
export async function openStored(env: object, binding: string, stored: string): Promise<string> {
  return SEALED.test(stored) || stored === "" ? openText(env, binding, stored) : stored;
}

export function isSealed(stored: string): boolean {
  return stored === "" || SEALED.test(stored);
}
