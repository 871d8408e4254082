// Random, non-guessable identifiers: listing ids appear in public URLs, so they must not be enumerable.
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
export const ID_LENGTH = 16;
const ID_PATTERN = new RegExp(`^[0-9a-z]{${ID_LENGTH}}$`);

export function newId(length = ID_LENGTH): string {
  // 252 is the largest multiple of 36 below 256: rejecting bytes above it keeps every character equally likely.
  let out = "";
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < 252 && out.length < length) out += ALPHABET[b % 36];
    }
  }
  return out;
}

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** A random token as URL-safe base64 (for session ids and reset tokens). */
export function newToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let s = "";
  for (const b of raw) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
