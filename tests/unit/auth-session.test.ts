import { describe, expect, it } from "vitest";
import {
  AFTER_LOGIN_DEFAULT,
  loginModeFrom,
  loginModeHref,
  loginUrlFor,
  sessionEndFrom,
  safeRedirectTo,
  withoutSessionExpired,
} from "~/features/accounts/auth-redirect";
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  isSessionLive,
  needsTouch,
  sessionExpiry,
  TOUCH_INTERVAL_MS,
} from "~/features/accounts/auth-session";
import {
  clearSessionCookie,
  hasSessionCookie,
  isTokenShape,
  readSessionToken,
  serializeSessionCookie,
  sessionCookieName,
  sha256Hex,
} from "~/platform/http/token-cookie.server";
import { limiterKey } from "~/platform/http/rate-limit.server";
import { initialOf, toPublicUser } from "~/core/session-user";
import { newToken } from "~/platform/data/ids";

describe("session policy", () => {
  const now = 1_800_000_000_000;
  const session = (ageMs: number, idleMs: number) => ({
    createdAt: now - ageMs,
    lastSeenAt: now - idleMs,
    expiresAt: now - ageMs + ABSOLUTE_TIMEOUT_MS,
  });

  it("lives until idle for a week or 30 days old", () => {
    expect(isSessionLive(session(0, 0), now)).toBe(true);
    expect(isSessionLive(session(IDLE_TIMEOUT_MS, IDLE_TIMEOUT_MS - 1), now)).toBe(true);
    expect(isSessionLive(session(IDLE_TIMEOUT_MS, IDLE_TIMEOUT_MS), now)).toBe(false);
    expect(isSessionLive(session(ABSOLUTE_TIMEOUT_MS, 0), now)).toBe(false);
    expect(isSessionLive(session(ABSOLUTE_TIMEOUT_MS - 1, 0), now)).toBe(true);
    expect(sessionExpiry(now)).toBe(now + ABSOLUTE_TIMEOUT_MS);
  });

  it("touches last_seen only every few minutes", () => {
    expect(needsTouch(session(0, TOUCH_INTERVAL_MS - 1), now)).toBe(false);
    expect(needsTouch(session(0, TOUCH_INTERVAL_MS), now)).toBe(true);
  });
});

describe("session cookie", () => {
  const token = newToken();

  it("is HttpOnly, Lax, Path=/, and Secure with the __Host- prefix outside development", () => {
    expect(serializeSessionCookie(token, true, 60)).toBe(
      `__Host-session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure`,
    );
    expect(serializeSessionCookie(token, false, 60)).toBe(
      `session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`,
    );
    expect(clearSessionCookie(false)).toBe("session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(sessionCookieName(true)).toBe("__Host-session");
  });

  it("reads only a token-shaped value under the right name", () => {
    expect(readSessionToken(`age_verified=1; session=${token}`, false)).toBe(token);
    expect(readSessionToken(`__Host-session=${token}`, false)).toBeNull();
    expect(readSessionToken(`__Host-session=${token}`, true)).toBe(token);
    expect(readSessionToken("session=short", false)).toBeNull();
    expect(readSessionToken(`xsession=${token}`, false)).toBeNull();
    expect(readSessionToken(null, false)).toBeNull();
    expect(hasSessionCookie("session=short", false)).toBe(true);
    expect(hasSessionCookie("session=", false)).toBe(false);
    expect(hasSessionCookie("age_verified=1", false)).toBe(false);
  });

  it("tokens have 43 URL-safe characters and hash to 64 hex digits", async () => {
    expect(isTokenShape(token)).toBe(true);
    expect(isTokenShape(`${token}=`)).toBe(false);
    expect(isTokenShape(42)).toBe(false);
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("keys the rate limiter by action and client address", () => {
    expect(limiterKey("login", new Headers({ "CF-Connecting-IP": "203.0.113.9" }))).toBe("login:203.0.113.9");
    expect(limiterKey("reset", new Headers())).toBe("reset:unknown");
  });
});

describe("redirects", () => {
  it("follows same-site paths only", () => {
    expect(safeRedirectTo("/profile/edit/abc?x=1#top")).toBe("/profile/edit/abc?x=1#top");
    expect(safeRedirectTo("/")).toBe("/");
    for (const bad of [
      null,
      5,
      "",
      "dashboard",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/a\nb",
      "https://evil.example",
      "javascript:alert(1)",
      `/${"x".repeat(2001)}`,
    ]) {
      expect(safeRedirectTo(bad), String(bad)).toBe(AFTER_LOGIN_DEFAULT);
    }
  });

  it("never loops back to the login page", () => {
    expect(safeRedirectTo("/login?action=signup")).toBe(AFTER_LOGIN_DEFAULT);
    expect(safeRedirectTo("/login/abc")).toBe(AFTER_LOGIN_DEFAULT);
    expect(safeRedirectTo("/logout")).toBe(AFTER_LOGIN_DEFAULT);
  });

  it("builds the login URL for a protected page", () => {
    expect(loginUrlFor("https://site.nz/profile/edit/x1?tab=2")).toBe(
      "/login?redirectTo=%2Fprofile%2Fedit%2Fx1%3Ftab%3D2",
    );
    expect(loginUrlFor("https://site.nz/managesub", { sessionExpired: true })).toBe(
      "/login?sessionExpired=true&redirectTo=%2Fmanagesub",
    );
    expect(loginUrlFor("https://site.nz/dashboard?_routes=routes%2Fdashboard")).toBe("/login?redirectTo=%2Fdashboard");
    // A session ended by a password change says so.
    const changed = loginUrlFor("https://site.nz/dashboard", { sessionExpired: true, passwordChanged: true });
    expect(changed).toBe("/login?sessionExpired=password&redirectTo=%2Fdashboard");
    expect(sessionEndFrom(new URL(changed, "https://site.nz").searchParams)).toBe("password");
    expect(sessionEndFrom(new URLSearchParams("sessionExpired=true"))).toBe("expired");
    expect(sessionEndFrom(new URLSearchParams("sessionExpired=nonsense"))).toBeNull();
  });

  it("reads the mode and builds links that keep redirectTo", () => {
    expect(loginModeFrom(new URLSearchParams("action=signup"))).toBe("signup");
    expect(loginModeFrom(new URLSearchParams("action=reset"))).toBe("reset");
    expect(loginModeFrom(new URLSearchParams("action=other"))).toBe("login");
    expect(loginModeHref("signup", "/dashboard")).toBe("/login?action=signup&redirectTo=%2Fdashboard");
    expect(loginModeHref("login", null)).toBe("/login");
  });

  it("drops sessionExpired from the address bar", () => {
    expect(withoutSessionExpired("http://x.nz/login?sessionExpired=true")).toBe("/login");
    expect(withoutSessionExpired("http://x.nz/login?sessionExpired=true&redirectTo=%2Fdashboard")).toBe(
      "/login?redirectTo=%2Fdashboard",
    );
  });
});

describe("public user", () => {
  it("never carries the e-mail", () => {
    const pub = toPublicUser({
      id: "u1",
      email: "a@b.nz",
      firstName: "Ana",
      accountType: "unpaid",
      agency: false,
      isAdmin: false,
    });
    expect(pub).toEqual({ id: "u1", firstName: "Ana", accountType: "unpaid", agency: false, isAdmin: false });
  });

  it("has an initial for the avatar", () => {
    expect(initialOf(" ana")).toBe("A");
    expect(initialOf("")).toBe("?");
  });
});
