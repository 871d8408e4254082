// The session cookie's format and the token's hash, server-only. The cookie holds only a random token;
// D1 holds only its SHA-256, so a leaked database copy cannot be replayed as anyone's cookie.
import { cookieValues } from "./cookie-header";

// newToken(32) gives 43 URL-safe base64 characters. Checking the shape first keeps junk out of queries.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isTokenShape(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  let hex = "";
  for (const b of new Uint8Array(digest)) hex += b.toString(16).padStart(2, "0");
  return hex;
}

/**
 * A cookie that carries one random token (the session, a pending sign-in, a passkey challenge). The __Host-
 * prefix makes browsers refuse it unless it is Secure, host-only and Path=/, so a sibling subdomain cannot
 * plant one. Plain http in local development cannot use the prefix.
 */
export type TokenCookie = { name: string; sameSite: "Lax" | "Strict" };

export const SESSION_COOKIE: TokenCookie = { name: "session", sameSite: "Lax" };

export function tokenCookieName(cookie: TokenCookie, secure: boolean): string {
  return secure ? `__Host-${cookie.name}` : cookie.name;
}

export function serializeTokenCookie(cookie: TokenCookie, value: string, secure: boolean, maxAgeSeconds: number) {
  const parts = [
    `${tokenCookieName(cookie, secure)}=${value}`,
    "Path=/",
    "HttpOnly",
    `SameSite=${cookie.sameSite}`,
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The cookie's token from a Cookie header, or null when absent or not token-shaped. */
export function readTokenCookie(cookieHeader: string | null, cookie: TokenCookie, secure: boolean): string | null {
  return cookieValues(cookieHeader, tokenCookieName(cookie, secure)).find(isTokenShape) ?? null;
}

export function sessionCookieName(secure: boolean): string {
  return tokenCookieName(SESSION_COOKIE, secure);
}

export function serializeSessionCookie(token: string, secure: boolean, maxAgeSeconds: number): string {
  return serializeTokenCookie(SESSION_COOKIE, token, secure, maxAgeSeconds);
}

export function clearSessionCookie(secure: boolean): string {
  return serializeSessionCookie("", secure, 0);
}

export function readSessionToken(cookieHeader: string | null, secure: boolean): string | null {
  return readTokenCookie(cookieHeader, SESSION_COOKIE, secure);
}

/** True when the request carries a session cookie at all, even a malformed one (it is then "expired"). */
export function hasSessionCookie(cookieHeader: string | null, secure: boolean): boolean {
  return cookieValues(cookieHeader, sessionCookieName(secure)).some((value) => value !== "");
}

/** Headers that set each of `cookies` (a session, a pending sign-in's, one cleared): one Set-Cookie each. */
export function setCookieHeaders(cookies: Iterable<string>): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
