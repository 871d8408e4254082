// Sealing the TOTP secrets at rest. A TOTP secret has to be read back in the clear to check a code, so
// it cannot be hashed; it is encrypted with AES-256-GCM under TWO_FACTOR_KEY, a Worker secret (`wrangler
// secret put TWO_FACTOR_KEY`; .dev.vars locally). Why not site-secrets.server.ts, which makes its keys
// itself: those keys live in D1, beside what they protect, so a copy of the database would carry the key
// too. A Worker secret is stored apart from D1 and never in it. The user id is bound in as additional data,
// so a sealed secret copied onto another account's row does not open there.
// The seed (drizzle/seed) uses this module too, to give the demo administrator a sealed secret.

/** Sealed values start with the format version, so a later key rotation can tell old from new. */
const VERSION = "v1";
const IV_BYTES = 12;

export class TwoFactorKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TwoFactorKeyError";
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

/** A new key, as TWO_FACTOR_KEY takes it: 32 random bytes in base64. */
export function newTwoFactorKey(): string {
  let s = "";
  for (const b of crypto.getRandomValues(new Uint8Array(32))) s += String.fromCharCode(b);
  return btoa(s);
}

const keys = new Map<string, Promise<CryptoKey>>();

function keyFrom(raw: string | undefined): Promise<CryptoKey> {
  if (!raw) throw new TwoFactorKeyError("TWO_FACTOR_KEY is not set");
  let pending = keys.get(raw);
  if (!pending) {
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = fromBase64(raw.trim());
    } catch {
      throw new TwoFactorKeyError("TWO_FACTOR_KEY is not base64");
    }
    if (bytes.length !== 32) throw new TwoFactorKeyError("TWO_FACTOR_KEY must be 32 bytes in base64");
    pending = crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    keys.set(raw, pending);
  }
  return pending;
}

// Read loosely rather than declared on Env: `wrangler types` adds .dev.vars' values to the generated Env,
// and a second declaration of the same name here would then clash with it.
export type KeyEnv = object;

function rawKey(env: KeyEnv): string | undefined {
  const value = (env as { TWO_FACTOR_KEY?: unknown }).TWO_FACTOR_KEY;
  return typeof value === "string" ? value : undefined;
}

/** True when the Worker has a usable key (set-up is refused without one, rather than storing in the clear). */
export function hasTwoFactorKey(env: KeyEnv): boolean {
  try {
    void keyFrom(rawKey(env));
    return true;
  } catch {
    return false;
  }
}

export async function sealSecret(env: KeyEnv, userId: string, secret: string): Promise<string> {
  const key = await keyFrom(rawKey(env));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(userId) },
    key,
    new TextEncoder().encode(secret),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The secret, or a TwoFactorKeyError when the key is missing or is not the one it was sealed with. */
export async function openSecret(env: KeyEnv, userId: string, sealed: string): Promise<string> {
  const key = await keyFrom(rawKey(env));
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || !iv || !data) throw new TwoFactorKeyError("unknown sealed secret format");
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: new TextEncoder().encode(userId) },
      key,
      fromBase64(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new TwoFactorKeyError("sealed secret does not open with TWO_FACTOR_KEY");
  }
}
