// One-shot notices after a redirect (post/redirect/get): the action sets a short-lived cookie naming the
// notice, the page it redirects to reads it once and clears it. The address stays clean, so a reload, a
// bookmark or a shared link does not say "deleted" again.
import { createCookie } from "@remix-run/cloudflare";
import type { Cookie } from "@remix-run/cloudflare";
import { isNoticeKey, NOTICE } from "./messages";
import type { NoticeKey } from "./messages";
import { isToastKey, TOAST } from "./toasts";
import type { ToastKey } from "./toasts";
import { cookieIsSecure } from "~/platform/env";
import { noStore } from "~/platform/http/page-answer";

/** Long enough for the redirect to be followed on a slow phone, short enough not to turn up later. */
const FLASH_MAX_AGE_SECONDS = 60;

// Both cookies are like the session cookie: __Host- (Secure, host-only, Path=/) except on plain-http local
// development.
const oneShotName = (name: "flash" | "toast", env: Pick<Env, "APP_ENV">) =>
  cookieIsSecure(env) ? `__Host-${name}` : name;

function oneShotCookie(name: "flash" | "toast", env: Pick<Env, "APP_ENV">) {
  const secure = cookieIsSecure(env);
  return createCookie(oneShotName(name, env), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: FLASH_MAX_AGE_SECONDS,
  });
}

/** Appends the Set-Cookie that makes `cookie` carry `value` to `headers` (and returns them). */
async function setOneShot(headers: Headers, cookie: Cookie, value: string): Promise<Headers> {
  headers.append("Set-Cookie", await cookie.serialize(value));
  return headers;
}

/**
 * The value a one-shot cookie carries and the headers of the answer that spends it (no-store, and the
 * Set-Cookie that clears it); null when the request has none.
 */
async function takeOneShot(request: Request, cookie: Cookie): Promise<{ value: unknown; headers: Headers } | null> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${cookie.name}=`)) return null;
  const value: unknown = await cookie.parse(cookieHeader).catch(() => null);
  const headers = noStore();
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { value, headers };
}

/** Adds the Set-Cookie for `notice` to `headers` (and returns them, for a redirect's init). */
export function setFlash(headers: Headers, env: Pick<Env, "APP_ENV">, notice: NoticeKey): Promise<Headers> {
  return setOneShot(headers, oneShotCookie("flash", env), notice);
}

/**
 * The notice waiting for this request, if any, and the headers for the answer: Cache-Control no-store
 * always (the page is about one person), plus the Set-Cookie that clears the notice when there was one.
 */
export async function readFlash(
  request: Request,
  env: Pick<Env, "APP_ENV">,
): Promise<{ notice: string | null; headers: Headers }> {
  const taken = await takeOneShot(request, oneShotCookie("flash", env));
  if (!taken) return { notice: null, headers: noStore() };
  return { notice: isNoticeKey(taken.value) ? NOTICE[taken.value] : null, headers: taken.headers };
}

// Toasts (app/ui/Toast.tsx) ride a cookie of their own, read by the root loader: a page's own notice
// and a toast never spend each other's cookie. The root loader runs again after every form post, so a toast
// set by an action (a redirect, or a fetcher's answer) shows on the page the person is on.

/** Adds the Set-Cookie for the toast `key` to `headers` (and returns them). */
export function setToast(headers: Headers, env: Pick<Env, "APP_ENV">, key: ToastKey): Promise<Headers> {
  return setOneShot(headers, oneShotCookie("toast", env), key);
}

/**
 * The toast waiting for this request, with a fresh id (the same text twice is two toasts), and the headers
 * that clear it; null headers when there was none, so a public page's caching is left alone.
 */
/** True when a toast waits in the request's cookies (the root loader would show it, and clear it). */
export function hasToast(request: Request, env: Pick<Env, "APP_ENV">): boolean {
  return request.headers.get("Cookie")?.includes(`${oneShotName("toast", env)}=`) === true;
}

export async function readToast(
  request: Request,
  env: Pick<Env, "APP_ENV">,
): Promise<{ toast: { id: string; message: string } | null; headers: Headers | null }> {
  const taken = await takeOneShot(request, oneShotCookie("toast", env));
  if (!taken) return { toast: null, headers: null };
  const toast = isToastKey(taken.value) ? { id: crypto.randomUUID(), message: TOAST[taken.value] } : null;
  return { toast, headers: taken.headers };
}
