// One-shot notices after a redirect (post/redirect/get): the action sets a short-lived cookie naming the
// notice, the page it redirects to reads it once and clears it. The address stays clean, so a reload, a
// bookmark or a shared link does not say "deleted" again.
import { createCookie } from "@remix-run/cloudflare";
import { isNoticeKey, NOTICE, type NoticeKey } from "~/lib/messages";
import { cookieIsSecure } from "./auth.server";

/** Long enough for the redirect to be followed on a slow phone, short enough not to turn up later. */
const FLASH_MAX_AGE_SECONDS = 60;

// Like the session cookie: __Host- (Secure, host-only, Path=/) except on plain-http local development.
function flashCookie(env: Pick<Env, "APP_ENV">) {
  const secure = cookieIsSecure(env);
  return createCookie(secure ? "__Host-flash" : "flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: FLASH_MAX_AGE_SECONDS,
  });
}

/** Adds the Set-Cookie for `notice` to `headers` (and returns them, for a redirect's init). */
export async function setFlash(headers: Headers, env: Pick<Env, "APP_ENV">, notice: NoticeKey): Promise<Headers> {
  headers.append("Set-Cookie", await flashCookie(env).serialize(notice));
  return headers;
}

/**
 * The notice waiting for this request, if any, and the headers for the answer: Cache-Control no-store
 * always (the page is about one person), plus the Set-Cookie that clears the notice when there was one.
 */
export async function readFlash(
  request: Request,
  env: Pick<Env, "APP_ENV">,
): Promise<{ notice: string | null; headers: Headers }> {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const cookie = flashCookie(env);
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${cookie.name}=`)) return { notice: null, headers };
  const value: unknown = await cookie.parse(cookieHeader).catch(() => null);
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { notice: isNoticeKey(value) ? NOTICE[value] : null, headers };
}
