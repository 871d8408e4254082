// The Safety Net's one Worker secret, SAFETY_NET_KEY (32 random bytes in base64; `wrangler secret put
// SAFETY_NET_KEY`, .dev.vars locally, written by scripts/dev-vars.mjs). Two keys are derived from it with
// HKDF, one per use, so neither use can stand in for the other:
// - identifiers (phone numbers, e-mail addresses, names) are kept only as HMAC-SHA-256 under the first: a
//   copy of the database cannot be turned back into numbers by trying every NZ mobile number, as a plain
//   hash could;
// - descriptions and answers are sealed with AES-256-GCM under the second, with the report id and field
//   bound in, so a sealed text copied onto another report does not open there.
// Why not TWO_FACTOR_KEY: a leak of one secret should open one thing. Why not a key kept in D1
// (site-secrets.server.ts): it would travel with the database it protects. Without the secret the feature
// refuses to run (503), in production as anywhere; there is no default (docs/decisions/0023-safety-net.md).

const VERSION = "v1";
const IV_BYTES = 12;

export class SafetyNetKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SafetyNetKeyError";
  }
}

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

type Keys = { hmac: CryptoKey; seal: CryptoKey };
const cache = new Map<string, Promise<Keys>>();

function rawKey(env: object): string | undefined {
  // Read loosely, as two-factor-key.server.ts does: `wrangler types` declares .dev.vars' names on Env itself.
  const value = (env as { SAFETY_NET_KEY?: unknown }).SAFETY_NET_KEY;
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

function rawBytes(raw: string | undefined): Uint8Array<ArrayBuffer> {
  if (!raw) throw new SafetyNetKeyError("SAFETY_NET_KEY is not set");
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(raw);
  } catch {
    throw new SafetyNetKeyError("SAFETY_NET_KEY is not base64");
  }
  if (bytes.length !== 32) throw new SafetyNetKeyError("SAFETY_NET_KEY must be 32 bytes in base64");
  return bytes;
}

async function derive(raw: Uint8Array<ArrayBuffer>): Promise<Keys> {
  const base = await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveKey"]);
  const params = (info: string) => ({
    name: "HKDF",
    hash: "SHA-256",
    salt: new Uint8Array(0),
    info: new TextEncoder().encode(info),
  });
  const hmac = await crypto.subtle.deriveKey(
    params("safety-net identifiers v1"),
    base,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
  const seal = await crypto.subtle.deriveKey(
    params("safety-net sealed text v1"),
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
  return { hmac, seal };
}

function keysFor(env: object): Promise<Keys> {
  const raw = rawKey(env);
  const bytes = rawBytes(raw);
  let pending = cache.get(raw!);
  if (!pending) {
    pending = derive(bytes);
    cache.set(raw!, pending);
  }
  return pending;
}

/** True when the Worker has a usable SAFETY_NET_KEY; every Safety Net route answers 503 without one. */
export function hasSafetyNetKey(env: object): boolean {
  try {
    rawBytes(rawKey(env));
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
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(binding) },
    seal,
    new TextEncoder().encode(text),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The text, or a SafetyNetKeyError when the key is missing or is not the one it was sealed with. */
export async function openText(env: object, binding: string, sealed: string): Promise<string> {
  if (sealed === "") return "";
  const { seal } = await keysFor(env);
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || !iv || !data) throw new SafetyNetKeyError("unknown sealed text format");
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: new TextEncoder().encode(binding) },
      seal,
      fromBase64(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new SafetyNetKeyError("sealed text does not open with SAFETY_NET_KEY");
  }
}
