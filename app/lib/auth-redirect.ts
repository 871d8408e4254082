// Where the login page sends people, and the URLs that lead to it.
import { safeReturnPath } from "./age-gate";

export const AFTER_LOGIN_DEFAULT = "/dashboard";
const MAX_REDIRECT_LENGTH = 2000;

/**
 * The `redirectTo` to follow after login, or /dashboard. Only a path on this site: never another origin
 * (an open redirect would make our login page a phishing tool), never the login page itself.
 */
export function safeRedirectTo(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH) return AFTER_LOGIN_DEFAULT;
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil.example" would become "//evil.example".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return AFTER_LOGIN_DEFAULT;
  if (safeReturnPath(value) !== value) return AFTER_LOGIN_DEFAULT;
  const base = "http://same.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return AFTER_LOGIN_DEFAULT;
  }
  if (url.origin !== base) return AFTER_LOGIN_DEFAULT;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/") || url.pathname === "/logout") return AFTER_LOGIN_DEFAULT;
  return url.pathname + url.search + url.hash;
}

/** The login URL a protected page sends an anonymous (or expired) visitor to. */
export function loginUrlFor(requestUrl: string, opts: { sessionExpired?: boolean } = {}): string {
  const url = new URL(requestUrl);
  // Remix's client data requests (/page.data?_routes=...) reach loaders with this internal parameter.
  url.searchParams.delete("_routes");
  const params = new URLSearchParams();
  if (opts.sessionExpired) params.set("sessionExpired", "true");
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

/** The current URL without sessionExpired, for history.replaceState once the notice is shown. */
export function withoutSessionExpired(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("sessionExpired");
  return url.pathname + (url.search === "?" ? "" : url.search) + url.hash;
}
