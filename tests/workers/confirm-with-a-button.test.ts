// The sign-up confirmation link against login CSRF (docs/decisions/0022-confirm-with-a-button.md): opening
// it (a GET) changes nothing; its button (a POST) confirms; only the browser that signed up, which carries
// the cookie the sign-up set, is signed in. Any other browser confirms the address and is asked to log in.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { twoFactorOfferPath } from "~/features/accounts/second-factor/two-factor-offer";
import { MSG } from "~/features/accounts/auth-schemas";
import { newToken } from "~/platform/data/ids";
import { NOTICE } from "~/features/site/messages";
import { newSignupBrowser } from "~/features/accounts/email-confirmation.server";
import { confirmTokenFor, count, PASSWORD, pressConfirm, signupBrowserFrom } from "./auth-fixtures";
import { client, sessionCookieFrom } from "./client";

const signUp = (email: string) =>
  client().post("/api/users/signup", {
    json: { accountType: "unpaid", agency: "false", firstName: "Hana", lastName: "", email, password: PASSWORD },
  });

/** What a confirmation may change: the account's confirmation, the link, sessions and sign-in log rows. */
async function state(email: string) {
  const user = await env.DB.prepare("SELECT id, email_confirmed_at FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: string; email_confirmed_at: number | null }>();
  return {
    confirmedAt: user?.email_confirmed_at ?? null,
    unusedLinks: await count("email_confirmations", "user_id = ? AND used_at IS NULL", user?.id),
    sessions: await count("sessions"),
    logins: await count("security_events", "event IN ('login', 'login_email_confirmed')"),
  };
}

describe("opening the link", () => {
  it("shows a button and changes nothing, in any browser, however often", async () => {
    const browser = signupBrowserFrom(await signUp("open@test.nz"));
    const token = await confirmTokenFor("open@test.nz");
    const before = await state("open@test.nz");
    expect(before).toEqual({ confirmedAt: null, unusedLinks: 1, sessions: 0, logins: 0 });
    for (const cookie of [null, browser, browser]) {
      const res = await client({ cookie }).get(`/confirm-email/${token}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin");
      expect(sessionCookieFrom(res)).toBeNull();
      const html = await res.text();
      expect(html).toContain(MSG.confirmPrompt);
      expect(html).toMatch(/<form method="post"[^>]*aria-label="Confirm your e-mail address"/);
      expect(html).toContain(MSG.confirmButton);
    }
    expect(await state("open@test.nz")).toEqual(before);
    // HEAD, as some link checkers send, changes nothing either.
    expect((await client().send("HEAD", `/confirm-email/${token}`)).status).toBeLessThan(500);
    expect(await state("open@test.nz")).toEqual(before);
  });
});

describe("pressing the button", () => {
  it("in the browser that signed up: confirms, signs in, spends the cookie and goes where the sign-up was going", async () => {
    const browser = signupBrowserFrom(await signUp("own@test.nz"));
    expect(browser).toMatch(/^signup=[A-Za-z0-9_-]{43}$/);
    const token = await confirmTokenFor("own@test.nz");
    const res = await pressConfirm(token, browser);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(twoFactorOfferPath("/dashboard"));
    const session = sessionCookieFrom(res);
    expect(session).not.toBeNull();
    expect(res.headers.getSetCookie().some((c) => /^signup=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    const status = await client({ cookie: session }).get("/api/auth/status");
    expect(((await status.json()) as { email: string }).email).toBe("own@test.nz");
    expect(await state("own@test.nz")).toMatchObject({ confirmedAt: expect.any(Number), unusedLinks: 0, sessions: 1 });
  });

  it("in another browser (no sign-up cookie): confirms the address, signs nobody in, and asks to log in", async () => {
    const signup = await signUp("victim-link@test.nz");
    const token = await confirmTokenFor("victim-link@test.nz");
    // Someone else's browser: the link was sent to them (login CSRF), or opened on another device.
    const res = await pressConfirm(token, "");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/confirm-email/${token}`);
    expect(sessionCookieFrom(res)).toBeNull();
    expect(await state("victim-link@test.nz")).toMatchObject({
      confirmedAt: expect.any(Number),
      unusedLinks: 0,
      sessions: 0,
      logins: 0,
    });
    // Back on the page: the message, once, with a link to log in.
    const flash = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    const shown = await client({ cookie: flash.join("; ") }).get(res.headers.get("Location")!);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(NOTICE.emailConfirmedLogIn);
    expect(html).toContain('href="/login"');
    expect(sessionCookieFrom(shown)).toBeNull();
    // Without the notice the spent link is the usual dead-link page.
    expect((await client().get(`/confirm-email/${token}`)).status).toBe(400);

    // The browser that signed up is too late now: the link is spent. Logging in works, the address is confirmed.
    expect((await pressConfirm(token, signupBrowserFrom(signup))).status).toBe(400);
    const login = await client().post("/api/auth/login", {
      json: { email: "victim-link@test.nz", password: PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it("a made-up cookie, another sign-up's cookie or a production-shaped one signs nobody in", async () => {
    const attacker = signupBrowserFrom(await signUp("attacker@test.nz"));
    await signUp("target@test.nz");
    const token = await confirmTokenFor("target@test.nz");
    for (const cookie of [
      `signup=${newToken()}`,
      attacker,
      attacker.replace(/^signup=/, "__Host-signup="),
      "signup=",
    ]) {
      const res = await pressConfirm(token, cookie);
      expect(sessionCookieFrom(res), cookie).toBeNull();
    }
    expect(await count("sessions")).toBe(0);
  });

  it("the cookie is HttpOnly and SameSite=Lax, and __Host- and Secure outside local development", async () => {
    const local = await newSignupBrowser({ APP_ENV: "development" });
    expect(local.cookie).toMatch(/^signup=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=86400$/);
    const production = await newSignupBrowser({ APP_ENV: "production" });
    expect(production.cookie).toMatch(
      /^__Host-signup=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=86400; Secure$/,
    );
    // Only its hash is stored with the link.
    const res = await signUp("hashed@test.nz");
    const value = signupBrowserFrom(res).slice("signup=".length);
    const { results } = await env.DB.prepare("SELECT browser_hash FROM email_confirmations").all<{
      browser_hash: string;
    }>();
    expect(results).toHaveLength(1);
    expect(results[0].browser_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(results)).not.toContain(value);
  });

  it("a cross-site POST of the button is refused before it confirms anything", async () => {
    await signUp("cross@test.nz");
    const token = await confirmTokenFor("cross@test.nz");
    const res = await client({ origin: "http://localhost" }).post(
      `/confirm-email/${token}`,
      { form: {} },
      { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } },
    );
    expect(res.status).toBe(403);
    expect(await state("cross@test.nz")).toMatchObject({ confirmedAt: null, unusedLinks: 1 });
  });
});
