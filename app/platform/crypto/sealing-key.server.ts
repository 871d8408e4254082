// The sealing key: what the site must read back in the clear but never keeps in the clear in D1 is sealed
// with AES-256-GCM under SEALING_KEY, a Worker secret (worker-key.server.ts says why a secret). It seals:
// - the TOTP secrets (a code is checked against the secret, so it cannot be hashed), the user id bound in, so
//   a sealed secret copied onto another account's row does not open there;
// - the D1 bookmark cookie (app/platform/data/d1-session.server.ts), bound to "d1-bookmark", which no user id is.
// Its first name was TWO_FACTOR_KEY, from when it sealed only TOTP secrets. A deployment that set that name
// keeps working: SEALING_KEY is read first, TWO_FACTOR_KEY when it is absent, and both hold the same key
// material, so everything sealed before opens after (docs/decisions/0038-sealing-key.md).
// The seed (drizzle/seed) uses this module too, to give the demo administrator a sealed secret.
import { openWith, readWorkerSecret, sealWith, toBase64Url, workerKeyBytes } from "./worker-key.server";

/** The secret's names, the one to read first first. */
export const SEALING_KEY_NAMES = ["SEALING_KEY", "TWO_FACTOR_KEY"] as const;

export class SealingKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SealingKeyError";
  }
}

const fail = (message: string) => new SealingKeyError(message);

const keys = new Map<string, Promise<CryptoKey>>();

// The env is read loosely (worker-key.server.ts says why).
export type KeyEnv = object;

function keyFor(env: KeyEnv): Promise<CryptoKey> {
  const secret = readWorkerSecret(env, SEALING_KEY_NAMES);
  const bytes = workerKeyBytes(secret, "SEALING_KEY", fail);
  let pending = keys.get(secret!.value);
  if (!pending) {
    pending = crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    keys.set(secret!.value, pending);
  }
  return pending;
}

/** True when the Worker has a usable key (set-up is refused without one, rather than storing in the clear). */
export function hasSealingKey(env: KeyEnv): boolean {
  try {
    workerKeyBytes(readWorkerSecret(env, SEALING_KEY_NAMES), "SEALING_KEY", fail);
    return true;
  } catch {
    return false;
  }
}

export async function sealSecret(env: KeyEnv, binding: string, secret: string): Promise<string> {
  return sealWith(await keyFor(env), binding, secret);
}

/** The secret, or a SealingKeyError when the key is missing or is not the one it was sealed with. */
export async function openSecret(env: KeyEnv, binding: string, sealed: string): Promise<string> {
  const opened = await openWith(await keyFor(env), binding, sealed);
  if (opened.ok) return opened.text;
  throw new SealingKeyError(
    opened.why === "format" ? "unknown sealed secret format" : "sealed secret does not open with SEALING_KEY",
  );
}

const IV_LENGTH = 12;

/**
 * Bytes sealed like a secret (a takedown case's proof photo in R2): the IV, then AES-GCM's output, the binding
 * (the object's key) bound in, so sealed bytes copied under another key do not open.
 */
export async function sealBytes(env: KeyEnv, binding: string, bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_LENGTH));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(binding) },
    await keyFor(env),
    bytes,
  );
  const out = new Uint8Array(IV_LENGTH + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), IV_LENGTH);
  return out;
}

/** What `sealBytes` sealed, or null when it does not open with this key and binding. */
export async function openBytes(
  env: KeyEnv,
  binding: string,
  sealed: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (sealed.length <= IV_LENGTH) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: sealed.slice(0, IV_LENGTH), additionalData: new TextEncoder().encode(binding) },
      await keyFor(env),
      sealed.slice(IV_LENGTH),
    );
    return new Uint8Array(plain);
  } catch {
    return null;
  }
}

const hashKeys = new Map<string, Promise<CryptoKey>>();

/**
 * A keyed hash (HMAC-SHA-256, base64url) of `value` for one purpose, its key derived from SEALING_KEY by HKDF
 * with the purpose as info: a network address kept for a limit cannot be found again by hashing every address.
 */
export async function keyedHash(env: KeyEnv, purpose: string, value: string): Promise<string> {
  const secret = readWorkerSecret(env, SEALING_KEY_NAMES);
  const bytes = workerKeyBytes(secret, "SEALING_KEY", fail);
  const id = `${purpose}\u0000${secret!.value}`;
  let pending = hashKeys.get(id);
  if (!pending) {
    pending = crypto.subtle
      .importKey("raw", bytes, "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(purpose) },
          base,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign"],
        ),
      );
    hashKeys.set(id, pending);
  }
  const mac = await crypto.subtle.sign("HMAC", await pending, new TextEncoder().encode(value));
  return toBase64Url(new Uint8Array(mac));
}
