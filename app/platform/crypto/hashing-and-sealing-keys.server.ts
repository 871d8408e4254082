// Two keys derived with HKDF from one Worker secret (worker-key.server.ts), one per use, so neither can stand
// in for the other: HMAC-SHA-256 for what is kept only as a keyed hash, AES-256-GCM for what is sealed and
// read back. The Safety Net's key and the booking requests' key are each one such secret; the `info` strings
// keep their keys apart even if one secret were ever set to the other's value.
import { readWorkerSecret, workerKeyBytes } from "./worker-key.server";

export type HashingAndSealingKeys = { hmac: CryptoKey; seal: CryptoKey };

async function derive(raw: Uint8Array<ArrayBuffer>, info: { hmac: string; seal: string }) {
  const base = await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveKey"]);
  const params = (label: string) => ({
    name: "HKDF",
    hash: "SHA-256",
    salt: new Uint8Array(0),
    info: new TextEncoder().encode(label),
  });
  const hmac = await crypto.subtle.deriveKey(
    params(info.hmac),
    base,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
  const seal = await crypto.subtle.deriveKey(params(info.seal), base, { name: "AES-GCM", length: 256 }, false, [
    "encrypt",
    "decrypt",
  ]);
  return { hmac, seal };
}

/**
 * The secret `name`'s two keys, derived once per isolate and secret value; `fail` makes the error thrown when
 * the secret is missing or is not 32 bytes. `check` only reads and checks the secret (for the 503 guards).
 */
export function hashingAndSealingKeys(
  name: string,
  info: { hmac: string; seal: string },
  fail: (message: string) => Error,
) {
  const cache = new Map<string, Promise<HashingAndSealingKeys>>();
  const check = (env: object) => workerKeyBytes(readWorkerSecret(env, [name]), name, fail);
  return {
    check,
    keysFor(env: object): Promise<HashingAndSealingKeys> {
      const bytes = check(env);
      const raw = readWorkerSecret(env, [name])!.value;
      let pending = cache.get(raw);
      if (!pending) {
        pending = derive(bytes, info);
        cache.set(raw, pending);
      }
      return pending;
    },
  };
}
