// A key kept as a Worker secret: 32 random bytes in base64 (`openssl rand -base64 32 | npx wrangler secret put
// NAME`; .dev.vars locally, written by scripts/dev-vars.mjs). Why a Worker secret and not a key made and kept
// in D1 (site-secrets.server.ts): a secret is stored apart from the database, so a copy of D1 does not carry
// the key to what it protects. The sealing key (sealing-key.server.ts) and the Safety Net's key
// (app/features/safety-net/safety-key.server.ts) are read, checked and used through here, the latter and the
// booking requests' key through hashing-and-sealing-keys.server.ts.

/** Sealed values start with the format version, so a later key rotation can tell old from new. */
const VERSION = "v1";
const IV_BYTES = 12;

export function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The first of `names` set on the env, with its name. Read loosely rather than declared on Env: `wrangler
 * types` adds .dev.vars' names to the generated Env, and a second declaration here would clash with it.
 */
export function readWorkerSecret(env: object, names: readonly string[]): { name: string; value: string } | null {
  for (const name of names) {
    const value = (env as Record<string, unknown>)[name];
    if (typeof value === "string" && value.trim()) return { name, value: value.trim() };
  }
  return null;
}

/** The key's 32 bytes, or the reason it is unusable (`fail` makes the caller's own error from it). */
export function workerKeyBytes(
  secret: { name: string; value: string } | null,
  missing: string,
  fail: (message: string) => Error,
): Uint8Array<ArrayBuffer> {
  if (!secret) throw fail(`${missing} is not set`);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(secret.value);
  } catch {
    throw fail(`${secret.name} is not base64`);
  }
  if (bytes.length !== 32) throw fail(`${secret.name} must be 32 bytes in base64`);
  return bytes;
}

/** `text` sealed with AES-256-GCM, `binding` bound in, so a sealed value copied elsewhere does not open there. */
export async function sealWith(key: CryptoKey, binding: string, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(binding) },
    key,
    new TextEncoder().encode(text),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export type Opened = { ok: true; text: string } | { ok: false; why: "format" | "key" };

/** What `sealWith` sealed, or why not: not in the format, or not this key (or not this binding). */
export async function openWith(key: CryptoKey, binding: string, sealed: string): Promise<Opened> {
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || !iv || !data) return { ok: false, why: "format" };
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: new TextEncoder().encode(binding) },
      key,
      fromBase64(data),
    );
    return { ok: true, text: new TextDecoder().decode(plain) };
  } catch {
    return { ok: false, why: "key" };
  }
}
