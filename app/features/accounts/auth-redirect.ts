// Where the login page sends people, and the URLs that lead to it.
import { safeRedirect } from "~/platform/http/redirects";

export const AFTER_LOGIN_DEFAULT = "/dashboard";
/** The administrators' home: their queues (routes/admin._index.tsx). */
export const ADMIN_HOME = "/admin";

/**
 * Where a completed sign-in goes: the `redirectTo` it was asked to follow, if any; else an administrator lands
 * on their tools and everyone else on the dashboard.
 */
export function landingAfterLogin(asked: unknown, isAdmin: boolean): string {
  if (typeof asked === "string" && asked !== "") return safeRedirectTo(asked);
  return isAdmin ? ADMIN_HOME : AFTER_LOGIN_DEFAULT;
}

/**
 * The `redirectTo` to follow after login, or /dashboard: a path on this site (platform/http/redirects.ts), and never
 * the login page itself.
 */
export function safeRedirectTo(value: unknown): string {
  const path = safeRedirect(value, AFTER_LOGIN_DEFAULT);
  const pathname = path.split(/[?#]/)[0];
  if (pathname === "/login" || pathname.startsWith("/login/") || pathname === "/logout") return AFTER_LOGIN_DEFAULT;
  return path;
}

/** Why a visitor is asked to log in again: the session ran out, or a password change ended it. */
export type SessionEnd = "expired" | "password";

/**
 * The login URL a protected page sends an anonymous (or expired) visitor to. `passwordChanged`: the session
 * was ended by a change of the account's password, which the login page says instead of 'expired'.
 */
export function loginUrlFor(
  requestUrl: string,
  opts: { sessionExpired?: boolean; passwordChanged?: boolean } = {},
): string {
  const url = new URL(requestUrl);
  // Remix's client data requests (/page.data?_routes=...) reach loaders with this internal parameter.
  url.searchParams.delete("_routes");
  const params = new URLSearchParams();
  if (opts.passwordChanged) params.set("sessionExpired", "password");
  else if (opts.sessionExpired) params.set("sessionExpired", "true");
  params.set("redirectTo", url.pathname + url.search);
  return `/login?${params}`;
}

export type LoginMode = "login" | "signup" | "reset";

export function loginModeFrom(search: URLSearchParams): LoginMode {
  const action = search.get("action");
  return action === "signup" ? "signup" : action === "reset" ? "reset" : "login";
}

/** A link to another mode of the login page that keeps the pending `redirectTo`. */
export function loginModeHref(mode: LoginMode, redirectTo: string | null): string {
  const params = new URLSearchParams();
  if (mode !== "login") params.set("action", mode);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const q = params.toString();
  return q ? `/login?${q}` : "/login";
}

/** What the login page says about the session that ended, from its own URL (loginUrlFor). */
export function sessionEndFrom(search: URLSearchParams): SessionEnd | null {
  const value = search.get("sessionExpired");
  return value === "password" ? "password" : value === "true" ? "expired" : null;
}

/** The current URL without sessionExpired, for history.replaceState once the notice is shown. */
export function withoutSessionExpired(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("sessionExpired");
  return url.pathname + (url.search === "?" ? "" : url.search) + url.hash;
}
